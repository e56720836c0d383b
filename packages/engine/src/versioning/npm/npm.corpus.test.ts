// The npm scheme against node-semver's own fixtures and osv-scalibr's SemVer ordering vectors
// (DESIGN §4 versioning, corpus README §3). increments/truncations test features we do not offer.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { requireCorpus } from '../../testing/corpus'
import {
  type NpmRangeOptions,
  npmGreaterThanRange,
  npmLessThanRange,
  npmRangesIntersect,
  npmSatisfies,
  npmScheme,
  npmValidRange,
} from './index'

const dir = join(requireCorpus(), 'versions')

function fixture(name: string): unknown[][] {
  const data = JSON.parse(readFileSync(join(dir, 'npm-semver', `${name}.json`), 'utf8')) as {
    cases: unknown[][]
  }
  return data.cases
}

/** The fixtures' option encoding: bare `true` is `{loose: true}`; objects are node-semver options. */
function options(raw: unknown): NpmRangeOptions {
  if (raw === true) return { loose: true }
  if (typeof raw === 'object' && raw !== null) {
    const o = raw as Record<string, unknown>
    return { loose: o.loose === true, includePrerelease: o.includePrerelease === true }
  }
  return {}
}

const str = (v: unknown): string => String(v)

describe('npm scheme on node-semver fixtures', () => {
  it('comparisons: the first is greater', () => {
    const cases = fixture('comparisons')
    for (const [a, b] of cases) {
      expect(npmScheme.compare(str(a), str(b)), `${a} > ${b}`).toBeGreaterThan(0)
      expect(npmScheme.compare(str(b), str(a)), `${b} < ${a}`).toBeLessThan(0)
    }
    expect(cases.length).toBe(31)
  })

  it('equality', () => {
    for (const [a, b] of fixture('equality')) expect(npmScheme.compare(str(a), str(b)), `${a} = ${b}`).toBe(0)
  })

  it('valid versions: parts and pre-release', () => {
    for (const [v, major, minor, patch, pre] of fixture('valid-versions')) {
      expect(npmScheme.parts(str(v)), str(v)).toEqual({ major, minor, patch })
      expect(npmScheme.isPrerelease(str(v)), str(v)).toBe((pre as unknown[]).length > 0)
    }
  })

  it('invalid versions (string entries; regex entries are not strings at all)', () => {
    const strings = fixture('invalid-versions').filter(([v]) => typeof v === 'string')
    expect(strings.length).toBe(6)
    for (const [v] of strings) expect(npmScheme.isValid(str(v)), str(v)).toBe(false)
  })

  it.each([
    ['range-include', true],
    ['range-exclude', false],
  ] as const)('%s', (name, expected) => {
    for (const [range, version, opts] of fixture(name)) {
      expect(npmSatisfies(str(version), str(range), options(opts)), `${version} in ${range}`).toBe(expected)
    }
  })

  it.each([
    ['version-gt-range', npmGreaterThanRange, true],
    ['version-not-gt-range', npmGreaterThanRange, false],
    ['version-lt-range', npmLessThanRange, true],
    ['version-not-lt-range', npmLessThanRange, false],
  ] as const)('%s', (name, fn, expected) => {
    for (const [range, version, opts] of fixture(name)) {
      expect(fn(str(version), str(range), options(opts)), `${version} vs ${range}`).toBe(expected)
    }
  })

  it('range-parse', () => {
    for (const [range, canonical, opts] of fixture('range-parse')) {
      expect(npmValidRange(str(range), options(opts)), str(range)).toBe(canonical)
    }
  })

  it('range-intersection', () => {
    for (const [a, b, expected] of fixture('range-intersection')) {
      expect(npmRangesIntersect(str(a), str(b)), `${a} ∩ ${b}`).toBe(expected)
    }
  })

  it('comparator-intersection', () => {
    for (const [a, b, expected, includePrerelease] of fixture('comparator-intersection')) {
      const opts = { includePrerelease: includePrerelease === true }
      expect(npmRangesIntersect(str(a), str(b), opts), `${a} ∩ ${b}`).toBe(expected)
    }
  })
})

describe('npm scheme on osv-scalibr semver-versions.txt', () => {
  const lines = readFileSync(join(dir, 'osv-scalibr', 'semver-versions.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('//'))
  const relations = lines.map((l) => {
    const m = /^(\S+) ([<>=]) (\S+)$/.exec(l)
    if (m === null) throw new Error(`unreadable line: ${l}`)
    return { a: m[1] ?? '', op: m[2] ?? '', b: m[3] ?? '' }
  })

  it('orders every pair whose sides are SemVer', () => {
    let checked = 0
    const notSemver: string[] = []
    for (const { a, b, op } of relations) {
      if (!npmScheme.isValid(a) || !npmScheme.isValid(b)) {
        notSemver.push(`${a} ${op} ${b}`)
        continue
      }
      const c = npmScheme.compare(a, b)
      const want = op === '<' ? -1 : op === '>' ? 1 : 0
      expect(Math.sign(c ?? Number.NaN), `${a} ${op} ${b}`).toBe(want)
      checked++
    }
    expect(checked).toBeGreaterThan(70)
    // Beyond SemVer: numbers past Number.MAX_SAFE_INTEGER and more than three components.
    expect(notSemver).toEqual([
      '999999999999999999999999999991 < 999999999999999999999999999999',
      '999999999999999999999999999991.999999999999999999999999999991.999999999999999999999999999991 < 999999999999999999999999999999.999999999999999999999999999991.999999999999999999999999999991',
      '1.1.3.4.5 = 1.1.3.4.5',
    ])
  })
})
