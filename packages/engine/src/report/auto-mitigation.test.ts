// Account auto-mitigation thresholds and analysis scopes in buildReport (product-notes "Scores"; spec
// accounts-and-api §2 configuration.analysisScopes): each threshold alone, combined, EPSS missing,
// equal-to-threshold boundaries; auto-mitigated advices leave the totals and the score; a domain
// narrowed to production ignores dev components.
import { describe, expect, it } from 'vitest'
import { type AutoMitigationThresholds, autoMitigationOf, isAutoMitigation } from './auto-mitigation'
import type { Advice } from './document'
import { fixtureReport, meta, vuln } from './fixtures/reports'

function advice(cvss: number | null, epss: number | null, severity: Advice['severity']): Advice {
  return {
    id: 'GHSA-x',
    cve: 'CVE-2024-1',
    cwe: null,
    cvss,
    epss,
    severity,
    type: 'security',
    description: '',
    links: [],
    fixedInVersions: [],
    affectedComponents: [],
    kevEntry: null,
  }
}
const off: AutoMitigationThresholds = { epss: null, cvss: null, severity: null }

describe('autoMitigationOf', () => {
  const cases: [string, Advice, Partial<AutoMitigationThresholds>, boolean][] = [
    ['no threshold set', advice(1, 0.001, 'LOW'), {}, false],
    ['CVSS alone, below', advice(3.9, 0.9, 'HIGH'), { cvss: 4 }, true],
    ['CVSS alone, equal (boundary)', advice(4, 0.9, 'HIGH'), { cvss: 4 }, false],
    ['CVSS alone, above', advice(4.1, null, 'LOW'), { cvss: 4 }, false],
    ['CVSS alone, advice without CVSS', advice(null, 0.001, 'LOW'), { cvss: 4 }, false],
    ['EPSS alone, below', advice(9.8, 0.005, 'CRITICAL'), { epss: 1 }, true],
    ['EPSS alone, equal (boundary; 0.07 is 7%)', advice(9.8, 0.07, 'CRITICAL'), { epss: 7 }, false],
    ['EPSS alone, above', advice(2, 0.02, 'LOW'), { epss: 1 }, false],
    ['EPSS alone, advice without EPSS: nothing applies', advice(2, null, 'LOW'), { epss: 1 }, false],
    ['severity alone, below', advice(9, 0.5, 'LOW'), { severity: 'MEDIUM' }, true],
    ['severity alone, equal (boundary)', advice(1, 0, 'MEDIUM'), { severity: 'MEDIUM' }, false],
    ['severity alone, NONE is below SUGGEST', advice(null, null, 'NONE'), { severity: 'SUGGEST' }, true],
    ['combined, below every one', advice(3, 0.001, 'LOW'), { cvss: 4, epss: 1, severity: 'MEDIUM' }, true],
    ['combined, CVSS above', advice(5, 0.001, 'LOW'), { cvss: 4, epss: 1, severity: 'MEDIUM' }, false],
    ['combined, EPSS above', advice(3, 0.5, 'LOW'), { cvss: 4, epss: 1, severity: 'MEDIUM' }, false],
    ['combined, severity equal', advice(3, 0.001, 'MEDIUM'), { cvss: 4, epss: 1, severity: 'MEDIUM' }, false],
    [
      'combined, EPSS missing: CVSS and severity decide',
      advice(3, null, 'LOW'),
      { cvss: 4, epss: 1, severity: 'MEDIUM' },
      true,
    ],
    ['combined, EPSS missing, CVSS above', advice(6, null, 'LOW'), { cvss: 4, epss: 1 }, false],
  ]
  it.each(cases)('%s', (_name, a, thresholds, mitigated) => {
    const result = autoMitigationOf(a, { ...off, ...thresholds })
    expect(result !== null).toBe(mitigated)
    if (result) {
      expect(result).toMatchObject({ automatic: true, reason: 'mitigated', readonly: true, uuid: 'GHSA-x' })
      expect(result.description).toMatch(
        /^Automatically mitigated by the account's auto-mitigation thresholds: /,
      )
      expect(isAutoMitigation(result)).toBe(true)
    }
  })

  it('names every threshold the advice is below in its description', () => {
    const result = autoMitigationOf(advice(3.1, 0.0052, 'LOW'), { cvss: 4, epss: 1, severity: 'MEDIUM' })
    expect(result?.description).toBe(
      "Automatically mitigated by the account's auto-mitigation thresholds: CVSS 3.1 is below 4.0; EPSS 0.52% is below 1%; severity LOW is below MEDIUM.",
    )
  })

  it('does not take a person-made exclusion for an automatic one', () => {
    expect(isAutoMitigation({ id: 'x', reason: 'mitigated' })).toBe(false)
    expect(isAutoMitigation(null)).toBe(false)
  })
})

