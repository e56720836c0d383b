// 'Make public' / 'Make private' in the title row (issue 14 "Private by default … unless made public"):
// for members who may change the project, on its latest report in the member view (§6, as Recompute).
// Opening it to the public asks first; the page then reloads the project.
import { Button } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { sdk } from '../../lib/sdk'
import { useReportContext } from '../../shared/report/report-context'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { ConfirmDialog } from '../../ui/confirm-dialog'

export const MAKE_PUBLIC_CONFIRMATION =
  'Anyone will read this project’s reports and exclusions, without their actions (who made an exclusion stays private), and the home page lists it among the public projects. Make it public?'

export function VisibilityButton() {
  const { project, access } = useReportContext()
  const client = useQueryClient()
  const { showAlert } = useAlerts()
  const [asking, setAsking] = useState(false)
  const change = useMutation({
    mutationFn: (isPublic: boolean) =>
      sdk.call('projectVisibility', { params: { projectId: project.uuid }, body: { isPublic } }),
    onSuccess: (changed) => {
      client.setQueryData(['project', project.uuid], changed)
      void client.invalidateQueries({ queryKey: ['account-projects'] })
    },
    onError: (cause) => showAlert('error', cause instanceof Error ? cause.message : String(cause)),
    onSettled: () => setAsking(false),
  })
  if (!access.canAct) return null
  return (
    <>
      <Button
        size="sm"
        variant="default"
        loading={change.isPending}
        onClick={() => (project.isPublic ? change.mutate(false) : setAsking(true))}
        data-testid="visibility-button"
        data-public={project.isPublic}
      >
        {project.isPublic ? 'Make private' : 'Make public'}
      </Button>
      {asking ? (
        <ConfirmDialog
          title="Make the project public?"
          message={MAKE_PUBLIC_CONFIRMATION}
          confirmLabel="Make public"
          busy={change.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => change.mutate(true)}
        />
      ) : null}
    </>
  )
}
