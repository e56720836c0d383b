// npm version scheme (DESIGN §4 versioning): node-semver ordering (loose parsing, build metadata
// ignored), pre-releases, major.minor.patch parts and range helpers; registry key `npm`.
// `coerce` is the one explicit leniency, for partial or decorated versions found in real data.
import semver from 'semver'
import type { VersionParts, VersionScheme } from '../types'

export interface NpmRangeOptions {
  /** Let pre-release versions satisfy ranges whose comparators carry no pre-release tag. */
  includePrerelease?: boolean
  loose?: boolean
}

/** A version scheme that can also turn a near-version (`4.0`, `v1.2`, `7.0.36, 8.2.13`) into one. */
export interface CoercingVersionScheme extends VersionScheme {
  /** The valid version a near-version stands for; `null` when the text does not start with one. */
  coerce(raw: string): string | null
}

const LOOSE = { loose: true } as const

// A leading major[.minor[.patch]][-prerelease][+build], ended by the text's end or a list separator.
// Narrower than semver.coerce on purpose: a git URL or `latest` never turns into a version.
const NEAR_VERSION =
  /^\s*[v=]?\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?(-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?\s*(?:$|[,;|])/

// Parsing dominates matching time (every range event compares against the component version), so
// parsed versions are memoised. The memo is invisible from outside: same input, same answer.
const MEMO_LIMIT = 50_000
const memo = new Map<string, semver.SemVer | null>()

function parse(version: string): semver.SemVer | null {
  const hit = memo.get(version)
  if (hit !== undefined) return hit
  const parsed = semver.parse(version, LOOSE)
  if (memo.size >= MEMO_LIMIT) memo.clear()
  memo.set(version, parsed)
  return parsed
}

function isValid(version: string): boolean {
  return parse(version) !== null
}

function compare(a: string, b: string): number | null {
  const pa = parse(a)
  const pb = parse(b)
  if (pa === null || pb === null) return null
  return pa.compare(pb)
}

function isPrerelease(version: string): boolean {
  const p = parse(version)
  return p !== null && p.prerelease.length > 0
}

function parts(version: string): VersionParts | null {
  const p = parse(version)
  return p === null ? null : { major: p.major, minor: p.minor, patch: p.patch }
}

/** Canonical form of a valid version (`v1.2.3` → `1.2.3`), else the near-version it stands for. */
export function coerceNpmVersion(raw: string): string | null {
  const valid = parse(raw)
  if (valid !== null) return valid.version
  const m = NEAR_VERSION.exec(raw)
  if (m === null) return null
  const candidate = `${m[1]}.${m[2] ?? '0'}.${m[3] ?? '0'}${m[4] ?? ''}`
  return parse(candidate)?.version ?? null
}

export const npmScheme: CoercingVersionScheme = {
  id: 'npm',
  isValid,
  compare,
  isPrerelease,
  parts,
  coerce: coerceNpmVersion,
}

/** True when `version` satisfies the npm range; false for an invalid version or range. */
export function npmSatisfies(version: string, range: string, options: NpmRangeOptions = {}): boolean {
  try {
    return semver.satisfies(version, range, options)
  } catch {
    return false
  }
}

/** The canonical form of an npm range (`1 - 2` → `>=1.0.0 <3.0.0-0`), `null` when it is not one. */
export function npmValidRange(range: string, options: NpmRangeOptions = {}): string | null {
  try {
    return semver.validRange(range, options)
  } catch {
    return null
  }
}

/** True when some version satisfies both ranges; false when either is not a valid range. */
export function npmRangesIntersect(a: string, b: string, options: NpmRangeOptions = {}): boolean {
  try {
    return semver.intersects(a, b, options)
  } catch {
    return false
  }
}

/** True when the version is above every version the range allows (`semver.gtr`). */
export function npmGreaterThanRange(version: string, range: string, options: NpmRangeOptions = {}): boolean {
  try {
    return semver.gtr(version, range, options)
  } catch {
    return false
  }
}

/** True when the version is below every version the range allows (`semver.ltr`). */
export function npmLessThanRange(version: string, range: string, options: NpmRangeOptions = {}): boolean {
  try {
    return semver.ltr(version, range, options)
  } catch {
    return false
  }
}

/** The highest of `versions` that satisfies the range, `null` when none does. */
export function npmMaxSatisfying(
  versions: readonly string[],
  range: string,
  options: NpmRangeOptions = {},
): string | null {
  try {
    return semver.maxSatisfying([...versions], range, options)
  } catch {
    return null
  }
}
