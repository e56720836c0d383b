import { describe, expect, it } from 'vitest'
import type { Severity } from './document'
import { type DeltaSource, deltaBaseline, deltaIsEmpty, reportDelta } from './report-delta'

interface A {
  id: string
  severity?: Severity
  kev?: boolean
  epss?: number
  excluded?: boolean
}

function report(
  components: { name: string; advices: A[] }[],
  outcome: 'PASS' | 'FAIL' = 'PASS',
): DeltaSource {
  return {
    outcome,
    security: {
      assessments: [
        {
          reports: components.map((c) => ({
            dependency: { library: { name: c.name, language: 'javascript' }, version: '1.0.0' },
            advices: c.advices.map((a) => ({
              id: a.id,
              cve: `CVE-${a.id}`,
              severity: a.severity ?? 'MEDIUM',
              type: 'security',
              epss: a.epss ?? null,
              kevEntry: a.kev ? { exploited: true } : null,
              ...(a.excluded ? { exclusions: [{}] } : {}),
            })),
          })),
        },
      ],
    },
    licensing: { reports: [] },
  }
}

describe('reportDelta (issue 16 live re-check)', () => {
  it('the first report is a baseline: nothing is new', () => {
    const d = reportDelta(null, report([{ name: 'a', advices: [{ id: '1' }] }], 'FAIL'))
    expect(d).toMatchObject({ hasPrevious: false, newFindings: [], outcome: { from: null, to: 'FAIL' } })
  })

  it('finds new findings, newly KEV-listed ones and raised severities, with CVE and EPSS', () => {
    const before = report([{ name: 'a', advices: [{ id: '1' }, { id: '2', severity: 'LOW' }] }])
    const after = report(
      [
        {
          name: 'a',
          advices: [
            { id: '1', kev: true },
            { id: '2', severity: 'CRITICAL' },
          ],
        },
        { name: 'b', advices: [{ id: '3', severity: 'HIGH', epss: 0.4 }] },
      ],
      'FAIL',
    )
    const d = reportDelta(before, after)
    expect(d.newFindings.map((f) => [f.library, f.id, f.severity, f.cve, f.epss])).toEqual([
      ['b', '3', 'HIGH', 'CVE-3', 0.4],
    ])
    expect(d.newlyKev.map((f) => f.id)).toEqual(['1'])
    expect(d.raisedSeverity.map((f) => [f.id, f.from, f.severity])).toEqual([['2', 'LOW', 'CRITICAL']])
    expect(d.outcome).toEqual({ from: 'PASS', to: 'FAIL' })
    expect(deltaIsEmpty(d)).toBe(false)
  })

  it('an excluded finding is never new, and the same report twice is an empty delta', () => {
    const before = report([{ name: 'a', advices: [{ id: '1' }] }])
    const after = report([{ name: 'a', advices: [{ id: '1' }, { id: '9', excluded: true, kev: true }] }])
    const d = reportDelta(before, after)
    expect(d.newFindings).toEqual([])
    expect(deltaIsEmpty(d)).toBe(true)
    expect(deltaIsEmpty(reportDelta(after, after))).toBe(true)
  })

  it('a lowered severity or a KEV listing already there is not news', () => {
    const before = report([{ name: 'a', advices: [{ id: '1', severity: 'HIGH', kev: true }] }])
    const after = report([{ name: 'a', advices: [{ id: '1', severity: 'LOW', kev: true }] }])
    expect(deltaIsEmpty(reportDelta(before, after))).toBe(true)
  })

  it('the stored baseline of the previous report gives the same delta as its document', () => {
    const before = report(
      [
        {
          name: 'a',
          advices: [
            { id: '1', severity: 'LOW' },
            { id: '2', kev: true },
          ],
        },
        { name: 'c', advices: [{ id: '5', excluded: true }] },
      ],
      'PASS',
    )
    const after = report(
      [
        {
          name: 'a',
          advices: [
            { id: '1', severity: 'HIGH', kev: true },
            { id: '2', kev: true },
          ],
        },
        { name: 'c', advices: [{ id: '5' }] },
      ],
      'FAIL',
    )
    // what the database holds: the baseline through JSON
    const stored = JSON.parse(JSON.stringify(deltaBaseline(before)))
    expect(stored.findings.map((f: { key: string }) => f.key)).toEqual([
      'security|javascript|a|1',
      'security|javascript|a|2',
    ])
    const fromBaseline = reportDelta(stored, after)
    expect(fromBaseline).toEqual(reportDelta(before, after))
    expect(fromBaseline.newFindings.map((f) => f.id)).toEqual(['5'])
    expect(fromBaseline.newlyKev.map((f) => f.id)).toEqual(['1'])
    expect(fromBaseline.raisedSeverity.map((f) => [f.id, f.from])).toEqual([['1', 'LOW']])
    expect(fromBaseline.outcome).toEqual({ from: 'PASS', to: 'FAIL' })
  })
})
