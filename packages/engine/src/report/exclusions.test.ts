// Exclusions applied by buildReport (spec report-page §3 Report.exclusions, areExclusionsDifferent,
// transitiveExclusions; product-notes "Report shapes seen in the wild", "Scores"): excluded findings stay
// in the report with an `exclusions` key and leave the severity totals and the scores.
import { describe, expect, it } from 'vitest'
import { osvRecord } from '../advisories/test-records'
import type { Exclusion } from '../exclusions'
import { fixtureReport, meta, vuln } from './fixtures/reports'

const base = {
  reason: 'mitigated',
  description: 'd',
  transitive: false,
  readonly: false,
  creatorUuid: null,
  scope: 'branch',
} as const
const input = {
  components: ['a@1.0.0', 'b@1.0.0', 'c@1.0.0'],
  edges: [['b@1.0.0', 'c@1.0.0']] as [string, string][],
  advisories: [vuln('GHSA-aaaa', 'a', '1.0.1', 'CVE-2024-0001'), vuln('GHSA-cccc', 'c', '2.0.0')],
  metadata: {
    a: meta(['1.0.0', '1.0.1']),
    b: meta(['1.0.0', '1.0.5'], 'GPL-3.0-only'),
    c: meta(['1.0.0', '2.0.0']),
  },
}
const reportOf = (doc: ReturnType<typeof fixtureReport>, name: string) =>
  doc.security.assessments.flatMap((a) => a.reports).find((r) => r.dependency.library.name === name)!

describe('buildReport with exclusions', () => {
  const plain = fixtureReport(input)

  it('counts every advice without exclusions', () => {
    expect(plain.security.summary.nodejs).toMatchObject({ high: 2, exclusions: 0 })
    expect(plain.security.score).toBe(25)
    expect(plain.stability.score).toBe(98)
    expect(plain.licensing.score).toBe(0)
    expect(plain.exclusions).toEqual({
      security: { advices: [], libraries: [], cves: [] },
      stability: { libraries: [] },
      licensing: { libraries: [] },
    })
  })

  it('keeps an excluded advice with its exclusions key, out of the totals and the score', () => {
    const cve: Exclusion = { ...base, id: 'x1', source: 'security:cves', cve: 'CVE-2024-0001', version: '*' }
    const doc = fixtureReport({ ...input, exclusions: [cve] })
    const advice = reportOf(doc, 'a').advices[0]!
    expect(advice.exclusions).toEqual([
      expect.objectContaining({ id: 'x1', source: 'security:cves', reason: 'mitigated' }),
    ])
    expect(doc.security.summary.nodejs).toMatchObject({ high: 1, exclusions: 1 })
    expect(doc.security.score).toBe(62.5)
    expect(doc.exclusions?.security.cves).toHaveLength(1)
  })

  it('excludes stability and licensing rows through their own collections', () => {
    const stability: Exclusion = {
      ...base,
      id: 's',
      source: 'stability:libraries',
      reason: 'ignored',
      library: { name: 'a', language: 'nodejs' },
      version: '*',
    }
    const licensing: Exclusion = {
      ...base,
      id: 'l',
      source: 'licensing:libraries',
      library: { name: 'b', language: 'nodejs' },
      version: '1.0.0',
    }
    const doc = fixtureReport({ ...input, exclusions: [stability, licensing] })
    expect(doc.stability.score).toBe(99)
    expect(doc.stability.summary.exclusions).toBe(1)
    expect(doc.licensing.score).toBe(100)
    expect(doc.licensing.summary).toMatchObject({
      forbidden: 1,
      forbiddenWithoutExclusion: 0,
      violationExclusions: 1,
    })
    const row = doc.licensing.reports[0]!.results.find((r) => r.library.name === 'b')!
    expect(row.exclusions).toHaveLength(1)
  })

  it('trusts a transitive component with what it brings in, as a pseudo-component', () => {
    const trust: Exclusion = {
      ...base,
      id: 't',
      source: 'security:libraries',
      transitive: true,
      library: { name: 'b', language: 'nodejs' },
      version: '*',
    }
    const doc = fixtureReport({ ...input, exclusions: [trust] })
    expect(reportOf(doc, 'c').advices[0]!.exclusions).toHaveLength(1)
    expect(reportOf(doc, 'c').transitiveExclusions).toEqual([
      expect.objectContaining({ id: 't', transitive: true }),
    ])
    expect(reportOf(doc, 'a').transitiveExclusions).toBeUndefined()
    expect(doc.security.assessments[0]!.trusted).toEqual([
      expect.objectContaining({
        library: expect.objectContaining({ name: 'b' }),
        version: '1.0.0',
        covered: 2,
      }),
    ])
    expect(doc.transitiveExclusions).toHaveLength(1)
    expect(doc.security.score).toBe(62.5)
  })

  it('says whether the exclusions differ from the previous report', () => {
    const advice: Exclusion = { ...base, id: 'x', source: 'security:advices', uuid: 'GHSA-cccc' }
    const first = fixtureReport({ ...input, previousExclusionsFingerprint: null })
    expect(first.areExclusionsDifferent).toBe(false)
    const same = fixtureReport({ ...input, previousExclusionsFingerprint: first.exclusionsFingerprint! })
    expect(same.areExclusionsDifferent).toBe(false)
    const changed = fixtureReport({
      ...input,
      exclusions: [advice],
      previousExclusionsFingerprint: first.exclusionsFingerprint!,
    })
    expect(changed.areExclusionsDifferent).toBe(true)
  })
})

