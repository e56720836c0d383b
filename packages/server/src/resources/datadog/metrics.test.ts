// The gauges of one report (issue 17 "Metrics integration"): tags as Datadog keeps them, and never fail
// open: a report that assessed nothing (an analysis that failed) sends no score and no zero counts, only
// its failing outcome; an undeclared outcome sends none.
import { buildFailedReport } from '@sextant/engine'
import { describe, expect, it } from 'vitest'
import { reportSeries, tagOf, tagsOf } from './metrics'

const failed = buildFailedReport({
  uuid: '00000000-0000-4000-8000-000000000001',
  projectUuid: '00000000-0000-4000-8000-000000000002',
  branch: 'main',
  now: new Date('2026-11-26T00:00:00Z'),
  thresholds: { security: 90, stability: 80, licensing: 95 },
  message: 'the lockfile could not be read',
})
const source = { project: 'Shop Front', branch: 'feature/Login #2', account: 'ACME Ltd.', team: null }

describe('datadog series of a report', () => {
  it('tags project, branch, account and team as Datadog keeps tags', () => {
    expect(tagOf('branch', 'feature/Login #2')).toBe('branch:feature/login__2')
    expect(tagOf('project', 'x'.repeat(300))).toHaveLength(200)
    expect(tagsOf(source)).toEqual(['project:shop_front', 'branch:feature/login__2', 'account:acme_ltd.'])
    expect(tagsOf({ ...source, team: 'Red Team' })).toContain('team:red_team')
  })

  it('sends only the failing outcome of a report that assessed nothing', () => {
    expect(reportSeries(failed, source, 1_800_000_000)).toEqual([
      {
        metric: 'sextant.outcome',
        type: 3,
        points: [{ timestamp: 1_800_000_000, value: 0 }],
        tags: tagsOf(source),
      },
    ])
    expect(reportSeries({ ...failed, outcome: 'UNDECLARED' }, source, 1)).toEqual([])
  })
})
