import { describe, expect, it } from 'vitest'
import { buildAdvisoryIndex } from './advisory-index'
import { safeVersionsFor, safeVersionsFromIndex } from './safe-versions'
import { osvRecord, type RawEntry } from './test-records'

const known = [
  '1.0.0',
  '1.0.1',
  '1.0.2',
  '1.1.0',
  '1.1.1',
  '1.2.0',
  '2.0.0',
  '2.0.1',
  '2.1.0-beta.1',
  '3.0.0-rc.1',
]

const advisory = (id: string, entries: Omit<RawEntry, 'name'>[]) =>
  osvRecord(
    id,
    entries.map((e) => ({ name: 'pkg', ...e })),
  )

describe('safe versions (product-notes "Safe versions")', () => {
  it.each([
    [
      'fixed in a later patch',
      [advisory('A', [{ events: [{ introduced: '0' }, { fixed: '1.0.2' }] }])],
      '1.0.1',
      { latestPatch: '1.0.2', latestMinor: '1.2.0', latestMajor: '2.0.1' },
    ],
    [
      'fix only in the next major',
      [advisory('A', [{ events: [{ introduced: '0' }, { fixed: '2.0.0' }] }])],
      '1.0.1',
      { latestMajor: '2.0.1' },
    ],
    ['no safe version at all', [advisory('A', [{ events: [{ introduced: '0' }] }])], '1.0.1', {}],
    [
      'last_affected',
      [advisory('A', [{ events: [{ introduced: '1.0.0' }, { last_affected: '1.1.0' }] }])],
      '1.1.0',
      { latestPatch: '1.1.1', latestMinor: '1.2.0', latestMajor: '2.0.1' },
    ],
    [
      'versions list only',
      [advisory('A', [{ versions: ['1.0.0', '1.0.1', '1.0.2', '2.0.1'] }])],
      '1.0.1',
      { latestMinor: '1.2.0', latestMajor: '2.0.0' },
    ],
    [
      'several advisories on one component',
      [
        advisory('A', [{ events: [{ introduced: '0' }, { fixed: '1.0.2' }] }]),
        advisory('B', [{ events: [{ introduced: '1.0.2' }, { fixed: '1.1.1' }] }]),
        advisory('C', [{ events: [{ introduced: '2.0.1' }] }]),
      ],
      '1.0.0',
      { latestMinor: '1.2.0', latestMajor: '2.0.0' },
    ],
  ])('%s', (_case, advisories, version, expected) => {
    expect(safeVersionsFor('npm', 'pkg', advisories, { version, versions: known })).toEqual(expected)
  })

  it('leaves pre-releases out unless the component is one', () => {
    const advisories = [advisory('A', [{ events: [{ introduced: '0' }, { fixed: '2.1.0-beta.1' }] }])]
    expect(safeVersionsFor('npm', 'pkg', advisories, { version: '2.0.0', versions: known })).toEqual({})
    expect(safeVersionsFor('npm', 'pkg', advisories, { version: '2.0.1-beta.0', versions: known })).toEqual({
      latestMinor: '2.1.0-beta.1',
      latestMajor: '3.0.0-rc.1',
    })
  })

  it('ignores withdrawn advisories and advisories of other packages', () => {
    const withdrawn = osvRecord('W', [{ name: 'pkg', events: [{ introduced: '0' }] }], {
      withdrawn: '2024-01-01T00:00:00Z',
    })
    const other = osvRecord('O', [{ name: 'other', events: [{ introduced: '0' }] }])
    expect(safeVersionsFor('npm', 'pkg', [withdrawn, other], { version: '1.0.0', versions: known })).toEqual({
      latestPatch: '1.0.2',
      latestMinor: '1.2.0',
      latestMajor: '2.0.1',
    })
  })

  it('answers nothing for an unreadable component version or an ecosystem without scheme', () => {
    expect(safeVersionsFor('npm', 'pkg', [], { version: 'latest', versions: known })).toEqual({})
    expect(safeVersionsFor('pypi', 'pkg', [], { version: '1.0.0', versions: known })).toEqual({})
  })

  it('works from the index (the nextsafe answer)', () => {
    const index = buildAdvisoryIndex([advisory('A', [{ events: [{ introduced: '0' }, { fixed: '1.1.0' }] }])])
    expect(safeVersionsFromIndex(index, 'npm', 'pkg', { version: '1.0.0', versions: known })).toEqual({
      latestMinor: '1.2.0',
      latestMajor: '2.0.1',
    })
  })
})
