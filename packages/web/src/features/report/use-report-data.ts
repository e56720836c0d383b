// Loads what the report page needs through the SDK (report-page §7): the project, the outline of the
// latest report of the branch (or of one historic report by reportUuid; issue 20: the sections' items are
// read by pages as they are shown, use-report-sections.ts) and the history (limit 20, §9); polls every 3 s
// while an analysis of the branch is queued or running (DESIGN §3 "the page polls"). Switching to another
// report of the project keeps the shown one until the new one is there (`switching`: the loading modal).
import type { HistoryEntry, Project, Report, ReportOutline } from '@sextant/contract'
import { isSdkError } from '@sextant/sdk'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { sdk } from '../../lib/sdk'
import type { ReportParams } from '../../shared/report/report-url'
import { useSession } from '../../shared/session/use-session'
import { deriveReportView, type Loaded, REPORT_POLL_MS, type ReportView, shouldPoll } from './report-view'

export const HISTORY_PAGE_SIZE = 20

function toLoaded<T>(query: UseQueryResult<T>): Loaded<T> {
  if (query.data !== undefined) return { state: 'ok', data: query.data }
  if (query.isError) {
    const error = query.error
    return { state: 'error', status: isSdkError(error) ? error.status : 0, message: error.message }
  }
  return { state: 'pending' }
}

export interface ReportData {
  view: ReportView
  project: Project | null
  branch: string | null
  history: HistoryEntry[]
  /** The outline shown (the view's report), with what the section routes need. */
  outline: ReportOutline | null
  /** Another report (history, branch) is loading while the previous one is still shown. */
  switching: boolean
}

export function projectQuery(pid: string) {
  return { queryKey: ['project', pid], queryFn: () => sdk.call('projectGet', { params: { projectId: pid } }) }
}

/** `after`: the report document is asked for once it settles (the page opened on the findings table). */
export function reportQuery(
  pid: string,
  branch: string | null,
  reportUuid: string | null,
  after: Promise<unknown> | null = null,
) {
  return {
    // not the companion pages' key (shared/report/use-branch-report.ts): they read the full report
    queryKey: ['report', pid, 'outline', reportUuid ?? `latest:${branch}`],
    queryFn: async (): Promise<ReportOutline> => {
      await after
      return reportUuid
        ? sdk.call('reportOutlineById', {
            params: { projectId: pid, reportId: reportUuid },
            query: { includes: 'prs' },
          })
        : sdk.call('reportOutline', {
            params: { projectId: pid },
            query: { branch: branch ?? '', includes: 'prs' },
          })
    },
  }
}

export function useReportData(params: ReportParams, after: Promise<unknown> | null = null): ReportData {
  const { status } = useSession()
  const [poll, setPoll] = useState(false)
  const pid = params.pid ?? ''
  const interval = poll ? REPORT_POLL_MS : false

  const projectState = useQuery({
    ...projectQuery(pid),
    enabled: pid !== '',
    refetchInterval: interval,
  })
  const project = projectState.data ?? null
  const branch = params.branch ?? project?.branches[0] ?? null
  const latest = params.reportUuid === null

  const reportState = useQuery<ReportOutline>({
    ...reportQuery(pid, branch, params.reportUuid, after),
    // with the branch in the address the report loads beside the project, not after it
    enabled: pid !== '' && (branch !== null || !latest),
    refetchInterval: interval,
    placeholderData: (previous) => previous,
  })

  const historyQuery = useQuery({
    queryKey: ['history', pid, branch],
    queryFn: () =>
      sdk.call('reportHistory', {
        params: { projectId: pid },
        query: { limit: HISTORY_PAGE_SIZE, branch: branch ?? '' },
      }),
    enabled: pid !== '' && branch !== null,
    refetchInterval: interval,
  })

  // A project without any branch has no report: the spec's "Empty branch: NOT FOUND".
  const report: Loaded<Report> =
    project && branch === null && latest
      ? { state: 'error', status: 404, message: 'NOT FOUND' }
      : toLoaded(reportState)
  const view = deriveReportView({
    project: toLoaded(projectState),
    report,
    branch,
    latest,
    signedIn: status === 'authenticated',
  })
  const nextPoll = shouldPoll(view)
  useEffect(() => setPoll(nextPoll), [nextPoll])

  return {
    view,
    project,
    branch,
    history: historyQuery.data ?? [],
    outline: reportState.data ?? null,
    switching: reportState.isPlaceholderData,
  }
}
