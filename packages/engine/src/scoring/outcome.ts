// Minimum scores, the PASS / FAIL outcome and the CLI exit code (product-notes "Scores").
// Defaults 90 / 80 / 95; account configuration, project/tag and CLI call override in that order.
// UNDECLARED is not computed here: it is the outcome of a branch never assessed in CI.
export type ScoreDomain = 'security' | 'stability' | 'licensing'

export type DomainScores = Readonly<Record<ScoreDomain, number>>
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

/** Domains whose score is below its minimum (a score equal to the minimum meets it). */
export function failedScoreDomains(scores: DomainScores, thresholds: ScoreThresholds): ScoreDomain[] {
  return SCORE_DOMAINS.filter((d) => scores[d] < thresholds[d])
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
  return failedScoreDomains(scores, thresholds).reduce((code, d) => code | domainBit[d], 0)
}

/** The failed domains a non-negative exit code stands for; `null` for an error code. */
export function domainsOfCliExitCode(code: number): ScoreDomain[] | null {
  if (code < 0 || !Number.isInteger(code)) return null
  return SCORE_DOMAINS.filter((d) => (code & domainBit[d]) !== 0)
}
