// Server state of the findings table (issue 19): the rows of the report shown, bulk triage (then the
// rows, the exclusions and the recompute state reload), and the CSV of the rows shown from the server.
// Issue 19 acceptance 4: the report page opened on the table asks for the rows beside the report
// (`prefetchFindings`), not after it has parsed and rendered it; the rows come column by column and are
// decoded once.
import {
  type FindingAnalysisInput,
  type FindingColumn,
  type FindingRef,
  type FindingRowDto,
  findingRowsOf,
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

/**
 * The latest report's rows asked for while the report itself loads, by project and branch (the report's
 * uuid is not known yet); taken once by the table's first query, if it comes within EARLY_USE_MS (an
 * older answer may predate another page's change of an exclusion). A newer report that landed between
 * the two requests has another uuid: the table then asks for its own report's rows.
 */
const early = new Map<string, { at: number; rows: Promise<FindingsData | null> }>()
const EARLY_USE_MS = 30_000

/** Starts loading the rows the report page will show (the latest report of the branch, or reportUuid). */
export function prefetchFindings(
  client: QueryClient,
  projectId: string,
  branch: string,
  reportUuid: string | null,
) {
  if (reportUuid) {
    void client.prefetchQuery({
      queryKey: findingsKey(projectId, branch, reportUuid),
      queryFn: () => loadFindings(projectId, branch, reportUuid),
    })
    return
  }
  const rows = loadFindings(projectId, branch, undefined).catch(() => null)
  early.set(`${projectId}\n${branch}`, { at: Date.now(), rows })
}

export function useFindings(projectId: string, branch: string, reportUuid: string) {
  return useQuery({
    queryKey: findingsKey(projectId, branch, reportUuid),
    queryFn: async () => {
      const started = early.get(`${projectId}\n${branch}`)
      early.delete(`${projectId}\n${branch}`)
      const data = started && Date.now() - started.at < EARLY_USE_MS ? await started.rows : null
      return data?.reportUuid === reportUuid ? data : loadFindings(projectId, branch, reportUuid)
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
