// The CI gate of one report (product-notes "CLI exit code"; issue 15): per domain its score against
// its minimum, and "not assessed" failing its check unless the caller allows it (never fail open).
// Pure; the CLI and the server's build status read domain states from a report and pass them in.
import { CLI_EXIT_CODES, SCORE_DOMAINS, type ScoreDomain, type ScoreThresholds } from './outcome'

/** What a report says of one domain: its score when it was assessed, `null` when it was not. */
export interface DomainAssessment {
  score: number | null
  assessed: boolean
}

export type DomainCheck = 'passed' | 'failed' | 'not assessed'

export interface DomainVerdict {
  domain: ScoreDomain
  score: number | null
  minimum: number
  check: DomainCheck
  /** True when this domain makes the gate fail. */
  fails: boolean
}

export interface GateVerdict {
  domains: DomainVerdict[]
  failed: ScoreDomain[]
  exitCode: number
}

const bit: Record<ScoreDomain, number> = {
  security: CLI_EXIT_CODES.securityFailed,
  stability: CLI_EXIT_CODES.stabilityFailed,
  licensing: CLI_EXIT_CODES.licensingFailed,
}

export function gateVerdict(
  assessments: Readonly<Record<ScoreDomain, DomainAssessment>>,
  thresholds: ScoreThresholds,
  options: { allowUnassessed?: boolean } = {},
): GateVerdict {
  const domains = SCORE_DOMAINS.map((domain): DomainVerdict => {
    const a = assessments[domain]
    const minimum = thresholds[domain]
    if (!a.assessed || a.score === null)
      return { domain, score: null, minimum, check: 'not assessed', fails: !options.allowUnassessed }
    const passed = a.score >= minimum
    return { domain, score: a.score, minimum, check: passed ? 'passed' : 'failed', fails: !passed }
  })
  const failed = domains.filter((d) => d.fails).map((d) => d.domain)
  return { domains, failed, exitCode: failed.reduce((code, d) => code | bit[d], 0) }
}
