// The advisory store's state (issue 14 "Advisory data freshness is visible"): what it holds per ecosystem,
// each source's last success and error, and one word for it: empty, stale (the newest successful sync or
// import is older than the sync interval), failing (a configured source's last run failed; the data is
// still within the interval), fresh, or manual (no source is synced). Recorded in every report, shown by
// the health check and /status.
import type { AdvisoryDbDetail, AdvisorySnapshot } from '@sextant/contract'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { type AdvisoryCounts, countAdvisories } from './advisories.repo'
import { configuredSources } from './sources'
import { listSources } from './sources.repo'

/** What anyone sees of a failed sync: the reason names the source's location (issue 13 item 12). */
export const PUBLIC_SYNC_ERROR = 'The last sync failed: administrators see why in GET /api/v1/databases.'

/** A sync runs at most this long after its interval ran out (schedule check, download, import). */
export const STALE_GRACE_MS = 3600_000

export interface SnapshotInput {
  counts: AdvisoryCounts
  sources: readonly Pick<AdvisoryDbDetail, 'id' | 'status' | 'lastSuccessAt' | 'lastError'>[]
  /** Ids of the sources SEXTANT_ADVISORY_SOURCES syncs (none: imports only). */
  configured: readonly string[]
  syncIntervalMs: number
  now: Date
  /**
   * Keep each failed sync's reason (members' views); off, the reason (which names the source's location)
   * becomes PUBLIC_SYNC_ERROR: reports, the health check and /status are read by anyone.
   */
  reasons?: boolean
}

const hours = (ms: number) => Math.round((ms / 3600_000) * 10) / 10

/** Pure: the state of the store from its counts and its sources' records. */
export function snapshotOf(input: SnapshotInput): AdvisorySnapshot {
  const { counts, now } = input
  const successes = input.sources.flatMap((s) => (s.lastSuccessAt ? [Date.parse(s.lastSuccessAt)] : []))
  const lastSuccess = successes.length > 0 ? Math.max(...successes) : null
  const synced = input.configured.length > 0
  const failing = input.sources.filter((s) => input.configured.includes(s.id) && s.status === 'FAILED')
  const reasonOf = (s: (typeof failing)[number]) =>
    input.reasons
      ? (s.lastError ?? 'no reason recorded')
      : 'the reason is in the server log and, for members, in GET /api/v1/databases'
  const why = failing.map((s) => `the last sync of ${s.id} failed (${reasonOf(s)})`)
  let state: AdvisorySnapshot['state']
  let problem: string | null = null
  if (counts.total === 0) {
    state = 'empty'
    problem = [
      'The advisory store is empty: no component can be checked for vulnerabilities.',
      synced
        ? ''
        : 'No advisory source is configured (SEXTANT_ADVISORY_SOURCES=none): import advisories with `sextant advisories import`.',
      ...why,
    ]
      .filter(Boolean)
      .join(' ')
  } else if (
    synced &&
    (lastSuccess === null || now.getTime() - lastSuccess > input.syncIntervalMs + STALE_GRACE_MS)
  ) {
    state = 'stale'
    const age =
      lastSuccess === null
        ? 'never synced'
        : `last successful sync ${hours(now.getTime() - lastSuccess)} h ago`
    problem = [`${age}, sync interval ${hours(input.syncIntervalMs)} h`, ...why].join('; ')
  } else if (failing.length > 0) {
    state = 'failing'
    problem = why.join('; ')
  } else {
    state = synced ? 'fresh' : 'manual'
  }
  return {
    state,
    records: counts.total,
    byEcosystem: { ...counts.byEcosystem },
    sources: input.sources.map((s) => ({
      id: s.id,
      status: s.status,
      lastSuccessAt: s.lastSuccessAt,
      lastError: s.lastError === null ? null : input.reasons ? s.lastError : PUBLIC_SYNC_ERROR,
    })),
    lastSuccessAt: lastSuccess === null ? null : new Date(lastSuccess).toISOString(),
    syncIntervalHours: synced ? hours(input.syncIntervalMs) : null,
    problem,
    takenAt: now.toISOString(),
  }
}

/**
 * Reads the store's state (two small queries; the per-ecosystem count is one grouped index scan); without
 * `reasons` (reports, the health check) a failed sync's reason is not shown.
 */
export async function readAdvisorySnapshot(
  db: Db,
  config: Pick<Config, 'advisorySources' | 'advisorySyncIntervalMs'>,
  now: Date = new Date(),
  reasons = false,
): Promise<AdvisorySnapshot> {
  const [counts, sources] = await Promise.all([countAdvisories(db), listSources(db)])
  return snapshotOf({
    counts,
    sources,
    configured: configuredSources(config.advisorySources).map((s) => s.id),
    syncIntervalMs: config.advisorySyncIntervalMs,
    now,
    reasons,
  })
}
