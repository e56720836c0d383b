// yarn.lock classic and berry read into one shape, so that one function builds the graph
// (yarn docs "yarn.lock"; DESIGN §4). A descriptor is `name@range` as yarn writes it.
import type { ComponentHash, ComponentSource } from '../../model'

export interface YarnPackage {
  name: string
  version: string
  source: ComponentSource
  /** Workspace path (`.` for the root) when the entry is a workspace of the project itself. */
  workspace: string | null
  /** Dependency descriptors (`name@range`), peer ones included when yarn recorded them. */
  dependencies: { name: string; range: string }[]
  /**
   * The tarball's digests (classic `integrity`). Berry's `checksum` is of yarn's own cache zip, not of
   * the package file, so it is not one.
   */
  hashes?: ComponentHash[]
  line?: number
}

export interface YarnLock {
  /** descriptor → package; several descriptors share one package. */
  byDescriptor: Map<string, YarnPackage>
  packages: YarnPackage[]
  berry: boolean
}

/** `@scope/name@range` → name and range (the first `@` after the scope marker splits). */
export function splitDescriptor(descriptor: string): { name: string; range: string } | null {
  const at = descriptor.indexOf('@', 1)
  if (at <= 0) return null
  return { name: descriptor.slice(0, at), range: descriptor.slice(at + 1) }
}

/** Each descriptor of a lockfile key line (`"a@^1", a@^2:` or `"a@npm:^1, a@npm:^2":`) → its line. */
export function descriptorLines(keyLines: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>()
  for (const [key, line] of keyLines) {
    for (const part of key.split(/,\s*/)) {
      const d = part.trim().replace(/^"|"$/g, '')
      if (d && !out.has(d)) out.set(d, line)
    }
  }
  return out
}
