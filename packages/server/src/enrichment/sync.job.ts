// The `enrichment.sync` job (DESIGN §3; issue 9 "Enrichment"): imports the configured EPSS, KEV and CWE
// sources like `advisories.sync` does OSV ones — at start-up for a kind never run, then (by its schedule)
// every SEXTANT_ADVISORY_SYNC_HOURS. Offline or unreachable → FAILED with a reason; stored rows stay in use.
import type { EnrichmentKind } from '@sextant/contract'
import { isUrlLocation } from '../advisories/sources'
import { syncCheckCron } from '../advisories/sync.job'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import type { OutboundClient } from '../http-client'
import type { JobLogger } from '../jobs/boss'
import { defineJob, type JobContext } from '../jobs/job'
import { formatEnrichmentWarning, importEnrichment } from './import.service'
import { configuredEnrichmentSources, type EnrichmentSource } from './sources'
import {
  dueEnrichmentKinds,
  type EnrichmentOutcome,
  markEnrichmentRunning,
  recordEnrichmentRun,
  registerEnrichmentSources,
} from './sources.repo'

export const ENRICHMENT_SYNC_QUEUE = 'enrichment.sync'

export interface EnrichmentSyncJobData {
  /** One kind; every configured kind that is due when absent. */
  kind?: EnrichmentKind
  reason: 'startup' | 'schedule' | 'request'
}

export interface EnrichmentSyncDeps {
  db: Db
  /** Fetches http(s) sources. */
  outbound: OutboundClient
  config: Pick<Config, 'epssSource' | 'kevSource' | 'cweSource' | 'advisorySyncIntervalMs' | 'offline'>
  logger: JobLogger
  signal?: AbortSignal
}

const noCounts = () => ({ total: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0, removed: 0 })

/** Imports one source and records the outcome; never throws for a source problem. */
export async function syncEnrichmentSource(
  deps: EnrichmentSyncDeps,
  source: EnrichmentSource,
): Promise<EnrichmentOutcome> {
  await markEnrichmentRunning(deps.db, source)
  let outcome: EnrichmentOutcome
  if (deps.config.offline && isUrlLocation(source.location)) {
    outcome = {
      status: 'FAILED',
      error: `Offline mode (SEXTANT_OFFLINE=true): ${source.location} was not fetched; the ${source.kind.toUpperCase()} data already stored stays in use.`,
      counts: noCounts(),
      warnings: [],
      version: null,
    }
  } else {
    try {
      // Sources come from the operator's configuration, not from a request: their addresses are trusted.
      const r = await importEnrichment(deps.db, source.kind, source.location, {
        allowPrivateAddresses: true,
        outbound: deps.outbound,
        ...(deps.signal ? { signal: deps.signal } : {}),
      })
      const warnings = r.warnings.map(formatEnrichmentWarning)
      outcome = r.ok
        ? {
            status: warnings.length ? 'PARTIAL' : 'OK',
            error: null,
            counts: r.counts,
            warnings,
            version: r.version,
          }
        : {
            status: 'FAILED',
            error: `${r.error} The ${source.kind.toUpperCase()} data already stored stays in use.`,
            counts: r.counts,
            warnings,
            version: null,
          }
    } catch (error) {
      outcome = {
        status: 'FAILED',
        error: `The sync stopped on an unexpected error: ${error instanceof Error ? error.message : String(error)}`,
        counts: noCounts(),
        warnings: [],
        version: null,
      }
    }
  }
  await recordEnrichmentRun(deps.db, source.kind, outcome)
  // A failed sync says why, at warn level (issue 14: offline, the log said FAILED at info with no reason)
  if (outcome.status === 'FAILED')
    deps.logger.warn(
      { source: source.kind, status: outcome.status, location: source.location, error: outcome.error },
      `${source.kind.toUpperCase()} sync failed: ${outcome.error}`,
    )
  else
    deps.logger.info(
      { source: source.kind, status: outcome.status, counts: outcome.counts },
      'enrichment sync done',
    )
  return outcome
}

export async function runEnrichmentSync(
  deps: EnrichmentSyncDeps,
  data: EnrichmentSyncJobData,
): Promise<void> {
  const configured = configuredEnrichmentSources(deps.config)
  // A source configured since the last start has no row yet: registered here, it is due.
  await registerEnrichmentSources(deps.db, configured)
  const due = new Set(
    data.kind !== undefined
      ? [data.kind]
      : await dueEnrichmentKinds(deps.db, deps.config.advisorySyncIntervalMs),
  )
  for (const source of configured.filter((s) => due.has(s.kind))) {
    if (deps.signal?.aborted) return
    await syncEnrichmentSource(deps, source)
  }
}

/** Queues a sync of the kinds that are due; none due, nothing queued. */
async function queueDue(
  { db, boss, config }: Pick<JobContext, 'db' | 'boss' | 'config'>,
  reason: EnrichmentSyncJobData['reason'],
): Promise<void> {
  const sources = configuredEnrichmentSources(config)
  const due = new Set(await dueEnrichmentKinds(db, config.advisorySyncIntervalMs))
  if (sources.some((s) => due.has(s.kind)))
    await boss.send(ENRICHMENT_SYNC_QUEUE, { reason }, { singletonKey: '*' })
}

export const enrichmentSyncJob = defineJob<EnrichmentSyncJobData>({
  queue: ENRICHMENT_SYNC_QUEUE,
  settings: { policy: 'stately', retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 3600 },
  concurrency: 1,
  handle: (data, { db, config, logger, outbound, signal }) =>
    runEnrichmentSync({ db, config, logger, outbound, signal }, data),
  // The scheduled job syncs the kinds that are due (none: it does nothing).
  schedule: {
    cron: (config) => (configuredEnrichmentSources(config).length > 0 ? syncCheckCron(config) : null),
    data: { reason: 'schedule' },
    singletonKey: '*',
  },
  /** Registers the configured sources and queues the kinds that are due. */
  async onStart(context) {
    await registerEnrichmentSources(context.db, configuredEnrichmentSources(context.config))
    await queueDue(context, 'startup')
  },
})
