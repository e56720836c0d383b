// Server state of the findings table (issue 19): the rows of the report shown, bulk triage (then the
// rows, the exclusions and the recompute state reload), and the CSV of the rows shown from the server.
// Issue 19 acceptance 4: the report page opened on the table asks for the rows beside the report
// (`prefetchFindings`) and shows the table from them before the report document is there
// (`useFindingsReport`); the rows come column by column and are decoded once.
import {
  type FindingAnalysisInput,
  type FindingColumn,
  type FindingRef,
  type FindingRowDto,
  findingRowsOf,
  type Project,
} from '@sextant/contract'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'
import { inKeyOrder } from './findings-model'

export interface FindingsData {
  reportUuid: string
  hasPrevious: boolean
  rows: FindingRowDto[]
}

async function loadFindings(projectId: string, branch: string, reportUuid: string | undefined) {
  const answer = await sdk.call('findingsList', { params: { projectId, branch }, query: { reportUuid } })
  // in key order (the server sends them so): the order the table's sort keeps among equal values
  const rows = inKeyOrder(findingRowsOf(answer))
  return { reportUuid: answer.reportUuid, hasPrevious: answer.hasPrevious, rows }
}

const findingsKey = (projectId: string, branch: string, reportUuid: string) => [
  'findings',
  projectId,
  branch,
  reportUuid,
]

/** The report whose findings the table shows, and whether the caller may triage them (report-page §6). */
export interface FindingsScope {
  project: Project
  branch: string
  reportUuid: string
  canAct: boolean
}

const latestKey = (projectId: string, branch: string) => ['findings', projectId, branch, 'latest']

/**
 * The latest report's rows of a branch, asked for by project and branch before the report's uuid is
 * known: the answer is also kept under its report's uuid, where the table's own query finds it (within
 * the client's staleTime, so an older answer is asked for again). A newer report that landed between this
 * request and the report's has another uuid: the table then asks for its own report's rows.
 */
function latestFindingsQuery(client: QueryClient, projectId: string, branch: string) {
  return {
    queryKey: latestKey(projectId, branch),
    queryFn: async () => {
      const data = await loadFindings(projectId, branch, undefined)
      client.setQueryData(findingsKey(projectId, branch, data.reportUuid), data)
      return data
    },
  }
}

/** The rows the report page shows first: the latest report's of the branch, or reportUuid's. */
function firstFindingsQuery(
  client: QueryClient,
  projectId: string,
  branch: string,
  reportUuid: string | null,
) {
  if (!reportUuid) return latestFindingsQuery(client, projectId, branch)
  return {
    queryKey: findingsKey(projectId, branch, reportUuid),
    queryFn: () => loadFindings(projectId, branch, reportUuid),
  }
}

/** How long the report waits for a frame after the rows (a hidden tab paints no frame). */
const PAINT_WAIT_MS = 200

/**
 * Loads the rows the report page opened on the table shows first, and resolves once they are there (or
 * failed) and a frame has painted them: the page loads the report document only then, so parsing 14 MB
 * of it does not hold the table back (issue 19 acceptance 4).
 */
export async function loadFindingsFirst(
  client: QueryClient,
  projectId: string,
  branch: string,
  reportUuid: string | null,
) {
  await client.fetchQuery(firstFindingsQuery(client, projectId, branch, reportUuid)).catch(() => null)
  await new Promise((painted) => {
    requestAnimationFrame(() => setTimeout(painted, 0))
    setTimeout(painted, PAINT_WAIT_MS)
  })
}

/**
 * The uuid of the report whose rows are loaded (the one asked for, or the branch's latest once its rows
 * are there), null until then: the report page opened on the table shows the table from it while the
 * report document itself still loads.
 */
export function useFindingsReport(projectId: string, branch: string, reportUuid: string | null) {
  const client = useQueryClient()
  const latest = useQuery({ ...latestFindingsQuery(client, projectId, branch), enabled: reportUuid === null })
  return reportUuid ?? latest.data?.reportUuid ?? null
}

export function useFindings(projectId: string, branch: string, reportUuid: string) {
  const client = useQueryClient()
  return useQuery({
    queryKey: findingsKey(projectId, branch, reportUuid),
    queryFn: async () => {
      // the branch's latest rows still on their way (prefetchFindings) are these rows, most likely
      if (client.getQueryState(latestKey(projectId, branch))?.fetchStatus === 'fetching') {
        const latest = await client
          .fetchQuery(latestFindingsQuery(client, projectId, branch))
          .catch(() => null)
        if (latest?.reportUuid === reportUuid) return latest
      }
      return loadFindings(projectId, branch, reportUuid)
    },
  })
}

export interface TriageInput {
  keys: FindingRef[]
  analysis: FindingAnalysisInput
}

export function useTriage(projectId: string, branch: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ keys, analysis }: TriageInput) =>
      sdk.call('triageSet', {
        params: { projectId, branch },
        body: { findings: keys, analysis },
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['findings', projectId, branch] }),
        client.invalidateQueries({ queryKey: ['exclusions', projectId, branch] }),
        client.invalidateQueries({ queryKey: ['recompute-state', projectId, branch] }),
      ]),
  })
}

export function fetchFindingsCsv(
  projectId: string,
  branch: string,
  reportUuid: string,
  columns: FindingColumn[],
  keys: string[],
) {
  return sdk.call('findingsCsv', { params: { projectId, branch }, body: { reportUuid, columns, keys } })
}
