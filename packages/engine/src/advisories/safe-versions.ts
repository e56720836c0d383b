// Safe versions per lane (product-notes "Safe versions"; spec report-page §3 safeVersions): the
// latest known version in the same major.minor (latestPatch), the same major (latestMinor) and
// overall (latestMajor) that no advisory affects. A lane without one is omitted.
import type { Ecosystem } from '../model'
import type { SafeVersions } from '../report/document'
import { isPlaceholderVersion } from '../versioning/placeholder'
import type { VersionScheme } from '../versioning/types'
import { type AdvisoryIndex, lookupEntries } from './advisory-index'
import { type CompiledEntry, compilePackageEntries } from './compile'
import { matchEntries } from './match'
import type { OsvRecord } from './osv/types'
import { defaultSchemeLookup, readVersion, type SchemeLookup } from './versions'

export interface SafeVersionsQuery {
  /** The component's version. */
  version: string
  /** Every known version of the package (registry listing); unreadable ones are ignored. */
  versions: readonly string[]
}

/** True when no (non-withdrawn) advisory affects the version or leaves it undecided. */
function isSafe(entries: readonly CompiledEntry[], version: string, scheme: VersionScheme): boolean {
  const r = matchEntries(entries, version, scheme)
  return r.affected.length === 0 && r.undecided.length === 0
}

function later(scheme: VersionScheme, a: string | undefined, b: string): string {
  return a === undefined || (scheme.compare(b, a) ?? 0) > 0 ? b : a
}

/**
 * Safe versions from compiled entries of one package. Pre-releases are candidates only when the
 * component is one; an undecided advisory makes a version unsafe (we cannot vouch for it).
 */
export function computeSafeVersions(
  entries: readonly CompiledEntry[],
  query: SafeVersionsQuery,
  scheme: VersionScheme | null,
): SafeVersions {
  if (scheme === null || isPlaceholderVersion(query.version)) return {}
  const current = readVersion(scheme, query.version)
  const at = current === null ? null : scheme.parts(current.version)
  if (current === null || at === null) return {}
  const allowPrerelease = scheme.isPrerelease(current.version)
  let patch: string | undefined
  let minor: string | undefined
  let major: string | undefined
  for (const v of query.versions) {
    if (!scheme.isValid(v) || (!allowPrerelease && scheme.isPrerelease(v))) continue
    const p = scheme.parts(v)
    if (p === null || !isSafe(entries, v, scheme)) continue
    major = later(scheme, major, v)
    if (p.major !== at.major) continue
    minor = later(scheme, minor, v)
    if (p.minor === at.minor) patch = later(scheme, patch, v)
  }
  return {
    ...(patch === undefined ? {} : { latestPatch: patch }),
    ...(minor === undefined ? {} : { latestMinor: minor }),
    ...(major === undefined ? {} : { latestMajor: major }),
  }
}

/** Safe versions from the advisories (OSV records) known for one package. */
export function safeVersionsFor(
  ecosystem: Ecosystem,
  name: string,
  advisories: readonly OsvRecord[],
  query: SafeVersionsQuery,
  schemes: SchemeLookup = defaultSchemeLookup,
): SafeVersions {
  const entries = compilePackageEntries(advisories, ecosystem, name, schemes)
  return computeSafeVersions(entries, query, schemes(ecosystem))
}

/** Safe versions with the package's advisories taken from an index (the "nextsafe" answer). */
export function safeVersionsFromIndex(
  index: AdvisoryIndex,
  ecosystem: Ecosystem,
  name: string,
  query: SafeVersionsQuery,
): SafeVersions {
  return computeSafeVersions(lookupEntries(index, ecosystem, name), query, index.schemes(ecosystem))
}
