// The previous report's findings parts cut down in the database (issue 16 acceptance 6; report-delta.repo
// FINDINGS_PARTS): only security reports with advices and licensing results with violations come back, and
// the delta computed from them is the one computed from the whole document (new, KEV, raised severity,
// excluded findings still left out).
import { type DeltaSource, reportDelta } from '@sextant/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { startTestInstance, type TestInstance } from '../testing/instance'
import { FINDINGS_PARTS } from './report-delta.repo'

const dep = (name: string) => ({ library: { name, language: 'javascript' }, version: '1.0.0', extra: 'x' })
const advice = (id: string, severity: 'LOW' | 'HIGH', more: object = {}) => ({
  id,
  cve: `CVE-${id}`,
  severity,
  type: 'security',
  epss: null,
  kevEntry: null,
  ...more,
})
const result = (name: string, violations: { policyName: string; licence: string }[], more: object = {}) => ({
  library: { name, language: 'javascript' },
  version: '1.0.0',
  licences: ['MIT'],
  violations,
  ...more,
})

const previous: DeltaSource & { extra: string } = {
  extra: 'not read',
  outcome: 'PASS',
  security: {
    assessments: [
      {
        reports: [
          { dependency: dep('clean'), advices: [] },
          { dependency: dep('raised'), advices: [advice('A1', 'LOW')] },
          { dependency: dep('kev'), advices: [advice('A2', 'HIGH')] },
          { dependency: dep('excluded'), advices: [advice('A3', 'HIGH', { exclusions: [{ id: 'x' }] })] },
        ],
      },
      { reports: [{ dependency: dep('clean2'), advices: [] }] },
    ],
  },
  licensing: {
    reports: [
      {
        results: [
          result('ok', []),
          result('gpl', [{ policyName: 'no-gpl', licence: 'GPL-3.0' }]),
          result('ex', [{ policyName: 'no-gpl', licence: 'GPL-2.0' }], { exclusions: [{ id: 'y' }] }),
        ],
      },
    ],
  },
}

const current: DeltaSource = {
  outcome: 'FAIL',
  security: {
    assessments: [
      {
        reports: [
          { dependency: dep('clean'), advices: [advice('N1', 'HIGH')] },
          { dependency: dep('raised'), advices: [advice('A1', 'HIGH')] },
          { dependency: dep('kev'), advices: [advice('A2', 'HIGH', { kevEntry: { exploited: true } })] },
          { dependency: dep('excluded'), advices: [advice('A3', 'HIGH')] },
        ],
      },
    ],
  },
  licensing: {
    reports: [
      {
        results: [
          result('ok', [{ policyName: 'no-gpl', licence: 'GPL-3.0' }]),
          result('gpl', [{ policyName: 'no-gpl', licence: 'GPL-3.0' }]),
          result('ex', [{ policyName: 'no-gpl', licence: 'GPL-2.0' }]),
        ],
      },
    ],
  },
}

describe.each(storageModes())('previous report findings parts on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { workers: false })
  }, 60_000)
  afterAll(async () => t?.close())

  async function cut(doc: object): Promise<DeltaSource> {
    const { rows } = await t.sextant.db.query<Omit<DeltaSource, 'outcome'>>(
      `SELECT ${FINDINGS_PARTS} FROM (SELECT $1::jsonb AS document) p`,
      [JSON.stringify(doc)],
    )
    const r = rows[0]
    if (!r) throw new Error('no row')
    return { outcome: previous.outcome, security: r.security, licensing: r.licensing }
  }

  it('keeps only the parts with findings, and the delta is the whole document’s', async () => {
    const parts = await cut(previous)
    expect(parts.security.assessments.map((a) => a.reports.map((r) => r.dependency.library.name))).toEqual([
      ['raised', 'kev', 'excluded'],
      [],
    ])
    expect(parts.licensing.reports.map((l) => l.results.map((r) => r.library.name))).toEqual([['gpl', 'ex']])
    const delta = reportDelta(parts, current)
    expect(delta).toEqual(reportDelta(previous, current))
    expect(delta.newFindings.map((f) => f.key)).toEqual([
      'licensing|javascript|ex|GPL-2.0|no-gpl',
      'licensing|javascript|ok|GPL-3.0|no-gpl',
      'security|javascript|clean|N1',
      'security|javascript|excluded|A3',
    ])
    expect(delta.newlyKev.map((f) => f.key)).toEqual(['security|javascript|kev|A2'])
    expect(delta.raisedSeverity.map((f) => f.key)).toEqual(['security|javascript|raised|A1'])
  })

  it('answers empty sections for a document without any', async () => {
    const parts = await cut({ security: { assessments: [] }, licensing: { reports: [] } })
    expect(parts).toEqual({ outcome: 'PASS', security: { assessments: [] }, licensing: { reports: [] } })
  })
})