describe('buildReport with finding-level exclusions and expiry (issue 19)', () => {
  const twoComponents = {
    components: ['a@1.0.0', 'a2@1.0.0'],
    advisories: [
      osvRecord(
        'GHSA-shared',
        [
          { name: 'a', events: [{ introduced: '0' }, { fixed: '1.0.1' }] },
          { name: 'a2', events: [{ introduced: '0' }, { fixed: '1.0.1' }] },
        ],
        { severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }] },
      ),
    ],
    metadata: { a: meta(['1.0.0', '1.0.1']), a2: meta(['1.0.0', '1.0.1']) },
  }
  const finding: Exclusion = {
    ...base,
    reason: 'unapplicable',
    id: 'f1',
    source: 'security:advices',
    uuid: 'GHSA-shared',
    library: { name: 'a', language: 'nodejs' },
    version: '1.0.0',
    analysis: { state: 'not_affected', justification: 'code_not_reachable', responses: [], detail: 'd' },
    expires: '2025-01-01',
  }

  it('excludes the advice on the named component only', () => {
    const doc = fixtureReport({ ...twoComponents, exclusions: [finding] })
    expect(reportOf(doc, 'a').advices[0]!.exclusions).toEqual([
      expect.objectContaining({ id: 'f1', analysis: expect.objectContaining({ state: 'not_affected' }) }),
    ])
    expect(reportOf(doc, 'a2').advices[0]!.exclusions).toBeUndefined()
    expect(doc.security.summary.nodejs).toMatchObject({ exclusions: 1 })
  })

  it('brings the finding back with a notice once the expiry date has passed', () => {
    const later = fixtureReport({
      ...twoComponents,
      exclusions: [finding],
      extra: { now: new Date('2025-01-02T00:00:00Z') },
    })
    const advice = reportOf(later, 'a').advices[0]!
    expect(advice.exclusions).toBeUndefined()
    expect(advice.expiredExclusions).toEqual([expect.objectContaining({ id: 'f1', expires: '2025-01-01' })])
    expect(later.security.summary.nodejs).toMatchObject({ exclusions: 0 })
    expect(later.security.score ?? 100).toBeLessThan(
      fixtureReport({ ...twoComponents, exclusions: [finding] }).security.score ?? 0,
    )
    expect(later.notes.map((n) => n.message)).toContain(
      'Exclusion GHSA-shared on a@1.0.0 expired on 2025-01-01: the findings it covered count again.',
    )
    // the exclusions in force differ from those of the report before the expiry: the page glows
    expect(later.exclusionsFingerprint).not.toBe(
      fixtureReport({ ...twoComponents, exclusions: [finding] }).exclusionsFingerprint,
    )
  })
})
