import { describe, expect, it } from 'vitest'
import { npmSatisfies } from '../versioning/npm'
import { npmVulnerableVersions } from './npm-range'
import { osvRecord, type RawEntry } from './test-records'

describe('npmVulnerableVersions', () => {
  it.each([
    [
      'introduced 0 / fixed',
      [{ name: 'p', events: [{ introduced: '0' }, { fixed: '1.2.3' }] }],
      '>=0.0.0-0 <1.2.3',
    ],
    [
      'last_affected',
      [{ name: 'p', events: [{ introduced: '1.0.0' }, { last_affected: '1.4.0' }] }],
      '>=1.0.0 <=1.4.0',
    ],
    ['open-ended', [{ name: 'p', events: [{ introduced: '1.4.1' }] }], '>=1.4.1'],
    [
      'several entries and a versions list merged',
      [
        { name: 'p', events: [{ introduced: '0' }, { fixed: '1.0.0' }] },
        { name: 'p', events: [{ introduced: '2.0.0' }, { fixed: '2.0.5' }], versions: ['3.0.0'] },
      ],
      '>=0.0.0-0 <1.0.0 || >=2.0.0 <2.0.5 || =3.0.0',
    ],
    [
      'a comma-listed fix read like matching does',
      [{ name: 'p', events: [{ introduced: '0' }, { fixed: '7.0.36, 8.2.13' }] }],
      '>=0.0.0-0 <7.0.36',
    ],
    [
      'an empty fix leaves the range open',
      [{ name: 'p', events: [{ introduced: '0' }, { fixed: '' }] }],
      '>=0.0.0-0',
    ],
    ['another package only', [{ name: 'q', events: [{ introduced: '0' }] }], null],
  ] as [string, RawEntry[], string | null][])('%s', (_case, entries, expected) => {
    expect(npmVulnerableVersions(osvRecord('GHSA-r', entries), 'p')).toBe(expected)
  })

  it('covers pre-releases when evaluated with includePrerelease', () => {
    const range = npmVulnerableVersions(
      osvRecord('GHSA-r', [{ name: 'p', events: [{ introduced: '0' }, { fixed: '2.0.0' }] }]),
      'p',
    )
    expect(npmSatisfies('2.0.0-rc.1', range ?? '', { includePrerelease: true })).toBe(true)
    expect(npmSatisfies('2.0.0', range ?? '', { includePrerelease: true })).toBe(false)
  })
})
