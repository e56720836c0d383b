import { describe, expect, it } from 'vitest'
import type { KnownVersion, VersionHistory } from './lanes'
import { computeStabilityLanes } from './lanes'
import { semverScheme } from './test-semver-scheme'

const history = (versions: (string | KnownVersion)[], latest?: string): VersionHistory => ({
  versions: versions.map((v) =>
    typeof v === 'string'
      ? { version: v, publishedAt: `2024-01-01T00:00:00.000Z#${v}`, deprecated: null }
      : v,
  ),
  ...(latest ? { distTags: { latest } } : {}),
})

const base = [
  '1.0.0',
  '1.0.1',
  '1.0.2',
  '1.1.0',
  '1.2.0',
  '1.2.3',
  '2.0.0',
  '2.1.0',
  '3.0.0-beta.1',
  '1.0.3-rc.1',
]

describe('computeStabilityLanes', () => {
  it.each([
    // [current, latestPatch, latestMinor, latestMajor, newPatch, newMinor, newMajor]
    ['1.0.0', '1.0.2', '1.2.3', '2.1.0', true, true, true],
    ['1.0.2', '1.0.2', '1.2.3', '2.1.0', false, true, true],
    ['1.2.0', '1.2.3', '1.2.3', '2.1.0', true, false, true],
    ['1.2.3', '1.2.3', '1.2.3', '2.1.0', false, false, true],
    ['2.0.0', '2.0.0', '2.1.0', '2.1.0', false, true, false],
    ['2.1.0', '2.1.0', '2.1.0', '2.1.0', false, false, false],
    // a version the registry does not list (unpublished): lanes never go below it
    ['2.5.0', '2.5.0', '2.5.0', '2.5.0', false, false, false],
    // pre-releases count only for a pre-release component, and only of its own major.minor.patch
    ['1.0.3-rc.0', '1.0.3-rc.1', '1.2.3', '2.1.0', true, true, true],
    ['3.0.0-beta.0', '3.0.0-beta.1', '3.0.0-beta.1', '3.0.0-beta.1', true, false, false],
  ] as const)(
    '%s → patch %s, minor %s, major %s',
    (current, patch, minor, major, newPatch, newMinor, newMajor) => {
      expect(computeStabilityLanes(semverScheme, current, history(base))).toMatchObject({
        latestPatch: patch,
        latestMinor: minor,
        latestMajor: major,
        newPatchVersionAvailable: newPatch,
        newMinorVersionAvailable: newMinor,
        newMajorVersionAvailable: newMajor,
      })
    },
  )

  it('offers a pre-release component the pre-releases of its own release only', () => {
    const r = computeStabilityLanes(
      semverScheme,
      '1.0.3-rc.0',
      history(['1.0.2', '1.0.3-rc.1', '1.0.4-rc.1']),
    )
    expect(r).toMatchObject({ latestPatch: '1.0.3-rc.1', newPatchVersionAvailable: true })
  })

  it('gives release dates, the known flag and the deprecation of the current version', () => {
    const h = history([
      '1.0.0',
      { version: '1.0.1', publishedAt: '2024-05-01T00:00:00.000Z', deprecated: 'use 1.0.2' },
      { version: '1.0.2', publishedAt: '2024-06-01T00:00:00.000Z', deprecated: null },
      { version: '1.0.3', publishedAt: null, deprecated: 'broken build' },
    ])
    expect(computeStabilityLanes(semverScheme, '1.0.1', h)).toMatchObject({
      known: true,
      deprecated: 'use 1.0.2',
      latestPatch: '1.0.2',
      publishedAt: { current: '2024-05-01T00:00:00.000Z', latestPatch: '2024-06-01T00:00:00.000Z' },
    })
    expect(computeStabilityLanes(semverScheme, '0.9.0', h)).toMatchObject({ known: false, deprecated: null })
  })

  it('never offers a deprecated version', () => {
    const h = history(['1.0.0', { version: '1.0.1', publishedAt: null, deprecated: 'oops' }])
    expect(computeStabilityLanes(semverScheme, '1.0.0', h)).toMatchObject({
      latestPatch: '1.0.0',
      newPatchVersionAvailable: false,
    })
  })

  it('follows the latest dist-tag like npm outdated, unless told not to', () => {
    const h = history(['1.0.0', '1.0.1', '2.0.0', '3.0.0'], '2.0.0')
    expect(computeStabilityLanes(semverScheme, '1.0.0', h)).toMatchObject({
      latestMajor: '2.0.0',
      latestPatch: '1.0.1',
    })
    expect(computeStabilityLanes(semverScheme, '3.0.0', h)).toMatchObject({ latestMajor: '3.0.0' })
    expect(computeStabilityLanes(semverScheme, '1.0.0', h, { followLatestTag: false })).toMatchObject({
      latestMajor: '3.0.0',
    })
    // a pre-release or unknown latest tag is ignored
    expect(
      computeStabilityLanes(semverScheme, '1.0.0', history(['1.0.0', '2.0.0', '3.0.0-rc.1'], '3.0.0-rc.1')),
    ).toMatchObject({
      latestMajor: '2.0.0',
    })
  })

  it('ignores versions the scheme cannot read and answers null for an unreadable component version', () => {
    const h = history(['1.0.0', '1.0.01', 'not-a-version', '1.0.5'])
    expect(computeStabilityLanes(semverScheme, '1.0.0', h)?.latestPatch).toBe('1.0.5')
    expect(computeStabilityLanes(semverScheme, 'latest', h)).toBeNull()
  })
})
