// Stability lanes of one component (spec report-page §3 Stability version; issue 5 "Stability"):
// the newest version in the same major.minor (latestPatch), the same major (latestMinor) and overall
// (latestMajor), with the new-patch / new-minor / new-major flags, release dates and deprecation.
import type { VersionScheme } from '../versioning/types'

export interface KnownVersion {
  version: string
  /** ISO-8601 publish time as the registry recorded it; `null` when unknown. */
  publishedAt: string | null
  /** Deprecation message; `null` when the version is not deprecated. */
  deprecated: string | null
}

/** What a registry knows of one package; npm's and Maven's metadata both fit. */
export interface VersionHistory {
  versions: readonly KnownVersion[]
  /** npm dist-tags; `latest` caps the lanes (see computeStabilityLanes). */
  distTags?: Readonly<Record<string, string>>
}

export interface ComponentStability {
  version: string
  /** The component's own version is in the registry's list. */
  known: boolean
  latestPatch: string | null
  latestMinor: string | null
  latestMajor: string | null
  newPatchVersionAvailable: boolean
  newMinorVersionAvailable: boolean
  newMajorVersionAvailable: boolean
  publishedAt: {
    current: string | null
    latestPatch: string | null
    latestMinor: string | null
    latestMajor: string | null
  }
  /** The component's own version is deprecated: the message (may be empty). */
  deprecated: string | null
}

export interface StabilityLaneOptions {
  /**
   * Follow npm's `latest` dist-tag (default true): versions above it are not offered, as `npm outdated`
   * does not offer them. Ignored unless the tag names a known, valid, stable, non-deprecated version.
   */
  followLatestTag?: boolean
}

/**
 * Lanes for `version` among `history.versions`. Candidates are valid, not deprecated and stable;
 * pre-releases (npm pre-release tags, Maven SNAPSHOT / alpha / beta / milestone / rc) count only when
 * the component is itself a pre-release, and then only those of its own major.minor.patch (semver's
 * rule). Each lane includes the current version, so a lane never goes below it. `null` when the
 * scheme cannot read `version`.
 */
export function computeStabilityLanes(
  scheme: VersionScheme,
  version: string,
  history: VersionHistory,
  options: StabilityLaneOptions = {},
): ComponentStability | null {
  const current = scheme.isValid(version) ? scheme.parts(version) : null
  if (!current) return null
  const cmp = (a: string, b: string): number => scheme.compare(a, b) ?? 0
  const currentIsPre = scheme.isPrerelease(version)
  const byVersion = new Map(history.versions.map((v) => [v.version, v]))

  const cap = options.followLatestTag === false ? null : usableLatestTag(scheme, history, byVersion)
  let patch = version
  let minor = version
  let major = version
  for (const v of history.versions) {
    if (v.deprecated !== null || !scheme.isValid(v.version)) continue
    const parts = scheme.parts(v.version)
    if (!parts) continue
    if (scheme.isPrerelease(v.version)) {
      const sameRelease =
        parts.major === current.major && parts.minor === current.minor && parts.patch === current.patch
      if (!currentIsPre || !sameRelease) continue
    }
    if (cap !== null && cmp(v.version, cap) > 0) continue
    if (cmp(v.version, major) > 0) major = v.version
    if (parts.major !== current.major) continue
    if (cmp(v.version, minor) > 0) minor = v.version
    if (parts.minor === current.minor && cmp(v.version, patch) > 0) patch = v.version
  }
  const dateOf = (v: string): string | null => byVersion.get(v)?.publishedAt ?? null
  return {
    version,
    known: byVersion.has(version),
    latestPatch: patch,
    latestMinor: minor,
    latestMajor: major,
    newPatchVersionAvailable: cmp(patch, version) > 0,
    newMinorVersionAvailable: cmp(minor, patch) > 0,
    newMajorVersionAvailable: cmp(major, minor) > 0,
    publishedAt: {
      current: dateOf(version),
      latestPatch: dateOf(patch),
      latestMinor: dateOf(minor),
      latestMajor: dateOf(major),
    },
    deprecated: byVersion.get(version)?.deprecated ?? null,
  }
}

function usableLatestTag(
  scheme: VersionScheme,
  history: VersionHistory,
  byVersion: Map<string, KnownVersion>,
): string | null {
  const tag = history.distTags?.latest
  if (!tag || !scheme.isValid(tag) || scheme.isPrerelease(tag)) return null
  const known = byVersion.get(tag)
  return known && known.deprecated === null ? tag : null
}
