// The download buttons of the title row (report-page §2, §6): each item queues an export (era) and
// opens the processing page that waits for it, except the VEX, written at once from the exclusions;
// 'Download Exclusions' (the `.meterian` file) when exclusions exist on the latest report of a non-public
// project.
import { Button, Menu } from '@mantine/core'
import { useNavigate } from 'react-router-dom'
import { saveText } from '../../lib/save-file'
import { sdk } from '../../lib/sdk'
import { useExclusions } from '../../shared/exclusions/use-exclusions'
import { type DownloadItem, downloadItems, fileStem, processingUrl } from '../../shared/report/download-rules'
import { useReportContext } from '../../shared/report/report-context'
import { useAlerts } from '../../ui/alerts/use-alerts'

export function DownloadMenu() {
  const { report, project, branch, access, filters } = useReportContext()
  const exclusions = useExclusions(project.uuid, branch)
  const navigate = useNavigate()
  const { showAlert } = useAlerts()
  const items = downloadItems(access)
  const withExclusions = (exclusions.data?.length ?? 0) > 0 && !project.isPublic && access.latest
  if (items.length === 0 && !withExclusions) return null
  const start = async (item: DownloadItem) => {
    try {
      if (item.format === 'vex') {
        const vex = await sdk.call('exclusionsVex', { params: { projectId: project.uuid, branch } })
        saveText(
          `${fileStem(project.title || project.name, branch)}.vex.cdx.json`,
          JSON.stringify(vex, null, 2),
          'application/vnd.cyclonedx+json',
        )
        return
      }
      const era = await sdk.call('eraCreate', {
        // the page's scope: a download lists what the page shows (issue 14 acceptance 4)
        body: { projectId: project.uuid, branch, format: item.format, scope: filters.scope },
      })
      navigate(
        processingUrl({
          format: item.format,
          eraId: era.id,
          pid: project.uuid,
          branch,
          components: report.summary.components,
        }),
      )
    } catch (cause) {
      showAlert('error', cause instanceof Error ? cause.message : 'The download could not be prepared.')
    }
  }
  const exclusionsFile = async (full: boolean) => {
    const file = await sdk.call('exclusionsFile', {
      params: { projectId: project.uuid, branch },
      query: { full: full ? 'true' : 'false' },
    })
    saveText('.meterian', JSON.stringify(file, null, 2), 'application/json')
  }
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={240}
      withinPortal
      zIndex={400}
      // Mantine's focus placeholder is a focusable role=presentation div, which axe refuses inside role=menu
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button size="sm" variant="default" data-testid="download-menu">
          Download
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.length > 0 ? (
          <Menu.Label data-testid="download-scope">
            {filters.scope === 'prod' ? 'Production dependencies only' : 'All dependencies'}
          </Menu.Label>
        ) : null}
        {items.map((item) => (
          <Menu.Item
            key={item.format}
            onClick={() => void start(item)}
            data-testid={`download-${item.format}`}
          >
            {item.label}
          </Menu.Item>
        ))}
        {withExclusions ? (
          <>
            <Menu.Divider />
            <Menu.Item onClick={() => void exclusionsFile(false)}>Download Exclusions</Menu.Item>
            <Menu.Item onClick={() => void exclusionsFile(true)}>Download Exclusions (full)</Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  )
}
