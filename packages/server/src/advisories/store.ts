// The advisory store as the analysis sees it (DESIGN §2 "advisory store", §4 step 4 "Enrich"): the
// records of a whole graph in one indexed query, whether anything was imported yet, and what it holds.
import type { AdvisorySnapshot } from '@sextant/contract'
import type { Ecosystem, OsvRecord } from '@sextant/engine'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import {
  type AdvisoryCounts,
  advisoryStoreStamp,
  countAdvisories,
  hasAdvisories,
  keptCountTtlMs,
  type PackageKey,
  type ParsedRecordCache,
  recordsFor,
} from './advisories.repo'
import {
  type AdvisoryListFilters,
  type AdvisoryListRow,
  countAdvisoryList,
  fillAdvisoryFacets,
  pageAdvisoryList,
  recordsByIdentifier,
} from './lookups.repo'
import { readAdvisorySnapshot } from './snapshot'
import { sourcesGeneration } from './sources.repo'

export interface AdvisoryStore {
  /** Every stored OSV record naming one of these packages (names are normalised per ecosystem). */
  recordsFor(keys: readonly PackageKey[]): Promise<OsvRecord[]>
  /** True before the first import: an analysis then reports security as not assessed, not as clean. */
  isEmpty(): Promise<boolean>
  stats(): Promise<AdvisoryCounts>
  /** One page of the advisories of an ecosystem (library lookups), how many match in all, the next page's cursor. */
  list(
    ecosystem: Ecosystem,
    filters: AdvisoryListFilters,
  ): Promise<{ total: number; rows: AdvisoryListRow[]; next: string | null }>
  /** The records carrying an identifier (id or alias) in an ecosystem, with those they alias. */
  byIdentifier(ecosystem: Ecosystem, identifier: string): Promise<OsvRecord[]>
  /** The store's state (counts per ecosystem, sources, freshness), read at most every few seconds. */
  snapshot(): Promise<AdvisorySnapshot>
}

/**
 * How long one read of the store's state serves analyses while no source ran since (the per-ecosystem
 * counts are the costly part); a sync or import starting or ending anywhere changes the generation.
 */
const snapshotTtlMs = 60_000

/** Parsed records kept per process (a full OSV npm + Maven export is about this size). */
const maxCachedRecords = 30_000

/**
 * Listing counts kept per filter (issue 20: counting an ecosystem of 28,000 records took 160-600 ms per
 * page), while the store's stamp is unchanged (advisoryStoreStamp).
 */
const maxCachedCounts = 500

/** One store per process: parsed records are cached in it, the oldest dropped past the limit. */
export function createAdvisoryStore(
  db: Db,
  config: Pick<Config, 'advisorySources' | 'advisorySyncIntervalMs'> = {
    advisorySources: null,
    advisorySyncIntervalMs: 24 * 3600_000,
  },
): AdvisoryStore {
  let snapshot: { at: number; generation: string; value: Promise<AdvisorySnapshot> } | null = null
  const cache: ParsedRecordCache = new Map()
  const bounded = cache.set.bind(cache)
  cache.set = (id, entry) => {
    bounded(id, entry)
    for (const oldest of cache.keys()) {
      if (cache.size <= maxCachedRecords) break
      cache.delete(oldest)
    }
    return cache
  }
  // Rows stored before the facet columns existed are filled once per process, before the first listing.
  let facetsFilled: Promise<number> | null = null
  const counts = new Map<string, { stamp: string; at: number; total: Promise<number> }>()
  const countOf = async (ecosystem: Ecosystem, filters: AdvisoryListFilters): Promise<number> => {
    const { limit: _l, offset: _o, after: _a, ...rest } = filters
    const key = JSON.stringify([ecosystem, rest])
    const stamp = await advisoryStoreStamp(db)
    const now = Date.now()
    const kept = counts.get(key)
    if (kept && kept.stamp === stamp && now - kept.at <= keptCountTtlMs) return kept.total
    const total = countAdvisoryList(db, ecosystem, filters)
    counts.delete(key)
    counts.set(key, { stamp, at: now, total })
    total.catch(() => {
      if (counts.get(key)?.total === total) counts.delete(key)
    })
    for (const oldest of counts.keys()) {
      if (counts.size <= maxCachedCounts) break
      counts.delete(oldest)
    }
    return total
  }
  return {
    recordsFor: (keys) => recordsFor(db, keys, cache),
    list: async (ecosystem, filters) => {
      facetsFilled ??= fillAdvisoryFacets(db).catch((error: unknown) => {
        facetsFilled = null
        throw error
      })
      await facetsFilled
      const [total, page] = await Promise.all([
        countOf(ecosystem, filters),
        pageAdvisoryList(db, ecosystem, filters),
      ])
      return { total, ...page }
    },
    byIdentifier: (ecosystem, identifier) => recordsByIdentifier(db, ecosystem, identifier),
    isEmpty: async () => !(await hasAdvisories(db)),
    stats: () => countAdvisories(db),
    snapshot: async () => {
      const now = Date.now()
      const generation = await sourcesGeneration(db)
      if (!snapshot || snapshot.generation !== generation || now - snapshot.at > snapshotTtlMs) {
        const value = readAdvisorySnapshot(db, config)
        snapshot = { at: now, generation, value }
        value.catch(() => {
          snapshot = null
        })
      }
      return snapshot.value
    },
  }
}
