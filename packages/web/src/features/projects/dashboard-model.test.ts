// /dashboard rules: period choices, outcome slices, and the account trend (each branch counted with its
// newest report at each report time).
import type { ReportsOverview } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { accountTrend, outcomeSlices, sinceDaysOf } from './dashboard-model'

const point = (createdAt: string, security: number) => ({
  reportUuid: createdAt,
  createdAt,
  outcome: 'PASS' as const,
  security,
  stability: 100,
  licensing: 50,
})
const branch = (trend: ReturnType<typeof point>[]) =>
  ({ trend }) as unknown as ReportsOverview['reports'][number]

describe('dashboard model', () => {
  it('maps the period to sinceDaysAgo, all time to none', () => {
    expect(sinceDaysOf('7')).toBe(7)
    expect(sinceDaysOf('all')).toBeUndefined()
  })

  it('averages each branch with its newest report at every report time', () => {
    const trend = accountTrend([
      branch([point('2026-01-01T10:00:00.000Z', 80), point('2026-01-03T10:00:00.000Z', 40)]),
      branch([point('2026-01-02T10:00:00.000Z', 60)]),
    ])
    expect(trend.map((p) => [p.security, p.branches])).toEqual([
      [80, 1],
      [70, 2],
      [50, 2],
    ])
    expect(trend[2]).toMatchObject({ stability: 100, licensing: 50, at: '2026-01-03T10:00:00.000Z' })
  })

  it('keeps the newest points only', () => {
    const many = Array.from({ length: 5 }, (_, i) => point(`2026-01-0${i + 1}T00:00:00.000Z`, i * 10))
    expect(accountTrend([branch(many)], 2).map((p) => p.security)).toEqual([30, 40])
    expect(accountTrend([])).toEqual([])
  })

  it('counts outcomes in pass, fail, undeclared order', () => {
    const slices = outcomeSlices({ outcomes: { PASS: 2, FAIL: 1, UNDECLARED: 0 } } as ReportsOverview)
    expect(slices.map((s) => [s.label, s.value])).toEqual([
      ['Pass', 2],
      ['Fail', 1],
      ['Undeclared', 0],
    ])
  })
})
