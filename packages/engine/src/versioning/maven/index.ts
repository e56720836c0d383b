// Maven version scheme (DESIGN §4 versioning): ComparableVersion ordering (Maven 3.9) and ranges,
// behind the shared VersionScheme interface; registry key `maven`.
import type { VersionParts, VersionScheme } from '../types'
import { compareMavenVersions, isMavenPrerelease, parseMavenVersion } from './comparable-version'

export {
  canonicalMavenVersion,
  compareMavenVersions,
  isMavenPrerelease,
  type MavenVersionItem,
  parseMavenVersion,
} from './comparable-version'
export {
  bestMavenMatch,
  isMavenRangeSpec,
  type MavenRestriction,
  type MavenVersionRange,
  mavenRangeContains,
  parseMavenRange,
} from './range'

function isValid(version: string): boolean {
  return version.trim() !== '' && !/[\s[\](),]/.test(version)
}

/** Leading numeric items of the top-level list; `null` when the version does not start with a number. */
function parts(version: string): VersionParts | null {
  if (!isValid(version)) return null
  const items = parseMavenVersion(version)
  const nums: number[] = []
  for (const item of items) {
    if (item.kind !== 'int') break
    nums.push(Number(item.digits))
  }
  // normalisation drops trailing zeros (1.0.0 → [1]); a version starting with a qualifier has no parts
  if (nums.length === 0 && !/^[0.]*\d/.test(version)) return null
  return { major: nums[0] ?? 0, minor: nums[1] ?? 0, patch: nums[2] ?? 0 }
}

export const mavenScheme: VersionScheme = {
  id: 'maven',
  isValid,
  compare: (a, b) => (isValid(a) && isValid(b) ? compareMavenVersions(a, b) : null),
  isPrerelease: (v) => isValid(v) && isMavenPrerelease(v),
  parts,
}
