// Server state of exclusions and recompute (report-page §7: GET/POST/DELETE /api/v2/exclusions,
// POST /api/v1/reports/{pid}/full; §4 "Recompute": the button glows when exclusions changed).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'

export function useExclusions(projectId: string, branch: string) {
  return useQuery({
    queryKey: ['exclusions', projectId, branch],
    queryFn: () => sdk.call('exclusionsList', { params: { projectId, branch }, query: { expanded: 'true' } }),
  })
}

/** Polled while a recompute runs, or while the page waits for the one it asked for. */
export function useRecomputeState(projectId: string, branch: string, enabled: boolean, awaiting: boolean) {
  return useQuery({
    queryKey: ['recompute-state', projectId, branch],
    queryFn: () => sdk.call('reportRecomputeState', { params: { projectId }, query: { branch } }),
    enabled,
    refetchInterval: (query) => (awaiting || query.state.data?.running ? 1_000 : false),
  })
}

export function useExclusionMutations(projectId: string, branch: string, creatorUuid: string | null) {
  const client = useQueryClient()
  const settle = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['exclusions', projectId, branch] }),
      client.invalidateQueries({ queryKey: ['recompute-state', projectId, branch] }),
    ])
  const create = useMutation({
    // Several entries are sent one after another (§4 "these are sent one after another").
    mutationFn: async (contents: string[]) => {
      for (const content of contents)
        await sdk.call('exclusionsCreate', { params: { projectId, branch }, body: { creatorUuid, content } })
    },
    onSettled: settle,
  })
  const remove = useMutation({
    mutationFn: (exclusionId: string) =>
      sdk.call('exclusionsDelete', { params: { projectId, branch, exclusionId } }),
    onSettled: settle,
  })
  const recompute = useMutation({
    mutationFn: () => sdk.call('reportRecompute', { params: { projectId }, query: { branch } }),
    onSettled: settle,
  })
  return { create, remove, recompute }
}
