// The title row's buttons for a displayed report (report-page §2 Title row, §6): 'Show dependencies
// tree' (latest only, with the SBOM view flag; a named window, so re-opening focuses it), the downloads, the badges,
// 'Recompute Report' and 'Make public' / 'Make private'.
import { Button, Group } from '@mantine/core'
import { BadgesButton } from '../../features/badges/badges-dialog'
import { DownloadMenu } from '../../features/downloads/download-menu'
import { RecomputeButton } from '../../features/exclusions/recompute-button'
import { ProjectLinkActions } from '../../features/report/project-link-actions'
import { VisibilityButton } from '../../features/report/visibility-button'
import { useReportContext } from '../../shared/report/report-context'
import { openTreeWindow, treeWindowName, treeWindowUrl } from '../../shared/report/tree-window'

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
