// The latest report of a branch for the companion pages (report-page §2 Routes: tree, vulnerability
// and component pages opened with pid and branch), through the SDK (§7 GET /api/v1/reports/{pid}/full).
import { useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'

export function useBranchReport(pid: string, branch: string) {
  return useQuery({
    queryKey: ['report', pid, `latest:${branch}`],
    queryFn: () =>
      sdk.call('reportLatest', { params: { projectId: pid }, query: { branch, includes: 'prs' } }),
    enabled: pid !== '' && branch !== '',
  })
}
