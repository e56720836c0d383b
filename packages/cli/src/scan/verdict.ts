// The verdict of one report (issue 15; product-notes "CLI exit code"): the three scores against their
// minima, a domain not assessed failing its check unless --allow-unassessed, the report URL and
// "Build successful!" / "Build unsuccessful! Failed checks: [security, licensing]".
import {
  type DomainAssessment,
  type GateVerdict,
  gateVerdict,
  type ScoreDomain,
  type ScoreThresholds,
} from '@sextant/engine'

/** The parts of a report (wire or engine shape) the verdict reads. */
export interface VerdictSource {
  thresholds: ScoreThresholds
  security: { score: number | null; assessed: boolean }
  stability: { score: number | null; assessed: boolean }
  licensing: { score: number | null; assessed: boolean }
}

/**
 * What the report says of each domain. The one place that reads "assessed" off a report: a domain with
 * `assessed: false` (or, once reports carry it, no numeric score) is not assessed, whatever its number.
 */
export function domainAssessments(report: VerdictSource): Record<ScoreDomain, DomainAssessment> {
  const of = (s: VerdictSource[ScoreDomain]): DomainAssessment =>
    s.assessed && typeof s.score === 'number'
      ? { score: s.score, assessed: true }
      : { score: null, assessed: false }
  return { security: of(report.security), stability: of(report.stability), licensing: of(report.licensing) }
}

export function reportVerdict(report: VerdictSource, allowUnassessed: boolean): GateVerdict {
  return gateVerdict(domainAssessments(report), report.thresholds, { allowUnassessed })
}

const label: Record<ScoreDomain, string> = {
  security: 'Security',
  stability: 'Stability',
  licensing: 'Licensing',
}

const score = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))

/** The lines a person reads: one per domain, the report URL (online), and the closing sentence. */
export function verdictLines(verdict: GateVerdict, reportUrl: string | null): string[] {
  const lines = verdict.domains.map((d) => {
    const value = d.score === null ? 'not assessed' : score(d.score)
    const check =
      d.check === 'not assessed'
        ? d.fails
          ? 'FAILED (not assessed)'
          : 'allowed (not assessed)'
        : d.check.toUpperCase()
    return `${`${label[d.domain]}:`.padEnd(11)}${value.padEnd(13)}(minimum ${score(d.minimum)})  ${check}`
  })
  if (reportUrl) lines.push(`Report: ${reportUrl}`)
  lines.push(
    verdict.failed.length === 0
      ? 'Build successful!'
      : `Build unsuccessful! Failed checks: [${verdict.failed.join(', ')}]`,
  )
  return lines
}
