// The report page at /projects/?pid=…&branch=… (report-page §2): sign-in gate, spinner while loading,
// title row, then either a status panel (§4) or the report; the loading modal while another report of the
// project (history, branch) loads over the one shown. Without a pid it goes to the project list.
import { Stack } from '@mantine/core'
import type { HistoryEntry, Project, ReportOutline } from '@sextant/contract'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { Navigate, useSearchParams } from 'react-router-dom'
import { loadFindingsFirst } from '../../features/findings/use-findings'
import { ReportBanner } from '../../features/report/report-banners'
import { ReportTitleRow } from '../../features/report/report-title-row'
import { projectQuery, reportQuery, useReportData } from '../../features/report/use-report-data'
import { useReportSections } from '../../features/report/use-report-sections'
import { useLingering } from '../../lib/use-lingering'
import { reportAccess } from '../../shared/report/report-access'
import {
  ReportContext,
  type ReportContextValue,
  ReportStaticContext,
  type ReportStaticValue,
} from '../../shared/report/report-context'
import { initialFilters } from '../../shared/report/report-filters'
import { sectionShowable } from '../../shared/report/report-sections'
import { componentsPerLanguage } from '../../shared/report/report-summary'
import { parseReportParams, type ReportParams } from '../../shared/report/report-url'
import { SignInGate } from '../../shared/session/sign-in-gate'
import { useSession } from '../../shared/session/use-session'
import { BusyModal } from '../../ui/busy-modal'
import { PageLoader } from '../../ui/page-loader'
import { InlineNotice } from '../../ui/status-panel'
import { ReportActions } from './report-actions'
import { TableFirst } from './table-first'

/**
 * The report's sections in their own chunk (issue 19 acceptance 4): the page opened on the findings table
 * shows the table without evaluating them; the chunk is asked for as the page opens (after the table's
 * rows when it opens on the table), so it is there by the time the report document is.
 */
const loadReportBody = () => import('./report-body')
const ReportBody = lazy(() => loadReportBody().then((m) => ({ default: m.ReportBody })))

/** §9: the loading modal hides 500 ms after the report it waited for is there. */
const LOADING_MODAL_HIDE_MS = 500

interface ProvideProps {
  outline: ReportOutline
  project: Project
  branch: string
  history: HistoryEntry[]
  params: ReportParams
  children: ReactNode
}

/**
 * Shares the report (its outline with the sections read so far, issue 20), the caller's access (§6) and
 * the summary filters with every section.
 */
function ReportProvider({ outline, project, branch, history, params, children }: ProvideProps) {
  const { status, account, user } = useSession()
  const { report, loaded, request } = useReportSections(project.uuid, outline)
  const languages = useMemo(() => componentsPerLanguage(report).map((l) => l.language), [report])
  const [filters, setFilters] = useState(() => initialFilters(languages))
  const access = useMemo(
    () =>
      reportAccess({
        account,
        signedIn: status === 'authenticated',
        project,
        mode: params.mode,
        latest: params.reportUuid === null,
        reportError: false,
        member: user ? { role: user.membership.role, sysadmin: user.sysadmin } : null,
      }),
    [account, status, project, params.mode, params.reportUuid, user],
  )
  const creatorUuid = user?.uuid ?? null
  const fixed = useMemo<ReportStaticValue>(
    () => ({ project, branch, access, creatorUuid, reportUuid: outline.uuid, jiraInfo: outline.jiraInfo }),
    [project, branch, access, creatorUuid, outline.uuid, outline.jiraInfo],
  )
  const value = useMemo<ReportContextValue>(
    () => ({
      report,
      project,
      branch,
      history,
      filters,
      setFilters,
      creatorUuid,
      sections: {
        request,
        showable: (section) => sectionShowable(section, outline, loaded, filters.issuesOnly),
      },
      access,
    }),
    [report, outline, loaded, request, project, branch, history, filters, creatorUuid, access],
  )
  return (
    <ReportStaticContext.Provider value={fixed}>
      <ReportContext.Provider value={value}>{children}</ReportContext.Provider>
    </ReportStaticContext.Provider>
  )
}

function ReportContent({ params, rowsFirst }: { params: ReportParams; rowsFirst: Promise<void> | null }) {
  const { view, project, branch, history, outline, switching } = useReportData(params, rowsFirst)
  const loadingModal = useLingering(switching, LOADING_MODAL_HIDE_MS)
  const [search] = useSearchParams()
  if (view.kind === 'loading') {
    // opened on the findings table: the table from its own rows while the report itself loads (issue 19)
    if (project && branch && search.get('view') === 'table')
      return <TableFirst project={project} branch={branch} reportUuid={params.reportUuid} history={history} />
    return <PageLoader label="Loading the report…" />
  }
  return (
    <Stack gap="lg">
      <BusyModal opened={loadingModal} label="Loading the report…" kind="loading" />
      {params.live ? (
        <InlineNotice title="THANK YOU FOR USING THE LIVE SCANNER" tone="info" testId="live-banner">
          Your scan has been received. Bookmark this page to come back to the report.
        </InlineNotice>
      ) : null}
      {view.kind === 'report' && project && outline ? (
        <ReportProvider
          key={outline.uuid}
          outline={outline}
          project={project}
          branch={branch ?? view.report.project.branch}
          history={history}
          params={params}
        >
          <Stack gap="lg">
            <ReportTitleRow
              project={project}
              branch={branch}
              reportUuid={params.reportUuid}
              history={history}
              actions={<ReportActions mode={params.mode} />}
            />
            <Suspense fallback={<PageLoader label="Loading the report…" />}>
              <ReportBody
                report={view.report}
                partial={view.partial}
                refreshing={view.refreshing}
                lastFailure={view.lastFailure}
              />
            </Suspense>
          </Stack>
        </ReportProvider>
      ) : project ? (
        <ReportTitleRow project={project} branch={branch} reportUuid={params.reportUuid} history={history} />
      ) : null}
      {view.kind === 'report' ? null : (
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
  const client = useQueryClient()
  // the project and the report start loading while the session is still being checked (DESIGN §8 budget);
  // opened on the findings table, its rows first and the report document once they are shown (issue 19
  // acceptance 4)
  const [rowsFirst] = useState(() => {
    if (!params.pid) return null
    void client.prefetchQuery(projectQuery(params.pid))
    const rows =
      params.branch && search.get('view') === 'table'
        ? loadFindingsFirst(client, params.pid, params.branch, params.reportUuid)
        : null
    if (params.branch || params.reportUuid)
      void client.prefetchQuery(reportQuery(params.pid, params.branch, params.reportUuid, rows))
    void (rows ?? Promise.resolve()).then(loadReportBody).catch(() => null)
    return rows
  })
  if (!params.pid)
    return <Navigate to={`/projects.html${search.size ? `?${search.toString()}` : ''}`} replace />
  return (
    <SignInGate>
      <ReportContent key={params.pid} params={params} rowsFirst={rowsFirst} />
    </SignInGate>
  )
}
