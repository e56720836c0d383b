// Decides what the report page shows from what has loaded (report-page §2 Layout and Banners, §4
// States, §8): spinner, failed-project view, not-ready (polling while an analysis is queued or
// running), unsupported, build failure, the report (with partial and refreshing notices).
import type { AnalysisState, Project, Report } from '@sextant/contract'

export type Loaded<T> =
  | { state: 'pending' }
  | { state: 'error'; status: number; message: string }
  | { state: 'ok'; data: T }

export type ReportView =
  | { kind: 'loading' }
  | { kind: 'login-required' }
  | { kind: 'project-missing' }
  | { kind: 'not-ready'; polling: boolean }
  | { kind: 'failed'; error: string | null }
  | { kind: 'unsupported' }
  | { kind: 'build-error' }
  /** The failed-project view: the project or its report could not be loaded (a server or network failure). */
  | { kind: 'error'; what: 'project' | 'report'; message: string }
  | { kind: 'report'; report: Report; partial: boolean; refreshing: boolean; lastFailure: string | null }

export const REPORT_POLL_MS = 3_000

/** The newest analysis of a branch, by creation time; null when the branch was never analysed. */
export function newestAnalysis(project: Project, branch: string): AnalysisState | null {
  let newest: AnalysisState | null = null
  for (const analysis of project.analyses) {
    if (analysis.branch !== branch) continue
    if (!newest || analysis.createdAt > newest.createdAt) newest = analysis
  }
  return newest
}

function isPending(analysis: AnalysisState | null): boolean {
  return analysis?.status === 'QUEUED' || analysis?.status === 'RUNNING'
}

export function deriveReportView(input: {
  project: Loaded<Project>
  report: Loaded<Report>
  branch: string | null
  latest: boolean
  signedIn: boolean
}): ReportView {
  const { project, report, branch, latest, signedIn } = input
  if (project.state === 'pending') return { kind: 'loading' }
  if (project.state === 'error') {
    if ((project.status === 401 || project.status === 403) && !signedIn) return { kind: 'login-required' }
    if (project.status >= 400 && project.status < 500) return { kind: 'project-missing' }
    return { kind: 'error', what: 'project', message: project.message }
  }
  const analysis = branch ? newestAnalysis(project.data, branch) : null
  if (report.state === 'pending') return { kind: 'loading' }
  if (report.state === 'error') {
    if (report.status !== 404) return { kind: 'error', what: 'report', message: report.message }
    if (latest && isPending(analysis)) return { kind: 'not-ready', polling: true }
    if (latest && analysis?.status === 'FAILED') return { kind: 'failed', error: analysis.error }
    return { kind: 'not-ready', polling: false }
  }
  const doc = report.data
  if (doc.status === 'UNSUPPORTED') return { kind: 'unsupported' }
  if (doc.status === 'ERROR') return { kind: 'build-error' }
  if (doc.status !== 'OK' && doc.status !== 'PARTIAL') return { kind: 'not-ready', polling: false }
  const newerFailed = latest && analysis?.status === 'FAILED' && analysis.createdAt > doc.createdAt
  return {
    kind: 'report',
    report: doc,
    partial: doc.status === 'PARTIAL',
    refreshing: latest && isPending(analysis),
    lastFailure: newerFailed ? (analysis?.error ?? 'The newest analysis failed.') : null,
  }
}

/** Whether the page should ask again in REPORT_POLL_MS. */
export function shouldPoll(view: ReportView): boolean {
  return (view.kind === 'not-ready' && view.polling) || (view.kind === 'report' && view.refreshing)
}
