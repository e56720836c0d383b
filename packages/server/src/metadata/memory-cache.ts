// The in-process layer of the metadata cache (DESIGN §1 "memory holds caches only"): fresh entries a
// process has already read or fetched, so a warm analysis skips even the database read. Bounded
// (least recently used out first); the database stays the shared truth between processes.
import type { CachedEntry } from './package-metadata.repo'

export class MemoryCache {
  private readonly entries = new Map<string, CachedEntry>()

  constructor(private readonly maxEntries: number) {}

  /** The entry when it is still fresh at `now`; stale ones are dropped. */
  fresh(key: string, now: Date): CachedEntry | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expiresAt.getTime() <= now.getTime()) return undefined
    this.entries.set(key, entry) // most recently used last
    return entry
  }

  set(key: string, entry: CachedEntry): void {
    if (this.maxEntries <= 0) return
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.entries.delete(oldest.value)
    }
  }
}
