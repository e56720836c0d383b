// The gauges one report becomes in Datadog (issue 17 "Metrics integration"): the three scores, findings
// by severity, KEV findings, outdated components, licence violations and the outcome as 1 (pass) or 0
// (fail), tagged project, branch, account and team. Never fail open: what the report could not assess
// is not sent (no score of a domain not assessed, no zero counts for it, no outcome without a gate),
// so a dashboard shows a gap instead of a good figure. Pure: the caller passes the time.
import type { DatadogMetric } from '@sextant/contract'
import { type ReportDocument, reportTotals } from '@sextant/engine'

/** One gauge point in Datadog's v2 series shape (type 3 = gauge). */
export interface Series {
  metric: DatadogMetric
  type: 3
  points: { timestamp: number; value: number }[]
  tags: string[]
}

export interface SeriesSource {
  project: string
  branch: string
  account: string
  team: string | null
}

/**
 * A tag value as Datadog keeps it (Datadog "Getting started with tags"): lower case; letters, digits,
 * '_', '-', ':', '.', '/' kept, anything else becomes '_'; at most 200 characters in all.
 */
export function tagOf(key: string, value: string): string {
  const clean = value.toLowerCase().replace(/[^\p{L}\p{N}_\-:./]/gu, '_')
  return `${key}:${clean}`.slice(0, 200)
}

export function tagsOf(source: SeriesSource): string[] {
  return [
    tagOf('project', source.project),
    tagOf('branch', source.branch),
    tagOf('account', source.account),
    ...(source.team ? [tagOf('team', source.team)] : []),
  ]
}

type Report = Pick<ReportDocument, 'summary' | 'security' | 'stability' | 'licensing' | 'outcome'>

/** The series of one report at `timestamp` (seconds since the epoch). */
export function reportSeries(report: Report, source: SeriesSource, timestamp: number): Series[] {
  const tags = tagsOf(source)
  const out: Series[] = []
  const gauge = (metric: DatadogMetric, value: number) =>
    out.push({ metric, type: 3, points: [{ timestamp, value }], tags })
  const totals = reportTotals(report, 'all')
  if (report.security.score !== null) gauge('sextant.score.security', report.security.score)
  if (report.stability.score !== null) gauge('sextant.score.stability', report.stability.score)
  if (report.licensing.score !== null) gauge('sextant.score.licensing', report.licensing.score)
  if (totals.security.assessed) {
    gauge('sextant.findings.critical', totals.security.critical)
    gauge('sextant.findings.high', totals.security.high)
    gauge('sextant.findings.medium', totals.security.medium)
    gauge('sextant.findings.low', totals.security.low)
    gauge('sextant.findings.kev', kevFindings(report))
  }
  if (totals.stability.assessed) gauge('sextant.components.outdated', totals.stability.outdated)
  if (totals.licensing.assessed) gauge('sextant.licences.violations', totals.licensing.forbidden)
  if (report.outcome === 'PASS') gauge('sextant.outcome', 1)
  else if (report.outcome === 'FAIL') gauge('sextant.outcome', 0)
  return out
}

/** Findings in CISA's KEV catalogue that no exclusion covers. */
function kevFindings(report: Report): number {
  let n = 0
  for (const assessment of report.security.assessments)
    for (const component of assessment.reports)
      for (const advice of component.advices) if (advice.kevEntry && !(advice.exclusions?.length ?? 0)) n++
  return n
}
