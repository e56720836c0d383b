// The version-scheme interface (DESIGN §4 versioning): one folder per ecosystem scheme, each
// tested against lists produced by the ecosystem's own tooling (../shared/corpus/versions).

export interface VersionParts {
  major: number
  minor: number
  patch: number
}

export interface VersionScheme {
  /** Folder name = id = registry key. */
  id: string
  /** True when the scheme can order this version string. */
  isValid(version: string): boolean
  /** Negative, zero or positive; `null` when either side is not a valid version (never a guess). */
  compare(a: string, b: string): number | null
  /** Pre-releases (npm) and SNAPSHOT / alpha / beta / milestone / rc (Maven). */
  isPrerelease(version: string): boolean
  /** major.minor.patch where the scheme has them; `null` when it cannot tell. */
  parts(version: string): VersionParts | null
}
