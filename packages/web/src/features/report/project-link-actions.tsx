// The external project link and 'Refresh Report' of the title row (report-page §2, §6, §7 POST
// /api/v1/pull-server/projects/{id}): hidden until the reachability check passes; Refresh only for
// callers who may act, on the latest report of a code-hosting-service project.
import { Anchor, Button } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'
import { useReportContext } from '../../shared/report/report-context'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { checkableHost, isCodeHost, reachable } from './project-link'

export function ProjectLinkActions() {
  const { project, branch, access } = useReportContext()
  const url = project.url
  const client = useQueryClient()
  const { showAlert } = useAlerts()
  const check = useQuery({
    queryKey: ['reachable', url],
    queryFn: () => reachable(url ?? ''),
    enabled: checkableHost(url),
    staleTime: Number.POSITIVE_INFINITY,
  })
  const refresh = useMutation({
    mutationFn: () => sdk.call('projectRefresh', { params: { id: project.uuid }, query: { branch } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['project', project.uuid] }),
    onError: (error) => showAlert('error', error.message),
  })
  if (!url || check.data !== true) return null
  return (
    <>
      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" data-testid="project-link">
        Project source
      </Anchor>
      {access.canAct && isCodeHost(url) ? (
        <Button
          size="sm"
          variant="default"
          loading={refresh.isPending}
          onClick={() => refresh.mutate()}
          data-testid="refresh-report"
        >
          Refresh Report
        </Button>
      ) : null}
    </>
  )
}
