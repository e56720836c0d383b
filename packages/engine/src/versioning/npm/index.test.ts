import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coerceNpmVersion, npmMaxSatisfying, npmSatisfies, npmScheme, npmValidRange } from './index'

describe('npm scheme', () => {
  it.each([
    ['1.2.3', '1.2.4', -1],
    ['1.10.0', '1.9.0', 1],
    ['1.0.0-alpha', '1.0.0', -1],
    ['1.0.0-alpha.10', '1.0.0-alpha.9', 1],
    ['1.0.0+build.1', '1.0.0+build.2', 0],
    ['v1.2.3', '1.2.3', 0],
    ['=1.2.3', '1.2.3', 0],
    ['2.0.0-5', '2.0.0', -1],
  ])('compares %s with %s → %d', (a, b, expected) => {
    expect(Math.sign(npmScheme.compare(a, b) ?? Number.NaN)).toBe(expected)
  })

  it.each([['1.0'], ['latest'], ['git+https://github.com/a/b.git#v1.2.3'], [''], ['7.0.36, 8.2.13']])(
    'refuses to order %j',
    (v) => {
      expect(npmScheme.isValid(v)).toBe(false)
      expect(npmScheme.compare(v, '1.0.0')).toBeNull()
      expect(npmScheme.parts(v)).toBeNull()
    },
  )

  it.each([
    ['1.2.3-beta.1', true],
    ['1.2.3', false],
    ['1.2.3+build', false],
    ['nonsense', false],
  ])('isPrerelease(%s) = %s', (v, expected) => {
    expect(npmScheme.isPrerelease(v)).toBe(expected)
  })

  it('gives parts', () => {
    expect(npmScheme.parts('4.17.21-rc.1')).toEqual({ major: 4, minor: 17, patch: 21 })
  })

  it.each([
    ['1.2.3', '1.2.3'],
    ['v1.2.3', '1.2.3'],
    ['1.0', '1.0.0'],
    ['4', '4.0.0'],
    ['1.7', '1.7.0'],
    ['7.0.36, 8.2.13', '7.0.36'],
    ['7.2.4, 6.11.4', '7.2.4'],
    ['2.0.0-5', '2.0.0-5'],
    ['1.2-beta.1', '1.2.0-beta.1'],
    ['', null],
    ['latest', null],
    ['git+https://github.com/a/b.git#v1.2.3', null],
    ['file:../lib', null],
    ['1.2.3.4', null],
  ])('coerces %j to %j', (raw, expected) => {
    expect(coerceNpmVersion(raw)).toBe(expected)
  })

  it('orders like a total order on generated versions', () => {
    const version = fc
      .tuple(fc.nat(20), fc.nat(20), fc.nat(20), fc.option(fc.constantFrom('alpha', 'beta.1', 'rc.2', '0')))
      .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre === null ? '' : `-${pre}`}`)
    fc.assert(
      fc.property(version, version, (a, b) => {
        const ab = npmScheme.compare(a, b)
        const ba = npmScheme.compare(b, a)
        return ab !== null && ba !== null && Math.sign(ab) === -Math.sign(ba)
      }),
    )
  })
})

describe('npm range helpers', () => {
  it.each([
    ['1.2.3', '^1.0.0', true],
    ['2.0.0', '^1.0.0', false],
    ['1.3.0-beta', '^1.2.0', false],
    ['1.2.3', 'not a range', false],
    ['not a version', '*', false],
  ])('%s satisfies %s → %s', (v, r, expected) => {
    expect(npmSatisfies(v, r)).toBe(expected)
  })

  it('lets pre-releases in when asked', () => {
    expect(npmSatisfies('1.3.0-beta', '^1.2.0', { includePrerelease: true })).toBe(true)
  })

  it('canonicalises ranges and answers null for junk', () => {
    expect(npmValidRange('1 - 2')).toBe('>=1.0.0 <3.0.0-0')
    expect(npmValidRange('>>=1')).toBeNull()
  })

  it('finds the highest satisfying version', () => {
    expect(npmMaxSatisfying(['1.0.0', '1.4.2', '2.0.0'], '<2')).toBe('1.4.2')
    expect(npmMaxSatisfying(['1.0.0'], '>3')).toBeNull()
  })
})
