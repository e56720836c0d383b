// The title row's buttons for a displayed report (report-page §2 Title row, §6): 'Show dependencies
// tree' (latest only, with the SBOM view flag; a named window, so re-opening focuses it), the downloads, the badges,
// 'Recompute Report' and 'Make public' / 'Make private'.
import { Button, Group } from '@mantine/core'
import { BadgesButton } from '../badges/badges-dialog'
import { DownloadMenu } from '../downloads/download-menu'
import { RecomputeButton } from '../exclusions/recompute-button'
import { openTreeWindow, treeWindowName, treeWindowUrl } from '../tree/tree-window'
import { ProjectLinkActions } from './project-link-actions'
import { useReportContext } from './report-context'
import { VisibilityButton } from './visibility-button'

export function ReportActions({ mode }: { mode: string | null }) {
  const { project, branch, access } = useReportContext()
  const openTree = () =>
    openTreeWindow(treeWindowUrl(project.uuid, branch, mode), treeWindowName(project.uuid))
  return (
    <Group gap="xs" wrap="wrap" className="report-actions" data-testid="report-actions">
      {access.latest && access.canViewSbom ? (
        <Button size="sm" variant="default" onClick={openTree} data-testid="show-tree">
          Show dependencies tree
        </Button>
      ) : null}
      <ProjectLinkActions />
      <DownloadMenu />
      <BadgesButton />
      <RecomputeButton />
      <VisibilityButton />
    </Group>
  )
}
