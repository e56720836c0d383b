// Pure rules of /dashboard (issue 8 "Companion pages": projects by outcome, score trends, the most
// widespread vulnerable components): the period choices, the outcome and severity slices, and the
// account's average scores after each report (each branch counted with its latest report at that time).
import type { ReportsOverview, SecurityMetrics } from '@sextant/contract'
import type { Slice } from '../../ui/charts'

export const PERIODS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'all', label: 'All time' },
] as const
export type Period = (typeof PERIODS)[number]['value']
export const DEFAULT_PERIOD: Period = '30'

export function sinceDaysOf(period: Period): number | undefined {
  return period === 'all' ? undefined : Number(period)
}

export function outcomeSlices(overview: ReportsOverview): Slice[] {
  return [
    { label: 'Pass', value: overview.outcomes.PASS, color: '#40c057' },
    { label: 'Fail', value: overview.outcomes.FAIL, color: '#fa5252' },
    { label: 'Undeclared', value: overview.outcomes.UNDECLARED, color: '#adb5bd' },
  ]
}

export function severitySlices(metrics: SecurityMetrics): Slice[] {
  const v = metrics.vulnerabilities
  return [
    { label: 'Critical', value: v.CRITICAL, color: '#c92a2a' },
    { label: 'High', value: v.HIGH, color: '#fa5252' },
    { label: 'Medium', value: v.MEDIUM, color: '#fd7e14' },
    { label: 'Low', value: v.LOW, color: '#fcc419' },
  ]
}

export interface TrendPoint {
  at: string
  /** Mean over the branches with a score; `null` when none has one (not assessed: no point, never 100). */
  security: number | null
  stability: number | null
  licensing: number | null
  /** Branches with a report at that time. */
  branches: number
}

const mean = (all: (number | null)[]) => {
  const values = all.filter((v) => v !== null)
  return values.length === 0
    ? null
    : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10
}

/**
 * The account's average scores after each report of the period, oldest first: at every report time,
 * each branch counts with its newest report up to then. At most `maxPoints` (the newest).
 */
export function accountTrend(reports: ReportsOverview['reports'], maxPoints = 60): TrendPoint[] {
  const branches = reports.map((r) => r.trend)
  const times = [...new Set(branches.flat().map((p) => p.createdAt))].sort().slice(-maxPoints)
  return times.map((at) => {
    const current = branches
      .map((points) => points.filter((p) => p.createdAt <= at).at(-1))
      .filter((p) => p !== undefined)
    return {
      at,
      security: mean(current.map((p) => p.security)),
      stability: mean(current.map((p) => p.stability)),
      licensing: mean(current.map((p) => p.licensing)),
      branches: current.length,
    }
  })
}

/** A score against its threshold: the colour of its badge; grey for "n/a" (not assessed whole). */
export function scoreTone(score: number | null, threshold: number): 'green' | 'red' | 'gray' {
  if (score === null) return 'gray'
  return score >= threshold ? 'green' : 'red'
}

export interface MetricView {
  value: string
  tone: 'good' | 'warn' | 'bad' | 'muted'
  caption: string
}

/**
 * The two security cards (vulnerable components; critical and high). A branch whose security was not
 * assessed whole found nothing because nothing was looked at: its zero is not green (issue 14 "Unknown is
 * not 100"). When no branch was assessed the figures read "n/a".
 */
export function securityCards(metrics: SecurityMetrics): { vulnerable: MetricView; severe: MetricView } {
  const severe = metrics.vulnerabilities.CRITICAL + metrics.vulnerabilities.HIGH
  const none = metrics.branches > 0 && metrics.notAssessed === metrics.branches
  const unassessed = `${metrics.notAssessed} of ${metrics.branches} ${metrics.branches === 1 ? 'branch' : 'branches'} not assessed for security`
  // the card's own caption, then the branches not assessed; only those when none was
  const caption = (own: string) =>
    none ? unassessed : metrics.notAssessed > 0 ? `${own}; ${unassessed}` : own
  // a finding is a finding; no finding is good news only where everything was looked at
  const tone = (n: number, found: MetricView['tone']): MetricView['tone'] => {
    if (none) return 'muted'
    if (n > 0) return found
    return metrics.notAssessed > 0 ? 'warn' : 'good'
  }
  return {
    vulnerable: {
      value: none ? 'n/a' : String(metrics.vulnerableComponents),
      tone: tone(metrics.vulnerableComponents, 'warn'),
      caption: caption(
        `component versions with advisories, of ${metrics.components.toLocaleString('en-US')}`,
      ),
    },
    severe: {
      value: none ? 'n/a' : String(severe),
      tone: tone(severe, 'bad'),
      caption: caption(
        metrics.exploited > 0
          ? `${metrics.exploited} known to be exploited`
          : 'advisories, none known exploited',
      ),
    },
  }
}
