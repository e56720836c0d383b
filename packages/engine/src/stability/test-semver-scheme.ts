// Test helper only (not exported): a small VersionScheme over `semver`, so stability tests do not
// depend on versioning/npm. Pre-release = any semver pre-release tag.
import semver from 'semver'
import type { VersionScheme } from '../versioning/types'

export const semverScheme: VersionScheme = {
  id: 'test-semver',
  isValid: (v) => semver.valid(v) !== null,
  compare: (a, b) => (semver.valid(a) && semver.valid(b) ? semver.compare(a, b) : null),
  isPrerelease: (v) => (semver.prerelease(v)?.length ?? 0) > 0,
  parts: (v) => {
    const p = semver.parse(v)
    return p ? { major: p.major, minor: p.minor, patch: p.patch } : null
  },
}
