// The in-process layer of the metadata cache (DESIGN §1 "memory holds caches only"): fresh entries a
// process has already read or fetched, so a warm analysis skips even the database read. Bounded
// (least recently used out first) by packages and by the versions they hold, what their memory
// follows (issue 20 "Linear at any size": a count of 10,000 packages made every warm analysis of a
// larger lockfile miss them all, the scan evicting each before its next use, and read every one back
// from the database); the database stays the shared truth between processes.
import type { CachedEntry } from './package-metadata.repo'

/** A held entry; `installDropped`: its document was held without npm's install requirements (source.ts). */
export type MemoryEntry = CachedEntry & { installDropped?: boolean }

export interface MemoryLimits {
  /** Packages held (0 = none). */
  entries: number
  /** Versions held over all packages (a package counts its versions plus one). */
  versions: number
}

/** 100,000 packages / 500,000 versions: a 30,000-package lockfile, or a few thousand real packuments. */
export const DEFAULT_MEMORY_LIMITS: MemoryLimits = { entries: 100_000, versions: 500_000 }

const weightOf = (entry: MemoryEntry): number => 1 + (entry.document?.metadata.versions.length ?? 0)

export class MemoryCache {
  private readonly entries = new Map<string, MemoryEntry>()
  private weight = 0

  constructor(private readonly limits: MemoryLimits) {}

  /** The entry when it is still fresh at `now`; stale ones are dropped. */
  fresh(key: string, now: Date): MemoryEntry | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expiresAt.getTime() <= now.getTime()) {
      this.weight -= weightOf(entry)
      return undefined
    }
    this.entries.set(key, entry) // most recently used last
    return entry
  }

  set(key: string, entry: MemoryEntry): void {
    if (this.limits.entries <= 0) return
    const held = this.entries.get(key)
    if (held) {
      this.entries.delete(key)
      this.weight -= weightOf(held)
    }
    this.entries.set(key, entry)
    this.weight += weightOf(entry)
    while (this.entries.size > this.limits.entries || this.weight > this.limits.versions) {
      const oldest = this.entries.entries().next()
      if (oldest.done) break
      this.entries.delete(oldest.value[0])
      this.weight -= weightOf(oldest.value[1])
    }
  }

  /** Packages and versions held (tests). */
  get size(): { entries: number; versions: number } {
    return { entries: this.entries.size, versions: this.weight }
  }
}
