// Server state of the findings table (issue 19): the rows of the report shown, bulk triage (then the
// rows, the exclusions and the recompute state reload), and the CSV of the rows shown from the server.
import type { FindingAnalysisInput, FindingColumn, FindingRef } from '@sextant/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'

export function useFindings(projectId: string, branch: string, reportUuid: string) {
  return useQuery({
    queryKey: ['findings', projectId, branch, reportUuid],
    queryFn: () => sdk.call('findingsList', { params: { projectId, branch }, query: { reportUuid } }),
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
