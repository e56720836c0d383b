// The title row's buttons for a displayed report (report-page §2 Title row, §6): 'Show dependencies
// tree' (latest only; a named window, so re-opening focuses it), the downloads and 'Recompute Report'.
import { Button, Group } from '@mantine/core'
import { DownloadMenu } from '../downloads/download-menu'
import { RecomputeButton } from '../exclusions/recompute-button'
import { ProjectLinkActions } from './project-link-actions'
import { useReportContext } from './report-context'

export function treeWindowUrl(pid: string, branch: string, mode: string | null): string {
  const query = new URLSearchParams({ pid, branch })
  if (mode) query.set('mode', mode)
  return `/projects/tree?${query.toString()}`
}

export function ReportActions({ mode }: { mode: string | null }) {
  const { project, branch, access } = useReportContext()
  const openTree = () => {
    const opened = window.open(treeWindowUrl(project.uuid, branch, mode), `sextant-tree-${project.uuid}`)
    opened?.focus()
  }
  return (
    <Group gap="xs" wrap="wrap" data-testid="report-actions">
      {access.latest ? (
        <Button size="sm" variant="default" onClick={openTree} data-testid="show-tree">
          Show dependencies tree
        </Button>
      ) : null}
      <ProjectLinkActions />
      <DownloadMenu />
      <RecomputeButton />
    </Group>
  )
}
