// Public surface of the version schemes (DESIGN §4 versioning): the registry and each scheme's
// own helpers. Types of the shared interface live in ./types.
export { getVersionScheme, listVersionSchemes } from './api'
export {
  type CoercingVersionScheme,
  coerceNpmVersion,
  type NpmRangeOptions,
  npmGreaterThanRange,
  npmLessThanRange,
  npmMaxSatisfying,
  npmRangesIntersect,
  npmSatisfies,
  npmScheme,
  npmValidRange,
} from './npm'
export { isPlaceholderVersion } from './placeholder'
export type { VersionParts, VersionScheme } from './types'
