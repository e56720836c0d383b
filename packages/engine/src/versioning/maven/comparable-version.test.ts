import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalMavenVersion, compareMavenVersions, isMavenPrerelease } from './comparable-version'
import { mavenScheme } from './index'

describe('Maven ComparableVersion (3.9)', () => {
  it.each([
    ['1', '1.0.0', 0],
    ['1-alpha-1', '1', -1],
    ['1.0-SNAPSHOT', '1.0', -1],
    ['1.0-rc1', '1.0-SNAPSHOT', -1],
    ['1.0', '1.0-sp', -1],
    ['1.0-sp', '1.0-foo', -1],
    ['1.0-1', '1.0.1', -1],
    ['1.0.RELEASE', '1.0', 0],
    ['1.0.Final', '1.0-ga', 0],
    ['2.9.10.8', '2.10.0', -1],
    ['1cr', '1rc', 0],
    ['1a1', '1-alpha-1', 0],
    ['1.10', '1.9', 1],
    ['99999999999999999999', '9999999999', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareMavenVersions(a, b)).toBe(expected)
    expect(compareMavenVersions(b, a)).toBe(-expected || 0)
  })

  it('is antisymmetric and reflexive for arbitrary strings', () => {
    const version = fc.stringMatching(/^[0-9a-z.-]{1,12}$/)
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareMavenVersions(a, a)).toBe(0)
        expect(compareMavenVersions(a, b)).toBe(-compareMavenVersions(b, a) || 0)
      }),
    )
  })

  it('prints the canonical form', () => {
    expect(canonicalMavenVersion('1.0.0-ALPHA1')).toBe('1-alpha-1')
  })

  it('knows pre-releases', () => {
    expect(isMavenPrerelease('1.0-SNAPSHOT')).toBe(true)
    expect(isMavenPrerelease('2.0.0-M1')).toBe(true)
    expect(isMavenPrerelease('5.3.1.RELEASE')).toBe(false)
    expect(isMavenPrerelease('1.0-sp1')).toBe(false)
  })

  it('implements the VersionScheme seam', () => {
    expect(mavenScheme.compare('1.0', '')).toBeNull()
    expect(mavenScheme.parts('2.13.4.2')).toEqual({ major: 2, minor: 13, patch: 4 })
    expect(mavenScheme.parts('1.0')).toEqual({ major: 1, minor: 0, patch: 0 })
    expect(mavenScheme.parts('debian')).toBeNull()
  })
})