describe('buildReport with auto-mitigation thresholds and analysis scopes', () => {
  const input = {
    components: ['a@1.0.0', 'b@1.0.0'],
    // a: CVSS 7.5 HIGH, EPSS 0.4%; b: CVSS 7.5 HIGH without EPSS
    advisories: [
      vuln('GHSA-aaaa', 'a', '1.0.1', 'CVE-2024-0001'),
      vuln('GHSA-bbbb', 'b', '1.0.1', 'CVE-2024-0002'),
    ],
    metadata: { a: meta(['1.0.0', '1.0.1']), b: meta(['1.0.0', '1.0.1']) },
  }
  const epss = (cve: string) => (cve === 'CVE-2024-0001' ? 0.004 : null)
  const advicesOf = (doc: ReturnType<typeof fixtureReport>, name: string) =>
    doc.security.assessments.flatMap((x) => x.reports).find((r) => r.dependency.library.name === name)
      ?.advices ?? []

  it('counts every advice when no threshold is set', () => {
    const doc = fixtureReport({ ...input, extra: { epss, autoMitigation: off } })
    expect(doc.security.summary.nodejs).toMatchObject({ high: 2, exclusions: 0 })
    expect(doc.security.score).toBe(25)
  })

  it('excludes the advice below the EPSS threshold, out of the totals and the score', () => {
    const doc = fixtureReport({ ...input, extra: { epss, autoMitigation: { ...off, epss: 1 } } })
    const [a] = advicesOf(doc, 'a')
    expect(a?.exclusions).toEqual([
      expect.objectContaining({
        automatic: true,
        source: 'security:advices',
        uuid: 'GHSA-aaaa',
        description: expect.stringContaining('EPSS 0.4% is below 1%'),
      }),
    ])
    // b has no EPSS: the EPSS threshold is ignored for it, and no other threshold is set
    expect(advicesOf(doc, 'b')[0]?.exclusions).toBeUndefined()
    expect(doc.security.summary.nodejs).toMatchObject({ high: 1, exclusions: 1 })
    expect(doc.security.score).toBe(62.5)
    expect(doc.autoMitigation).toEqual({ ...off, epss: 1 })
  })

  it('leaves an advice with a person-made exclusion to that exclusion alone', () => {
    const doc = fixtureReport({
      ...input,
      exclusions: [
        {
          id: 'x1',
          source: 'security:cves',
          cve: 'CVE-2024-0001',
          version: '*',
          reason: 'unapplicable',
          description: 'not reachable',
          transitive: false,
          readonly: false,
          creatorUuid: null,
          scope: 'branch',
        },
      ],
      extra: { epss, autoMitigation: { ...off, epss: 1 } },
    })
    expect(advicesOf(doc, 'a')[0]?.exclusions).toEqual([expect.objectContaining({ id: 'x1' })])
  })

  it('at a threshold equal to the CVSS, every advice stays active', () => {
    const doc = fixtureReport({ ...input, extra: { epss, autoMitigation: { ...off, cvss: 7.5 } } })
    expect(doc.security.summary.nodejs).toMatchObject({ high: 2, exclusions: 0 })
  })

  it('a domain narrowed to production ignores dev components in its assessment and score', () => {
    const everything = fixtureReport({ ...input, dev: ['b@1.0.0'] })
    expect(everything.scopes.sort()).toEqual(['dev', 'prod'])
    expect(everything.security.componentsCount).toBe(2)
    const prodSecurity = fixtureReport({
      ...input,
      dev: ['b@1.0.0'],
      extra: {
        analysisScopes: {
          security: ['prod'],
          stability: ['prod', 'dev', 'test', 'provided', 'optional'],
          licensing: ['prod', 'dev', 'test', 'provided', 'optional'],
        },
      },
    })
    expect(prodSecurity.security.componentsCount).toBe(1)
    expect(advicesOf(prodSecurity, 'b')).toEqual([])
    expect(prodSecurity.security.score).toBe(62.5)
    // stability still sees b (a newer patch), and the report says which scopes each domain used
    expect(prodSecurity.stability.score).toBe(everything.stability.score)
    expect(prodSecurity.analysisScopes?.security).toEqual(['prod'])
    expect(prodSecurity.scopes.sort()).toEqual(['dev', 'prod'])
    const prodOnly = fixtureReport({
      ...input,
      dev: ['b@1.0.0'],
      extra: { analysisScopes: { security: ['prod'], stability: ['prod'], licensing: ['prod'] } },
    })
    expect(prodOnly.scopes).toEqual(['prod'])
    expect(prodOnly.stability.score).toBe(99)
  })
})
