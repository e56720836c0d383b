// The verdict of one report (issue 15; product-notes "CLI exit code"): the three scores against their
// minima, a domain not assessed failing its check unless --allow-unassessed, the report URL and
// "Build successful!" / "Build unsuccessful! Failed checks: [security, licensing]".
import {
  type DomainAssessment,
  type GateVerdict,
  gateScore,
  gateVerdict,
  type ScoreDomain,
  type ScoreThresholds,
} from '@sextant/engine'

type AssessmentState = 'complete' | 'partial' | 'none'

interface VerdictSection {
  score: number | null
  assessed: boolean
  /** Absent on reports stored before issue 14's assessment states. */
  assessment?: { state: AssessmentState; partialScore: number | null } | undefined
}

/** The parts of a report (wire or engine shape) the verdict reads. */
export interface VerdictSource {
  thresholds: ScoreThresholds
  security: VerdictSection
  stability: VerdictSection
  licensing: VerdictSection
  /** The account's rule for partly assessed domains, as the report was built with it. */
  gate?: { partialFails: boolean } | undefined
}

/** A domain's assessment state ('none' for an older report's `assessed: false`). */
export function assessmentState(section: VerdictSection): AssessmentState {
  return section.assessment?.state ?? (section.assessed ? 'complete' : 'none')
}

/**
 * What the report says of each domain, for the gate. The one place that reads assessment off a report
 * (issue 14): a domain assessed whole is judged by its score; a partly assessed one by its partial score
 * only when the account lets partial domains pass (the report's gate.partialFails false), else it counts
 * as not assessed; a domain with nothing assessed is not assessed. Not assessed fails unless allowed.
 */
export function domainAssessments(report: VerdictSource): Record<ScoreDomain, DomainAssessment> {
  const policy = { partialFails: report.gate?.partialFails ?? true }
  const of = (s: VerdictSection): DomainAssessment => {
    const state = assessmentState(s)
    const score = gateScore(
      { score: s.score, assessment: { state, partialScore: s.assessment?.partialScore ?? null } },
      policy,
    )
    return score === null ? { score: null, assessed: false } : { score, assessed: true }
  }
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
export function verdictLines(
  verdict: GateVerdict,
  reportUrl: string | null,
  states?: Partial<Record<ScoreDomain, AssessmentState>>,
): string[] {
  const lines = verdict.domains.map((d) => {
    const what = states?.[d.domain] === 'partial' ? 'partly assessed' : 'not assessed'
    const value = d.score === null ? what : score(d.score)
    const check =
      d.check === 'not assessed'
        ? d.fails
          ? `FAILED (${what})`
          : `allowed (${what})`
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
