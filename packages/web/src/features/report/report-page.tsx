// The report page at /projects/?pid=…&branch=… (report-page §2): sign-in gate, spinner while loading,
// title row, then either a status panel (§4) or the report. Without a pid it goes to the project list.
import { Stack } from '@mantine/core'
import { Navigate, useSearchParams } from 'react-router-dom'
import { PageLoader } from '../../ui/page-loader'
import { InlineNotice } from '../../ui/status-panel'
import { SignInGate } from '../auth/sign-in-gate'
import { ReportBanner } from './report-banners'
import { ReportBody } from './report-body'
import { ReportTitleRow } from './report-title-row'
import { parseReportParams, type ReportParams } from './report-url'
import { useReportData } from './use-report-data'

function ReportContent({ params }: { params: ReportParams }) {
  const { view, project, branch, history } = useReportData(params)
  if (view.kind === 'loading') return <PageLoader label="Loading the report…" />
  return (
    <Stack gap="lg">
      {params.live ? (
        <InlineNotice title="THANK YOU FOR USING THE LIVE SCANNER" tone="info" testId="live-banner">
          Your scan has been received. Bookmark this page to come back to the report.
        </InlineNotice>
      ) : null}
      {project ? (
        <ReportTitleRow project={project} branch={branch} reportUuid={params.reportUuid} history={history} />
      ) : null}
      {view.kind === 'report' ? (
        <ReportBody
          report={view.report}
          partial={view.partial}
          refreshing={view.refreshing}
          lastFailure={view.lastFailure}
        />
      ) : (
        <ReportBanner
          view={view}
          unknownBranch={project && branch && !project.branches.includes(branch) ? branch : null}
        />
      )}
    </Stack>
  )
}

export function ReportPage() {
  const [search] = useSearchParams()
  const params = parseReportParams(search)
  if (!params.pid)
    return <Navigate to={`/projects.html${search.size ? `?${search.toString()}` : ''}`} replace />
  return (
    <SignInGate>
      <ReportContent key={params.pid} params={params} />
    </SignInGate>
  )
}
