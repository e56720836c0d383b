// 'Recompute Report' (report-page §2 title row, §4 "Recompute", §6): hidden unless the caller may act
// on the latest report; glows when exclusions changed since the report was built, with the notice that
// scores may not be up to date. A finished recompute reloads the report and the history.
import { Button } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useExclusionMutations, useRecomputeState } from '../../shared/exclusions/use-exclusions'
import { useReportContext } from '../../shared/report/report-context'
import { InlineNotice } from '../../ui/status-panel'

export function RecomputeButton() {
  const { report, project, branch, access, creatorUuid } = useReportContext()
  const [awaiting, setAwaiting] = useState(false)
  const state = useRecomputeState(project.uuid, branch, access.canAct, awaiting)
  const { recompute } = useExclusionMutations(project.uuid, branch, creatorUuid)
  const client = useQueryClient()
  const running = state.data?.running ?? false
  const newest = state.data?.reportUuid ?? null
  // a finished recompute shows as a newer latest report: reload the report and the history
  useEffect(() => {
    if (!access.latest || !newest || newest === report.uuid || running) return
    setAwaiting(false)
    void client.invalidateQueries({ queryKey: ['report', project.uuid] })
    void client.invalidateQueries({ queryKey: ['history', project.uuid] })
  }, [newest, running, report.uuid, access.latest, client, project.uuid])
  if (!access.canAct) return null
  const glowing = state.data?.areExclusionsDifferent ?? false
  return (
    <Button
      size="sm"
      variant={glowing ? 'filled' : 'default'}
      className={glowing ? 'glow' : undefined}
      loading={recompute.isPending || running || awaiting}
      onClick={() => recompute.mutate(undefined, { onSuccess: () => setAwaiting(true) })}
      data-testid="recompute-button"
      data-glowing={glowing}
    >
      Recompute Report
    </Button>
  )
}

export function RecomputeNotice() {
  const { project, branch, access } = useReportContext()
  const state = useRecomputeState(project.uuid, branch, access.canAct, false)
  if (!access.canAct || !state.data?.areExclusionsDifferent) return null
  return (
    <InlineNotice title="THE SCORES MAY NOT BE UP TO DATE" tone="warning" testId="recompute-notice">
      Exclusions changed since this report was built. The changes are not persisted in the report until you
      recompute it with 'Recompute Report'.
    </InlineNotice>
  )
}
