// Which security findings of a report are new since the previous report of its branch (issue 16
// "the report page marks findings that are new since the previous report"): the server's stored report
// delta (GET /api/v1/reports/{project}/delta, the same data the alerts are built from; exclusions
// already applied). A report without a previous one, or stored before deltas existed (404), marks nothing.
import { Badge } from '@mantine/core'
import { isSdkError } from '@sextant/sdk'
import { useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'
import { newFindingKeys } from '../../shared/report/security-model'

const NONE: ReadonlySet<string> = new Set()

/** One request per report (reports are immutable), shared by every card through the query cache. */
export function useNewFindings(projectUuid: string, reportUuid: string): ReadonlySet<string> {
  const delta = useQuery({
    queryKey: ['report-delta', projectUuid, reportUuid],
    queryFn: async () => {
      try {
        return await sdk.call('reportDelta', { params: { projectId: projectUuid }, query: { reportUuid } })
      } catch (error) {
        if (isSdkError(error) && error.status === 404) return null
        throw error
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  return delta.data ? newFindingKeys(delta.data) : NONE
}

/** The marker of a finding new since the previous report. */
export function NewBadge() {
  return (
    <Badge size="sm" title="New since the previous report" data-testid="finding-new">
      New
    </Badge>
  )
}
