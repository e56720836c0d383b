// Minimum scores, the PASS / FAIL outcome and the CLI exit code (product-notes "Scores"; issue 14 "Never
// fail open"). Defaults 90 / 80 / 95; account configuration, project/tag and CLI call override in that
// order. A domain without a score (not assessed, or partly) never passes: `null` fails the gate.
// UNDECLARED is not computed here: it is the outcome of a branch never assessed in CI.
export type ScoreDomain = 'security' | 'stability' | 'licensing'

/** `null` = not assessed (or only partly, when the account lets partial domains fail): fails the gate. */
export type DomainScores = Readonly<Record<ScoreDomain, number | null>>
export type ScoreThresholds = Readonly<Record<ScoreDomain, number>>

export const SCORE_DOMAINS: readonly ScoreDomain[] = ['security', 'stability', 'licensing']

export const DEFAULT_SCORE_THRESHOLDS: ScoreThresholds = { security: 90, stability: 80, licensing: 95 }

/** Later layers win: `resolveScoreThresholds(account, projectOrTag, cliCall)`; missing fields fall through. */
export function resolveScoreThresholds(
  ...layers: (Partial<Record<ScoreDomain, number | null>> | null | undefined)[]
): ScoreThresholds {
  const out: Record<ScoreDomain, number> = { ...DEFAULT_SCORE_THRESHOLDS }
  for (const layer of layers) {
    for (const d of SCORE_DOMAINS) {
      const v = layer?.[d]
      if (typeof v === 'number' && Number.isFinite(v)) out[d] = Math.min(100, Math.max(0, v))
    }
  }
  return out
}

/** Domains whose score is below its minimum or absent (a score equal to the minimum meets it). */
export function failedScoreDomains(scores: DomainScores, thresholds: ScoreThresholds): ScoreDomain[] {
  return SCORE_DOMAINS.filter((d) => {
    const score = scores[d]
    return score === null || score < thresholds[d]
  })
}

/** One domain of a report as the gate sees it (the section's score and assessment). */
export interface GateDomain {
  score: number | null
  assessment: { state: 'complete' | 'partial' | 'none'; partialScore: number | null }
}

/** Whether a partly-assessed domain fails the gate (account configuration; default: it does). */
export interface GatePolicy {
  partialFails: boolean
}

export const DEFAULT_GATE_POLICY: GatePolicy = { partialFails: true }

/**
 * The number the gate compares with the minimum: the score of a domain assessed whole; the score over
 * the assessed part of a partial one only when the account lets partial domains pass on it; else none.
 */
export function gateScore(domain: GateDomain, policy: GatePolicy): number | null {
  if (domain.assessment.state === 'complete') return domain.score
  if (domain.assessment.state === 'partial' && !policy.partialFails) return domain.assessment.partialScore
  return null
}

/** The domains of a report that fail the gate under `policy`. */
export function gateFailures(
  domains: Readonly<Record<ScoreDomain, GateDomain>>,
  thresholds: ScoreThresholds,
  policy: GatePolicy = DEFAULT_GATE_POLICY,
): ScoreDomain[] {
  const scores = {
    security: gateScore(domains.security, policy),
    stability: gateScore(domains.stability, policy),
    licensing: gateScore(domains.licensing, policy),
  }
  return failedScoreDomains(scores, thresholds)
}

export function scoreOutcome(scores: DomainScores, thresholds: ScoreThresholds): 'PASS' | 'FAIL' {
  return failedScoreDomains(scores, thresholds).length === 0 ? 'PASS' : 'FAIL'
}

/**
 * Exit-code bits per failed domain (product-notes "CLI exit code"); negative codes are errors. The
 * shell sees a negative code as 256 + code (-1 → 255, -9 → 247). The error values are ours.
 */
export const CLI_EXIT_CODES = {
  ok: 0,
  securityFailed: 1,
  stabilityFailed: 2,
  licensingFailed: 4,
  /** The token is missing, wrong or may not do this (401 / 403). */
  noAuthorisation: -1,
  /** Bad command-line usage or configuration (an unknown option, a missing value). */
  badUsage: -2,
  /** No supported manifest, lockfile or SBOM in the folder, or the server refused the files. */
  unsupportedProject: -3,
  /** The server requires a newer client (GET /api/v1/cli). */
  clientOutdated: -4,
  /** A build of the same project and branch is still queued or running. */
  buildAlreadyRunning: -5,
  /** The server accepted the files but the analysis failed. */
  analysisFailed: -6,
  /** The server answered something unexpected (5xx, not our contract). */
  unexpectedAnswer: -7,
  /** The build did not finish within the client's time limit. */
  timedOut: -8,
  /** The server could not be reached at all. */
  serverUnreachable: -9,
} as const

const domainBit: Record<ScoreDomain, number> = {
  security: CLI_EXIT_CODES.securityFailed,
  stability: CLI_EXIT_CODES.stabilityFailed,
  licensing: CLI_EXIT_CODES.licensingFailed,
}

/** +1 security failed, +2 stability failed, +4 licensing failed; 0 when all minima are met. */
export function cliExitCode(scores: DomainScores, thresholds: ScoreThresholds): number {
  return exitCodeOfFailures(failedScoreDomains(scores, thresholds))
}

/** The exit code of a list of failed domains (a report's `gate.failed`). */
export function exitCodeOfFailures(failed: readonly ScoreDomain[]): number {
  return failed.reduce((code, d) => code | domainBit[d], 0)
}

/**
 * The CI exit code of a finished report (issue 14: the CI outcome follows the report's status): the
 * analysis failed (ERROR) → analysisFailed, nothing readable (UNSUPPORTED) → unsupportedProject, else the
 * bits of the domains that failed the gate (not assessed ones included).
 */
export function exitCodeOfReport(status: string, failed: readonly ScoreDomain[]): number {
  if (status === 'ERROR' || status === 'FAILED') return CLI_EXIT_CODES.analysisFailed
  if (status === 'UNSUPPORTED') return CLI_EXIT_CODES.unsupportedProject
  return exitCodeOfFailures(failed)
}

/** The failed domains a non-negative exit code stands for; `null` for an error code. */
export function domainsOfCliExitCode(code: number): ScoreDomain[] | null {
  if (code < 0 || !Number.isInteger(code)) return null
  return SCORE_DOMAINS.filter((d) => (code & domainBit[d]) !== 0)
}
