import { describe, expect, it } from 'vitest'
import { advisoryKey, buildAdvisoryIndex, lookupEntries, matchPackage } from './advisory-index'
import { normalisePackageName } from './ecosystems'
import { osvRecord } from './test-records'

describe('advisory index', () => {
  it('finds a package by one key; Maven names as group:artifact', () => {
    const index = buildAdvisoryIndex([
      osvRecord('GHSA-m', [
        { ecosystem: 'Maven', name: 'org.yaml:snakeyaml', events: [{ introduced: '0' }, { fixed: '2.0' }] },
      ]),
      osvRecord('GHSA-n', [{ name: '@scope/pkg', events: [{ introduced: '0' }] }]),
    ])
    expect(lookupEntries(index, 'maven', 'org.yaml:snakeyaml')).toHaveLength(1)
    expect(lookupEntries(index, 'maven', 'org.yaml/snakeyaml')).toHaveLength(1)
    expect(lookupEntries(index, 'npm', '@scope/pkg')).toHaveLength(1)
    expect(lookupEntries(index, 'npm', 'pkg')).toHaveLength(0)
    expect(index.byPackage.has(advisoryKey('npm', '@scope/pkg'))).toBe(true)
    expect(
      matchPackage(index, { ecosystem: 'maven', name: 'org.yaml:snakeyaml', version: '1.33' }).affected,
    ).toHaveLength(1)
    expect(
      matchPackage(index, { ecosystem: 'maven', name: 'org.yaml:snakeyaml', version: '2.2' }).notAffected,
    ).toHaveLength(1)
  })

  it('keeps the latest modified copy of a record imported twice', () => {
    const old = osvRecord('GHSA-d', [{ name: 'pkg', events: [{ introduced: '0' }] }], {
      modified: '2023-01-01T00:00:00Z',
    })
    const fixed = osvRecord('GHSA-d', [{ name: 'pkg', events: [{ introduced: '0' }, { fixed: '1.0.0' }] }], {
      modified: '2024-01-01T00:00:00Z',
    })
    for (const order of [
      [old, fixed],
      [fixed, old],
    ]) {
      const index = buildAdvisoryIndex(order)
      expect(index.records.size).toBe(1)
      expect(lookupEntries(index, 'npm', 'pkg')).toHaveLength(1)
      expect(matchPackage(index, { ecosystem: 'npm', name: 'pkg', version: '1.0.0' }).affected).toEqual([])
    }
  })

  it.each([
    ['npm', 'Axios', 'Axios'],
    ['pypi', 'Django_REST.framework', 'django-rest-framework'],
    ['nuget', 'Newtonsoft.Json', 'newtonsoft.json'],
    ['maven', ' org.a:b ', 'org.a:b'],
  ] as const)('normalises %s name %j → %j', (ecosystem, name, expected) => {
    expect(normalisePackageName(ecosystem, name)).toBe(expected)
  })
})
