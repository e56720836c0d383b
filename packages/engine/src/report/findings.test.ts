import { describe, expect, it } from 'vitest'
import { type FindingsSource, findingsDelta, reportFindings } from './findings'

function report(
  components: { name: string; version: string; advices: { id: string; excluded?: boolean }[] }[],
  violations: { name: string; licence: string }[] = [],
): FindingsSource {
  return {
    security: {
      assessments: [
        {
          reports: components.map((c) => ({
            dependency: { library: { name: c.name, language: 'javascript' }, version: c.version },
            advices: c.advices.map((a) => ({
              id: a.id,
              cve: null,
              severity: 'HIGH' as const,
              type: 'security',
              ...(a.excluded ? { exclusions: [{}] } : {}),
            })),
          })),
        },
      ],
    },
    licensing: {
      reports: [
        {
          results: violations.map((v) => ({
            library: { name: v.name, language: 'javascript' },
            version: '1.0.0',
            violations: [{ policyName: 'no GPL', licence: v.licence }],
          })),
        },
      ],
    },
  }
}

describe('findings and the delta gate (issue 15 --fail-on new)', () => {
  it('lists security advisories and licence violations, excluded ones left out', () => {
    const r = report(
      [{ name: 'a', version: '1', advices: [{ id: 'GHSA-1' }, { id: 'GHSA-2', excluded: true }] }],
      [{ name: 'b', licence: 'GPL-3.0-only' }],
    )
    expect(reportFindings(r).map((f) => `${f.domain}:${f.library}:${f.id}`)).toEqual([
      'licensing:b:GPL-3.0-only',
      'security:a:GHSA-1',
    ])
  })

  it('a new vulnerable dependency is the one new finding; a version move of an old one is not', () => {
    const main = report([{ name: 'lodash', version: '4.17.15', advices: [{ id: 'GHSA-old' }] }])
    const branch = report([
      { name: 'lodash', version: '4.17.19', advices: [{ id: 'GHSA-old' }] },
      { name: 'minimist', version: '0.0.8', advices: [{ id: 'GHSA-new' }] },
    ])
    const delta = findingsDelta(main, branch)
    expect(delta.added.map((f) => f.id)).toEqual(['GHSA-new'])
    expect(delta.fixed).toEqual([])
    expect(findingsDelta(branch, main).fixed.map((f) => f.id)).toEqual(['GHSA-new'])
  })

  it('without a base report every finding is new', () => {
    const r = report([{ name: 'a', version: '1', advices: [{ id: 'X' }] }])
    expect(findingsDelta(null, r).added).toHaveLength(1)
  })
})
