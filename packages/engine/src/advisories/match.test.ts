import { describe, expect, it } from 'vitest'
import type { Ecosystem } from '../model'
import { buildAdvisoryIndex, matchPackage, matchRecords } from './advisory-index'
import { osvRecord, type RawEntry } from './test-records'

const verdictOf = (entries: RawEntry[], version: string, ecosystem: Ecosystem = 'npm', name = 'pkg') => {
  const r = matchRecords([osvRecord('GHSA-test', entries)], { ecosystem, name, version })
  if (r.affected.length > 0) return 'affected'
  if (r.notAffected.length > 0) return 'not-affected'
  if (r.undecided.length > 0) return 'undecided'
  return 'none'
}

describe('range events (OSV semantics)', () => {
  const simple = [{ name: 'pkg', events: [{ introduced: '1.0.0' }, { fixed: '1.2.0' }] }]
  const lastAffected = [{ name: 'pkg', events: [{ introduced: '0' }, { last_affected: '2.3.4' }] }]
  const openEnded = [{ name: 'pkg', events: [{ introduced: '1.4.1' }] }]
  const twoRanges = [
    {
      name: 'pkg',
      ranges: [
        { events: [{ introduced: '0' }, { fixed: '1.0.5' }] },
        { events: [{ introduced: '2.0.0' }, { fixed: '2.0.3' }] },
      ],
    },
  ]
  const limited = [{ name: 'pkg', events: [{ introduced: '0' }, { limit: '3.0.0' }] }]
  const prerelease = [{ name: 'pkg', events: [{ introduced: '3.0.0-beta.1' }, { fixed: '3.0.0-beta.9' }] }]
  const unsortedEvents = [{ name: 'pkg', events: [{ fixed: '2.0.0' }, { introduced: '1.0.0' }] }]

  it.each([
    ['introduced/fixed: below', simple, '0.9.9', 'not-affected'],
    ['introduced/fixed: at introduced', simple, '1.0.0', 'affected'],
    ['introduced/fixed: inside', simple, '1.1.9', 'affected'],
    ['introduced/fixed: at fixed', simple, '1.2.0', 'not-affected'],
    ['introduced/fixed: pre-release of fixed is before it', simple, '1.2.0-rc.1', 'affected'],
    ['last_affected: at it', lastAffected, '2.3.4', 'affected'],
    ['last_affected: after it', lastAffected, '2.3.5', 'not-affected'],
    ['introduced "0" covers the lowest version', lastAffected, '0.0.0', 'affected'],
    ['only introduced: open-ended', openEnded, '99.0.0', 'affected'],
    ['only introduced: before', openEnded, '1.4.0', 'not-affected'],
    ['two ranges: first', twoRanges, '1.0.4', 'affected'],
    ['two ranges: gap', twoRanges, '1.5.0', 'not-affected'],
    ['two ranges: second', twoRanges, '2.0.2', 'affected'],
    ['limit caps the range', limited, '3.0.0', 'not-affected'],
    ['below the limit', limited, '2.9.9', 'affected'],
    ['pre-release events', prerelease, '3.0.0-beta.2', 'affected'],
    ['pre-release events: after', prerelease, '3.0.0', 'not-affected'],
    ['events given out of order', unsortedEvents, '1.5.0', 'affected'],
    ['events given out of order: fixed', unsortedEvents, '2.0.0', 'not-affected'],
  ] as const)('%s', (_case, entries, version, expected) => {
    expect(verdictOf([...entries], version)).toBe(expected)
  })

  it('SEMVER ranges evaluate like ECOSYSTEM ones for npm', () => {
    expect(
      verdictOf(
        [{ name: 'pkg', rangeType: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.0.0' }] }],
        '1.0.0',
      ),
    ).toBe('affected')
  })
})

describe('explicit versions', () => {
  it.each([
    ['listed', ['1.0.0', '1.0.1'], '1.0.1', 'affected'],
    ['not listed (a versions-only entry excludes the rest)', ['1.0.0'], '1.0.2', 'not-affected'],
    ['listed in canonical form', ['1.0.0'], 'v1.0.0', 'affected'],
  ] as const)('%s', (_case, versions, version, expected) => {
    expect(verdictOf([{ name: 'pkg', versions: [...versions] }], version)).toBe(expected)
  })

  it('versions next to ranges: the union', () => {
    const entries = [
      { name: 'pkg', events: [{ introduced: '2.0.0' }, { fixed: '2.1.0' }], versions: ['1.5.0'] },
    ]
    expect(verdictOf(entries, '1.5.0')).toBe('affected')
    expect(verdictOf(entries, '2.0.5')).toBe('affected')
    expect(verdictOf(entries, '1.6.0')).toBe('not-affected')
  })

  it('works for an ecosystem without a version scheme (PyPI), by listing only', () => {
    const entries = [
      {
        ecosystem: 'PyPI',
        name: 'Trac',
        versions: ['0.9'],
        events: [{ introduced: '0' }, { fixed: '0.10' }],
      },
    ]
    const listed = matchRecords([osvRecord('PYSEC-1', entries)], {
      ecosystem: 'pypi',
      name: 'trac',
      version: '0.9',
    })
    expect(listed.status).toBe('no-scheme')
    expect(listed.affected.map((h) => h.via)).toEqual(['versions'])
    const unlisted = matchRecords([osvRecord('PYSEC-1', entries)], {
      ecosystem: 'pypi',
      name: 'trac',
      version: '0.9.1',
    })
    expect(unlisted.undecided.map((u) => u.record.id)).toEqual(['PYSEC-1'])
  })
})

describe('real-data quirks (corpus README §1)', () => {
  it('an empty fixed event is ignored: the range stays open (swig)', () => {
    const r = matchRecords(
      [osvRecord('GHSA-2rq5', [{ name: 'swig', events: [{ introduced: '0' }, { fixed: '' }] }])],
      {
        ecosystem: 'npm',
        name: 'swig',
        version: '1.4.2',
      },
    )
    expect(r.affected).toHaveLength(1)
    expect(r.notes.join()).toContain("empty 'fixed' event ignored")
  })

  it.each([
    ["'1.0' reads as 1.0.0", [{ introduced: '1.0' }, { fixed: '2.0.0' }], '1.0.0', 'affected'],
    [
      "'7.0.36, 8.2.13' reads as its first version",
      [{ introduced: '0' }, { fixed: '7.0.36, 8.2.13' }],
      '7.0.36',
      'not-affected',
    ],
    ["'7.0.36, 8.2.13': below", [{ introduced: '0' }, { fixed: '7.0.36, 8.2.13' }], '7.0.35', 'affected'],
    [
      'a fixed event that is no version at all: undecided',
      [{ introduced: '0' }, { fixed: 'soon' }],
      '1.0.0',
      'undecided',
    ],
  ] as const)('%s', (_case, events, version, expected) => {
    expect(verdictOf([{ name: 'pkg', events: [...events] }], version)).toBe(expected)
  })

  it('a component version the scheme cannot read is reported, not matched or dropped', () => {
    const records = [osvRecord('GHSA-x', [{ name: 'pkg', events: [{ introduced: '0' }] }])]
    const r = matchRecords(records, { ecosystem: 'npm', name: 'pkg', version: 'github:user/pkg#main' })
    expect(r.status).toBe('unparseable')
    expect(r.affected).toEqual([])
    expect(r.undecided.map((u) => u.record.id)).toEqual(['GHSA-x'])
  })

  it('a near-version component (bootstrap 4.0) is read leniently and says so', () => {
    const records = [
      osvRecord('GHSA-x', [{ name: 'pkg', events: [{ introduced: '4.0.0' }, { fixed: '4.1.2' }] }]),
    ]
    const r = matchRecords(records, { ecosystem: 'npm', name: 'pkg', version: '4.0' })
    expect(r.status).toBe('assessed')
    expect(r.affected).toHaveLength(1)
    expect(r.notes).toEqual(["version '4.0' read as 4.0.0 (npm)"])
  })

  it('withdrawn records never match but are reported as ignored', () => {
    const records = [
      osvRecord('GHSA-w', [{ name: 'pkg', events: [{ introduced: '0' }] }], {
        withdrawn: '2024-01-01T00:00:00Z',
      }),
    ]
    const r = matchRecords(records, { ecosystem: 'npm', name: 'pkg', version: '1.0.0' })
    expect(r.affected).toEqual([])
    expect(r.ignoredWithdrawn.map((x) => x.id)).toEqual(['GHSA-w'])
  })

  it('several unsorted entries for one package: any entry affecting decides', () => {
    const entries = [
      { name: 'pkg', events: [{ introduced: '4.0.0' }, { fixed: '4.0.5' }] },
      { name: 'pkg', events: [{ introduced: '0' }, { fixed: '3.4.3' }] },
    ]
    expect(verdictOf(entries, '3.0.0')).toBe('affected')
    expect(verdictOf(entries, '4.0.1')).toBe('affected')
    expect(verdictOf(entries, '3.5.0')).toBe('not-affected')
  })

  it('an entry that cannot be evaluated keeps the advisory undecided even when another clears it', () => {
    const entries = [
      { name: 'pkg', events: [{ introduced: '0' }, { fixed: '1.0.0' }] },
      { name: 'pkg', events: [{ introduced: 'someday' }] },
    ]
    expect(verdictOf(entries, '2.0.0')).toBe('undecided')
    expect(verdictOf(entries, '0.5.0')).toBe('affected')
  })

  it('names compare exactly for npm (a record naming Axios does not match axios)', () => {
    const entries = [{ name: 'Axios', events: [{ introduced: '0' }] }]
    expect(verdictOf(entries, '1.0.0', 'npm', 'axios')).toBe('none')
    expect(verdictOf(entries, '1.0.0', 'npm', 'Axios')).toBe('affected')
  })

  it('cross-ecosystem entries match only their own ecosystem', () => {
    const record = osvRecord('GHSA-c', [
      { ecosystem: 'NuGet', name: 'moment', events: [{ introduced: '0' }] },
      { ecosystem: 'GitHub Actions', name: 'moment', events: [{ introduced: '0' }] },
      { name: 'moment', events: [{ introduced: '2.0.0' }] },
    ])
    const index = buildAdvisoryIndex([record])
    expect(
      matchPackage(index, { ecosystem: 'npm', name: 'moment', version: '1.0.0' }).notAffected,
    ).toHaveLength(1)
    expect(matchPackage(index, { ecosystem: 'nuget', name: 'Moment', version: '1.0.0' }).status).toBe(
      'no-scheme',
    )
    expect(index.unindexedEntries).toEqual({ 'GitHub Actions': 1 })
  })

  it('GIT ranges are left out; an entry with nothing else is undecided', () => {
    const record = osvRecord('PYSEC-g', [
      { ecosystem: 'npm', name: 'pkg', ranges: [{ type: 'GIT', events: [{ introduced: 'abc123' }] }] },
    ])
    const r = matchRecords([record], { ecosystem: 'npm', name: 'pkg', version: '1.0.0' })
    expect(r.undecided.map((u) => u.reason)).toEqual(['entry has neither versions nor ranges'])
  })
})
