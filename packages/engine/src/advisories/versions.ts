// How advisory matching reads versions (DESIGN §4 advisories): which scheme orders a range, and
// the explicit leniency for near-versions in real data ('1.0', '7.0.36, 8.2.13'), always reported.
import type { Ecosystem } from '../model'
import { getVersionScheme } from '../versioning/api'
import { type CoercingVersionScheme, npmScheme } from '../versioning/npm'
import type { VersionScheme } from '../versioning/types'

export type SchemeLookup = (ecosystem: Ecosystem) => VersionScheme | null

export interface ReadVersion {
  /** A version the scheme orders. */
  version: string
  /** True when the text was not itself a valid version and was read as `version`. */
  coerced: boolean
}

function hasCoerce(scheme: VersionScheme): scheme is CoercingVersionScheme {
  return typeof (scheme as { coerce?: unknown }).coerce === 'function'
}

/**
 * Reads a version under a scheme: as is (canonicalised) when valid; else the first entry of a comma list
 * ('7.0.36, 8.2.13' → '7.0.36', what the corpus oracle and npm's own coercion do); else the
 * scheme's own coercion when it has one. `null`: the scheme cannot read it.
 */
export function readVersion(scheme: VersionScheme, raw: string): ReadVersion | null {
  if (scheme.isValid(raw)) {
    // Canonical form where the scheme has one ('v1.0.0' → '1.0.0'), so `versions` lists compare.
    return { version: hasCoerce(scheme) ? (scheme.coerce(raw) ?? raw) : raw, coerced: false }
  }
  const first = raw.split(',')[0]?.trim() ?? ''
  if (first !== '' && first !== raw && scheme.isValid(first)) return { version: first, coerced: true }
  if (hasCoerce(scheme)) {
    const c = scheme.coerce(raw)
    if (c !== null) return { version: c, coerced: true }
  }
  return null
}

/** The scheme that orders a range: SEMVER ranges use SemVer 2 whatever the ecosystem. */
export function schemeForRange(
  rangeType: string,
  ecosystem: Ecosystem,
  lookup: SchemeLookup,
): VersionScheme | null {
  if (rangeType === 'SEMVER') return npmScheme
  if (rangeType === 'ECOSYSTEM') return lookup(ecosystem)
  return null
}

export const defaultSchemeLookup: SchemeLookup = getVersionScheme
