import { describe, expect, it } from 'vitest'
import { gateVerdict } from './gate'
import { DEFAULT_SCORE_THRESHOLDS } from './outcome'

const a = (score: number | null) => ({ score, assessed: score !== null })

describe('gateVerdict (product-notes "CLI exit code")', () => {
  it.each([
    [[100, 100, 100], false, [], 0],
    [[89, 80, 95], false, ['security'], 1],
    [[90, 79, 95], false, ['stability'], 2],
    [[90, 80, 94], false, ['licensing'], 4],
    [[0, 0, 0], false, ['security', 'stability', 'licensing'], 7],
    [[100, null, 100], false, ['stability'], 2],
    [[100, null, 100], true, [], 0],
    [[null, null, null], false, ['security', 'stability', 'licensing'], 7],
    [[50, null, null], true, ['security'], 1],
  ] as const)('%o (allow unassessed %s) → failed %o, exit %d', (scores, allow, failed, code) => {
    const v = gateVerdict(
      { security: a(scores[0]), stability: a(scores[1]), licensing: a(scores[2]) },
      DEFAULT_SCORE_THRESHOLDS,
      { allowUnassessed: allow },
    )
    expect(v.failed).toEqual(failed)
    expect(v.exitCode).toBe(code)
  })

  it('never reads a score of a domain marked not assessed', () => {
    const v = gateVerdict(
      { security: { score: 100, assessed: false }, stability: a(100), licensing: a(100) },
      DEFAULT_SCORE_THRESHOLDS,
    )
    expect(v.domains[0]).toMatchObject({ check: 'not assessed', score: null, fails: true })
  })
})
