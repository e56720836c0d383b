// Maven version ranges (VersionRange.createFromVersionSpec, Maven 3.9; DESIGN §4 versioning):
// `[1.0,2.0)`, `(,1.5]`, `[1.2]`, unions `(,1.0],[1.2,)`, and a bare `1.0` as a soft requirement.
// Parsing never throws: a malformed spec is `null` (STYLE rule 5).
import { compareMavenVersions } from './comparable-version'

export interface MavenRestriction {
  lower: string | null
  lowerInclusive: boolean
  upper: string | null
  upperInclusive: boolean
}

/** A parsed spec: either a soft `recommended` version (no restrictions) or one or more restrictions. */
export interface MavenVersionRange {
  recommended: string | null
  restrictions: MavenRestriction[]
}

function parseRestriction(spec: string): MavenRestriction | null {
  const lowerInclusive = spec.startsWith('[')
  const upperInclusive = spec.endsWith(']')
  const inner = spec.slice(1, -1).trim()
  const comma = inner.indexOf(',')
  if (comma < 0) {
    // [1.2] is an exact version; (1.2) and [1.2) are invalid
    if (!lowerInclusive || !upperInclusive || inner === '') return null
    return { lower: inner, lowerInclusive: true, upper: inner, upperInclusive: true }
  }
  if (inner.indexOf(',', comma + 1) >= 0) return null
  const lower = inner.slice(0, comma).trim() || null
  const upper = inner.slice(comma + 1).trim() || null
  if (lower !== null && upper !== null) {
    const c = compareMavenVersions(upper, lower)
    if (c < 0) return null
    if (c === 0 && !(lowerInclusive && upperInclusive)) return null
  }
  return {
    lower,
    lowerInclusive: lower === null ? false : lowerInclusive,
    upper,
    upperInclusive: upper === null ? false : upperInclusive,
  }
}

/** Parses a version spec; `null` when malformed (unbalanced brackets, overlapping or reversed ranges). */
export function parseMavenRange(spec: string): MavenVersionRange | null {
  let rest = spec.trim()
  if (rest === '') return null
  if (!rest.startsWith('[') && !rest.startsWith('(')) {
    if (/[[\](),]/.test(rest)) return null
    return { recommended: rest, restrictions: [] }
  }
  const restrictions: MavenRestriction[] = []
  while (rest.startsWith('[') || rest.startsWith('(')) {
    const close = rest.search(/[\])]/)
    if (close < 0) return null
    const r = parseRestriction(rest.slice(0, close + 1))
    if (r === null) return null
    const prev = restrictions[restrictions.length - 1]
    // Ranges must be in order and must not overlap (Maven: "Ranges overlap").
    if (prev && (prev.upper === null || r.lower === null || compareMavenVersions(r.lower, prev.upper) < 0))
      return null
    restrictions.push(r)
    rest = rest.slice(close + 1).trim()
    if (rest.startsWith(',')) rest = rest.slice(1).trim()
  }
  if (rest !== '') return null
  return { recommended: null, restrictions }
}

function restrictionContains(r: MavenRestriction, version: string): boolean {
  if (r.lower !== null) {
    const c = compareMavenVersions(version, r.lower)
    if (c < 0 || (c === 0 && !r.lowerInclusive)) return false
  }
  if (r.upper !== null) {
    const c = compareMavenVersions(version, r.upper)
    if (c > 0 || (c === 0 && !r.upperInclusive)) return false
  }
  return true
}

/** True when the range admits the version; a soft requirement (`1.0`) admits every version. */
export function mavenRangeContains(range: MavenVersionRange, version: string): boolean {
  if (range.restrictions.length === 0) return true
  return range.restrictions.some((r) => restrictionContains(r, version))
}

/** True when the spec is a real range (brackets), not a soft version. */
export function isMavenRangeSpec(spec: string): boolean {
  const t = spec.trim()
  return t.startsWith('[') || t.startsWith('(')
}

/** Highest version of `available` inside the range (Maven picks the newest match); `null` when none. */
export function bestMavenMatch(range: MavenVersionRange, available: readonly string[]): string | null {
  if (range.restrictions.length === 0) return range.recommended
  let best: string | null = null
  for (const v of available) {
    if (!mavenRangeContains(range, v)) continue
    if (best === null || compareMavenVersions(v, best) > 0) best = v
  }
  return best
}
