// The `advisories.sync` job (DESIGN §3; issue 9 "Advisory store"): imports each configured source and
// records its state; queued at start-up when the store is empty and, by its schedule, whenever a source's
// last run is older than SEXTANT_ADVISORY_SYNC_HOURS. Offline or unreachable → FAILED with a reason; stored data stays in use.
import type { Config } from '../config'
import type { Db } from '../db/connection'
import type { OutboundClient } from '../http-client'
import type { JobLogger, PgBoss } from '../jobs/boss'
import { defineJob, everyMinutes } from '../jobs/job'
import { countAdvisories, hasAdvisories } from './advisories.repo'
import { formatWarning, importAdvisories } from './import.service'
import { queueReassessment } from './reassess.job'
import { type AdvisorySource, configuredSources, isUrlLocation } from './sources'
import {
  dueSourceIds,
  findSource,
  markQueued,
  markRunning,
  type RunOutcome,
  recordRun,
  registerSources,
} from './sources.repo'

export const ADVISORY_SYNC_QUEUE = 'advisories.sync'

export interface AdvisorySyncJobData {
  /** One source; all configured sources that are due when absent. */
  sourceId?: string
  reason: 'startup' | 'schedule' | 'request'
}

export interface SyncDeps {
  db: Db
  /** Fetches http(s) sources. */
  outbound: OutboundClient
  config: Pick<Config, 'advisorySources' | 'advisorySyncIntervalMs' | 'offline'>
  logger: JobLogger
  signal?: AbortSignal
  /** Called after a run stored new or changed records (issue 14: their branches are re-assessed). */
  onChanged?: () => Promise<void>
}

/** Imports one source and records the outcome; never throws for a source problem. */
export async function syncSource(deps: SyncDeps, source: AdvisorySource): Promise<RunOutcome> {
  const { db } = deps
  await markRunning(db, source)
  let outcome: RunOutcome
  if (deps.config.offline && isUrlLocation(source.location)) {
    const { total } = await countAdvisories(db)
    outcome = {
      status: 'FAILED',
      error: `Offline mode (SEXTANT_OFFLINE=true): ${source.location} was not fetched. Analyses keep using the ${total} advisories already stored.`,
      counts: { total: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0, byEcosystem: {} },
      warnings: [],
    }
  } else {
    try {
      const result = await importAdvisories(db, source.location, {
        source: source.id,
        // Sources come from the operator's configuration, not from a request: their addresses are trusted.
        allowPrivateAddresses: true,
        outbound: deps.outbound,
        ...(deps.signal ? { signal: deps.signal } : {}),
      })
      const warnings = result.warnings.map(formatWarning)
      if (!result.ok) {
        const { total } = await countAdvisories(db)
        outcome = {
          status: 'FAILED',
          error: `${result.error} Analyses keep using the ${total} advisories already stored.`,
          counts: result.counts,
          warnings,
        }
      } else {
        outcome = { status: warnings.length ? 'PARTIAL' : 'OK', error: null, counts: result.counts, warnings }
      }
    } catch (error) {
      outcome = {
        status: 'FAILED',
        error: `The sync stopped on an unexpected error: ${error instanceof Error ? error.message : String(error)}`,
        counts: { total: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0, byEcosystem: {} },
        warnings: [],
      }
    }
  }
  await recordRun(db, source.id, outcome)
  // A failed sync says why, at warn level (offline, unreachable, a bad file): the reason is also on
  // GET /api/v1/databases for administrators; the health check and /status say that it failed.
  if (outcome.status === 'FAILED')
    deps.logger.warn(
      { source: source.id, status: outcome.status, location: source.location, error: outcome.error },
      `advisory sync of ${source.id} failed: ${outcome.error}`,
    )
  else
    deps.logger.info(
      { source: source.id, status: outcome.status, counts: outcome.counts },
      'advisory sync done',
    )
  if (outcome.counts.inserted + outcome.counts.updated > 0)
    await deps
      .onChanged?.()
      .catch((error: unknown) =>
        deps.logger.error({ err: error }, 'could not queue the advisory re-assessment'),
      )
  return outcome
}

/** The job handler: one requested source, or every configured source that is due. */
export async function runAdvisorySync(deps: SyncDeps, data: AdvisorySyncJobData): Promise<void> {
  const configured = configuredSources(deps.config.advisorySources)
  let sources: AdvisorySource[]
  if (data.sourceId !== undefined) {
    const known = configured.find((s) => s.id === data.sourceId) ?? (await findSource(deps.db, data.sourceId))
    sources = known ? [{ id: known.id, kind: 'osv', location: known.location }] : []
  } else {
    const due = new Set(await dueSourceIds(deps.db, deps.config.advisorySyncIntervalMs))
    sources = configured.filter((s) => due.has(s.id))
  }
  for (const source of sources) {
    if (deps.signal?.aborted) return
    await syncSource(deps, source)
  }
}

/** Queues a sync; null when one for the same source is already waiting (the queue is 'stately'). */
export async function queueAdvisorySync(
  db: Db,
  boss: PgBoss,
  data: AdvisorySyncJobData,
): Promise<string | null> {
  const id = await boss.send(ADVISORY_SYNC_QUEUE, { ...data }, { singletonKey: data.sourceId ?? '*' })
  if (data.sourceId !== undefined) await markQueued(db, data.sourceId)
  return id
}

/** How often a sync schedule looks for due sources: the sync interval, at most every 5 minutes. */
export const syncCheckCron = (config: Pick<Config, 'advisorySyncIntervalMs'>) =>
  everyMinutes(Math.min(config.advisorySyncIntervalMs, 5 * 60_000) / 60_000)

export const advisorySyncJob = defineJob<AdvisorySyncJobData>({
  queue: ADVISORY_SYNC_QUEUE,
  // At most one waiting and one running sync per source key.
  settings: { policy: 'stately', retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 2 * 3600 },
  concurrency: 1,
  // records that changed queue the re-assessment of the reports they touch (issue 14)
  handle: (data, { db, boss, config, logger, outbound, signal }) =>
    runAdvisorySync(
      { db, config, logger, outbound, signal, onChanged: async () => void (await queueReassessment(boss)) },
      data,
    ),
  // The scheduled job syncs the sources that are due (none: it does nothing).
  schedule: {
    cron: (config) => (configuredSources(config.advisorySources).length > 0 ? syncCheckCron(config) : null),
    data: { reason: 'schedule' },
    singletonKey: '*',
  },
  /** Registers the configured sources; queues a first sync when the store is empty. */
  async onStart({ db, boss, config }) {
    const sources = configuredSources(config.advisorySources)
    await registerSources(db, sources)
    if (sources.length > 0 && !(await hasAdvisories(db)))
      await queueAdvisorySync(db, boss, { reason: 'startup' })
  },
})
