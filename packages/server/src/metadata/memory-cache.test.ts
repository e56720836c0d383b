import { describe, expect, it } from 'vitest'
import { DOCUMENT_FORMAT } from './document'
import { MemoryCache } from './memory-cache'
import type { CachedEntry } from './package-metadata.repo'

const now = new Date('2026-01-01T00:00:00Z')
const later = new Date('2026-01-02T00:00:00Z')

function entry(name: string, versions: number, expiresAt = later): CachedEntry {
  return {
    registry: 'https://r/',
    ecosystem: 'npm',
    name,
    etag: null,
    fetchedAt: now,
    expiresAt,
    status: versions < 0 ? 404 : 200,
    error: null,
    document:
      versions < 0
        ? null
        : {
            format: DOCUMENT_FORMAT,
            metadata: {
              name,
              versions: Array.from({ length: versions }, (_, i) => ({
                version: `${i}.0.0`,
                publishedAt: null,
                deprecated: null,
                licences: [],
              })),
              distTags: {},
              licences: [],
              repository: null,
              modifiedAt: null,
            },
          },
  }
}

describe('MemoryCache', () => {
  it('holds a scan of 30,000 small packages whole, so the next scan finds every one', () => {
    const cache = new MemoryCache({ entries: 100_000, versions: 500_000 })
    for (let i = 0; i < 30_000; i++) cache.set(`p${i}`, entry(`p${i}`, 2))
    let found = 0
    for (let i = 0; i < 30_000; i++) if (cache.fresh(`p${i}`, now)) found++
    expect(found).toBe(30_000)
    expect(cache.size).toEqual({ entries: 30_000, versions: 90_000 })
  })

  it('drops the least recently used first, past the packages or the versions held', () => {
    const cache = new MemoryCache({ entries: 3, versions: 20 })
    cache.set('a', entry('a', 5))
    cache.set('b', entry('b', 5))
    cache.set('c', entry('c', -1)) // a 404 weighs 1
    expect(cache.fresh('a', now)).toBeDefined() // a is now the most recent
    cache.set('d', entry('d', 1)) // 4 packages: b, the oldest, goes
    expect(cache.fresh('b', now)).toBeUndefined()
    expect(cache.size).toEqual({ entries: 3, versions: 6 + 1 + 2 })
    cache.set('e', entry('e', 12)) // 9 + 13 > 20 versions: c, then a, go
    expect(cache.fresh('c', now)).toBeUndefined()
    expect(cache.fresh('a', now)).toBeUndefined()
    expect(cache.size).toEqual({ entries: 2, versions: 2 + 13 })
  })

  it('replaces an entry without counting it twice, drops stale ones, and holds nothing at 0', () => {
    const cache = new MemoryCache({ entries: 10, versions: 100 })
    cache.set('a', entry('a', 5))
    cache.set('a', entry('a', 7))
    expect(cache.size).toEqual({ entries: 1, versions: 8 })
    cache.set('s', entry('s', 3, now))
    expect(cache.fresh('s', now)).toBeUndefined()
    expect(cache.size).toEqual({ entries: 1, versions: 8 })
    const none = new MemoryCache({ entries: 0, versions: 100 })
    none.set('a', entry('a', 1))
    expect(none.fresh('a', now)).toBeUndefined()
  })
})
