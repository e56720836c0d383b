// Exclusion matching, one row per rule (spec report-page §5 "Exclusion import matching", §4 kinds).
import { describe, expect, it } from 'vitest'
import { npmComponent, npmGraph } from './fixtures/graph'
import { buildExclusionMatcher, nameMatches } from './match'
import type { Exclusion, ExclusionDraft } from './model'

const base = {
  reason: 'mitigated',
  description: 'd',
  transitive: false,
  readonly: false,
  creatorUuid: null,
  scope: 'branch',
} as const
const x = (draft: Partial<ExclusionDraft> & Pick<ExclusionDraft, 'source'>, id = 'e1'): Exclusion =>
  ({ ...base, ...draft, id }) as Exclusion
const lib = (
  source: 'security:libraries' | 'stability:libraries' | 'licensing:libraries',
  name: string,
  version: string,
  language = 'nodejs',
) => x({ source, library: { name, language: language as 'nodejs' }, version })

const advice = { id: 'GHSA-1111', cve: 'CVE-2024-0001' }

describe('buildExclusionMatcher: security advices', () => {
  const c = npmComponent('acme-core@1.2.3')
  it.each([
    ['advice by uuid', x({ source: 'security:advices', uuid: 'GHSA-1111' }), true],
    ['advice uuid of another advice', x({ source: 'security:advices', uuid: 'GHSA-2222' }), false],
    ['CVE, any version', x({ source: 'security:cves', cve: 'CVE-2024-0001', version: '*' }), true],
    ['CVE, this version', x({ source: 'security:cves', cve: 'cve-2024-0001', version: '1.2.3' }), true],
    ['CVE, another version', x({ source: 'security:cves', cve: 'CVE-2024-0001', version: '1.0.0' }), false],
    ['library, exact version', lib('security:libraries', 'acme-core', '1.2.3'), true],
    ['library, every version', lib('security:libraries', 'acme-core', '*'), true],
    ['library, other version', lib('security:libraries', 'acme-core', '2.0.0'), false],
    ['library, wildcard name', lib('security:libraries', 'acme*', '*'), true],
    ['library, wildcard not matching', lib('security:libraries', 'other*', '*'), false],
    ['library, other language', lib('security:libraries', 'acme-core', '*', 'java'), false],
    ['stability library does not exclude advices', lib('stability:libraries', 'acme-core', '*'), false],
  ])('%s', (_name, exclusion, matches) => {
    const m = buildExclusionMatcher([exclusion])
    expect(m.advice(c, advice).length > 0).toBe(matches)
  })
})

describe('buildExclusionMatcher: stability and licensing', () => {
  const c = npmComponent('left-pad@1.0.0')
  it.each([
    ['stability by name and version', lib('stability:libraries', 'left-pad', '1.0.0'), 'stability', true],
    ['stability with *', lib('stability:libraries', 'left-pad', '*'), 'stability', true],
    ['stability, another version', lib('stability:libraries', 'left-pad', '2.0.0'), 'stability', false],
    ['licensing by name and version', lib('licensing:libraries', 'left-pad', '1.0.0'), 'licensing', true],
    [
      'licensing source does not touch stability',
      lib('licensing:libraries', 'left-pad', '*'),
      'stability',
      false,
    ],
    [
      'security library does not touch licensing',
      lib('security:libraries', 'left-pad', '*'),
      'licensing',
      false,
    ],
  ] as const)('%s', (_name, exclusion, domain, matches) => {
    const m = buildExclusionMatcher([exclusion])
    expect(m[domain](c).length > 0).toBe(matches)
  })
})

describe('trusted transitive components', () => {
  // app → trusted@1 → inner@1 → deep@1; app → other@1 → shared@1; trusted@1 → shared@1
  const graph = npmGraph(
    ['trusted@1.0.0', 'inner@1.0.0', 'deep@1.0.0', 'other@1.0.0', 'shared@1.0.0'],
    [
      ['trusted@1.0.0', 'inner@1.0.0'],
      ['inner@1.0.0', 'deep@1.0.0'],
      ['trusted@1.0.0', 'shared@1.0.0'],
      ['other@1.0.0', 'shared@1.0.0'],
    ],
  )
  const trust = x({
    source: 'security:libraries',
    library: { name: 'trusted', language: 'nodejs' },
    version: '*',
    transitive: true,
  })
  const m = buildExclusionMatcher([trust], graph)
  const byName = (n: string) => graph.components.find((c) => c.name === n)!

  it.each([
    ['the trusted component itself', 'trusted', true],
    ['a component it alone brings in', 'inner', true],
    ['two levels down', 'deep', true],
    ['a component also brought in by an untrusted one', 'shared', false],
    ['an unrelated component', 'other', false],
  ])('%s', (_name, name, covered) => {
    expect(m.trusted(byName(name)).length > 0).toBe(covered)
    expect(m.advice(byName(name), advice).length > 0).toBe(covered)
  })

  it('names only the trusted component itself as trusted', () => {
    expect(m.isTrusted(byName('trusted'))).toBe(true)
    expect(m.isTrusted(byName('inner'))).toBe(false)
  })
})

describe('nameMatches', () => {
  it.each([
    ['acme*', 'acme-core', true],
    ['acme*', 'acme', true],
    ['*-core', 'acme-core', true],
    ['acme*', 'xacme', false],
    ['@scope/*', '@scope/pkg', true],
    ['a.b', 'axb', false],
  ])('%s ~ %s', (pattern, name, expected) => expect(nameMatches(pattern, name)).toBe(expected))
})
