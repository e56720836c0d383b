// The processing page's third use (ours, report-page §2 /processing_request.html; issue 8 "Add project …
// with progress shown until the first report opens"): type=analysis follows the newest analysis of a
// branch after an upload or a repository refresh, then opens the report.
import type { Project } from '@sextant/contract'

export const ANALYSIS_POLL_MS = 1_000

export type AnalysisStep =
  | { kind: 'waiting'; label: string; progress: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string }

export function analysisProgressUrl(input: {
  pid: string
  branch: string
  analysisUuid: string
  source: 'upload' | 'repository'
}): string {
  const query = new URLSearchParams({
    source: input.source,
    type: 'analysis',
    resource: input.analysisUuid,
    pid: input.pid,
    branch: input.branch,
    refreshTimer: String(ANALYSIS_POLL_MS),
    success: 'report',
  })
  return `/processing_request.html?${query.toString()}`
}

/** Where the analysis stands, from the project's newest analysis of the branch. */
export function analysisStep(project: Project, branch: string, analysisUuid: string): AnalysisStep {
  const state =
    project.analyses.find((a) => a.uuid === analysisUuid) ?? project.analyses.find((a) => a.branch === branch)
  if (!state) return { kind: 'waiting', label: 'Waiting for the analysis to be queued', progress: 10 }
  switch (state.status) {
    case 'QUEUED':
      return { kind: 'waiting', label: 'Queued: the analysis starts shortly', progress: 30 }
    case 'RUNNING':
      return {
        kind: 'waiting',
        label: 'Analysing: reading the dependencies, matching advisories, checking versions and licences',
        progress: 65,
      }
    case 'DONE':
      return { kind: 'done' }
    case 'FAILED':
      return { kind: 'failed', message: state.error ?? 'The analysis failed without saying why.' }
  }
}
