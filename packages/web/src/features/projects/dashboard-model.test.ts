// /dashboard rules: period choices, outcome slices, and the account trend (each branch counted with its
// newest report at each report time).
import type { ReportsOverview, SecurityMetrics } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { accountTrend, outcomeSlices, securityCards, sinceDaysOf } from './dashboard-model'

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

describe('security cards (issue 14: unknown is not green)', () => {
  const metrics = (over: Partial<SecurityMetrics>): SecurityMetrics => ({
    accountUuid: 'a',
    generatedAt: '2026-01-01T00:00:00.000Z',
    projects: 2,
    branches: 2,
    components: 40,
    vulnerableComponents: 0,
    vulnerabilities: { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, SUGGEST: 0, NONE: 0 },
    exploited: 0,
    belowThreshold: 0,
    notAssessed: 0,
    averageScore: 100,
    ...over,
  })

  it('no finding is good news when every branch was assessed', () => {
    const cards = securityCards(metrics({}))
    expect(cards.vulnerable).toMatchObject({ value: '0', tone: 'good' })
    expect(cards.severe).toMatchObject({ value: '0', tone: 'good' })
  })

  it('reads n/a, not a green 0, when no branch was assessed for security', () => {
    const cards = securityCards(metrics({ notAssessed: 2, averageScore: null }))
    expect(cards.vulnerable).toMatchObject({ value: 'n/a', tone: 'muted' })
    expect(cards.severe).toMatchObject({ value: 'n/a', tone: 'muted' })
    expect(cards.severe.caption).toBe('2 of 2 branches not assessed for security')
  })

  it('warns instead of green when some branches were not assessed', () => {
    const cards = securityCards(metrics({ notAssessed: 1 }))
    expect(cards.vulnerable).toMatchObject({ value: '0', tone: 'warn' })
    expect(cards.vulnerable.caption).toBe(
      'component versions with advisories, of 40; 1 of 2 branches not assessed for security',
    )
    const found = securityCards(
      metrics({
        notAssessed: 1,
        vulnerableComponents: 3,
        vulnerabilities: { CRITICAL: 1, HIGH: 0, MEDIUM: 2, LOW: 0, SUGGEST: 0, NONE: 0 },
      }),
    )
    expect(found.severe).toMatchObject({ value: '1', tone: 'bad' })
  })
})
