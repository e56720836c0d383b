import { describe, expect, it } from 'vitest'
import {
  CLI_EXIT_CODES,
  cliExitCode,
  DEFAULT_SCORE_THRESHOLDS,
  domainsOfCliExitCode,
  failedScoreDomains,
  resolveScoreThresholds,
  scoreOutcome,
} from './outcome'

describe('thresholds and outcome', () => {
  it('defaults to 90 / 80 / 95 and lets later layers override', () => {
    expect(DEFAULT_SCORE_THRESHOLDS).toEqual({ security: 90, stability: 80, licensing: 95 })
    expect(resolveScoreThresholds()).toEqual(DEFAULT_SCORE_THRESHOLDS)
    expect(resolveScoreThresholds({ security: 70 }, null, { licensing: 100, stability: null })).toEqual({
      security: 70,
      stability: 80,
      licensing: 100,
    })
  })

  it.each([
    [{ security: 100, stability: 100, licensing: 100 }, 'PASS', [], 0],
    [{ security: 90, stability: 80, licensing: 95 }, 'PASS', [], 0],
    [{ security: 89.75, stability: 80, licensing: 95 }, 'FAIL', ['security'], 1],
    [{ security: 90, stability: 79, licensing: 95 }, 'FAIL', ['stability'], 2],
    [{ security: 90, stability: 80, licensing: 0 }, 'FAIL', ['licensing'], 4],
    [{ security: 0, stability: 0, licensing: 94 }, 'FAIL', ['security', 'stability', 'licensing'], 7],
    [{ security: 50, stability: 100, licensing: 0 }, 'FAIL', ['security', 'licensing'], 5],
  ] as const)('%o → %s %o exit %d', (scores, outcome, failed, code) => {
    expect(scoreOutcome(scores, DEFAULT_SCORE_THRESHOLDS)).toBe(outcome)
    expect(failedScoreDomains(scores, DEFAULT_SCORE_THRESHOLDS)).toEqual(failed)
    expect(cliExitCode(scores, DEFAULT_SCORE_THRESHOLDS)).toBe(code)
    expect(domainsOfCliExitCode(code)).toEqual(failed)
  })

  it('keeps error exit codes negative', () => {
    expect(CLI_EXIT_CODES.noAuthorisation).toBeLessThan(0)
    expect(domainsOfCliExitCode(CLI_EXIT_CODES.serverUnreachable)).toBeNull()
  })
})
