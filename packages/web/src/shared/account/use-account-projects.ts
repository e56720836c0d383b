// The caller's projects: GET /api/v1/accounts/me/projects (accounts-and-api §7 "Projects and reports";
// the default account's projects for anonymous visitors).
import { useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'

/** Everyone's public projects (the anonymous home page, issue 14 "Navigation"). */
export function usePublicProjects(enabled: boolean) {
  return useQuery({
    queryKey: ['public-projects'],
    queryFn: () => sdk.call('publicProjects'),
    enabled,
    refetchOnMount: 'always',
  })
}

export function useAccountProjects() {
  return useQuery({
    queryKey: ['account-projects', 'me'],
    queryFn: () => sdk.call('accountProjects', { params: { id: 'me' } }),
    // Projects arrive from outside the page (an upload by API, a CI build): opening the list asks again
    // instead of showing the copy of up to 30 s ago (issue 14: the upload appears on the Projects page).
    refetchOnMount: 'always',
  })
}

/** The newest report of a branch as a history entry (limit 1), for score badges in lists. */
export function useLatestScores(projectId: string, branch: string | undefined) {
  return useQuery({
    queryKey: ['history', projectId, branch ?? null, 1],
    queryFn: () => sdk.call('reportHistory', { params: { projectId }, query: { limit: 1, branch } }),
    enabled: branch !== undefined,
    select: (entries) => entries[0] ?? null,
  })
}
