// pnpm-lock.yaml package keys and dependency references across lockfile versions (pnpm docs,
// lockfile formats): v5 `/name/1.0.0_peer`, v6 `/name@1.0.0(peer)`, v9 `name@1.0.0(peer)`.

/** A key without its leading `/` (v5, v6). */
export function normaliseKey(key: string): string {
  return key.startsWith('/') ? key.slice(1) : key
}

/** The key without the peer suffix: `(…)` groups (v6+) or `_…` (v5). */
export function baseKey(key: string, v5: boolean): string {
  if (v5) {
    const slash = key.lastIndexOf('/')
    const underscore = key.indexOf('_', slash + 1)
    return underscore === -1 ? key : key.slice(0, underscore)
  }
  const paren = key.indexOf('(')
  return paren === -1 ? key : key.slice(0, paren)
}

/** Name and version from a base key; null when the key is not `name@version` / `name/version`. */
export function splitKey(base: string, v5: boolean): { name: string; version: string } | null {
  if (v5) {
    const parts = base.split('/')
    const scoped = parts[0]?.startsWith('@')
    const nameParts = scoped ? 2 : 1
    if (parts.length !== nameParts + 1) return null
    return { name: parts.slice(0, nameParts).join('/'), version: parts[nameParts]! }
  }
  const at = base.indexOf('@', 1)
  if (at <= 0) return null
  return { name: base.slice(0, at), version: base.slice(at + 1) }
}

const FULL_KEY = /^(@[^/@:()]+\/)?[^@/:()]+@/

/** The package key a dependency reference points at; null for `link:` (workspace) references. */
export function refToKey(name: string, ref: string, v5: boolean): string | null {
  if (ref.startsWith('link:')) return null
  if (ref.startsWith('/')) return ref.slice(1)
  if (v5) return ref.includes('/') && !/^\d/.test(ref) ? ref : `${name}/${ref}`
  // Aliases point at another package's full key: `string-width@4.2.3`.
  return FULL_KEY.test(ref) ? ref : `${name}@${ref}`
}
