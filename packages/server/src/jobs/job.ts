// What a background job is (DESIGN §3 "Jobs"): one pg-boss queue with its options, a handler, and
// optionally a schedule and a start-up step. Every job is one `defineJob` in a `*.job.ts` beside its
// resource and one line in `jobs/registry.ts`; `jobs/run-jobs.ts` does the wiring for all of them.
import type { Logger } from 'pino'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import type { OutboundClient } from '../http-client'
import type { AnalysisSources } from '../services/analysis.sources'
import type { PgBoss } from './boss'
import { LEASE_SECONDS } from './lease'

/** What every handler and start-up step receives: built once per process by the runtime. */
export interface JobContext {
  db: Db
  boss: PgBoss
  config: Config
  logger: Pick<Logger, 'info' | 'warn' | 'error'>
  outbound: OutboundClient
  sources: AnalysisSources
  /** Aborted when the process stops: long handlers (a sync) return early at their next step. */
  signal: AbortSignal
  /**
   * Wakes this process's idle workers of `queue` at once (after a handler queued a job there); all of them
   * when no queue is named. Name it: every woken worker polls PostgreSQL, and a live re-check of 1,000
   * branches woke every queue's workers once per branch (4,600 polls for 250 branches, issue 16 acc. 6).
   */
  wake(queue?: string): void
}

/** The queue's pg-boss options (retries, expiry, policy) besides its name. */
export interface QueueSettings {
  /** 'stately': at most one waiting and one running job per singleton key. Default: 'standard'. */
  policy?: 'standard' | 'stately'
  retryLimit: number
  retryDelaySeconds: number
  retryBackoff?: boolean
  expireInSeconds: number
  /**
   * Leased (issue 13 item 4): the expiry is this short and the running worker renews it by heartbeat
   * (jobs/lease.ts), so a job whose process died is retried within a minute or two.
   */
  leased?: boolean
}

export interface JobSchedule<T> {
  /** A five-field cron expression (UTC; pg-boss checks schedules once a minute); null = not scheduled. */
  cron(config: Config): string | null
  /** The data of each scheduled job. */
  data: T
  /** With a 'stately' queue: a scheduled job is not added while one with this key waits. */
  singletonKey?: string
}

export interface JobDefinition<T extends object> {
  /** The queue's name; also the job's name in logs, metrics and `jobs/registry.ts`. */
  queue: string
  settings: QueueSettings
  /**
   * Workers per process: 'configured' = SEXTANT_JOB_CONCURRENCY, 'recompute' = SEXTANT_RECOMPUTE_CONCURRENCY;
   * syncs use 1.
   */
  concurrency: 'configured' | 'recompute' | number
  /** `job.id`: the pg-boss job (the same id on every retry of it). */
  handle(data: T, context: JobContext, job?: { id: string }): Promise<void>
  schedule?: JobSchedule<T>
  /**
   * Runs at every start in every process (API and worker), after the queue exists: e.g. registering
   * configured sources and queueing a first sync. Not for work that belongs in the handler.
   */
  onStart?(context: JobContext): Promise<void>
}

/** Names the data type once, so `handle` and `schedule.data` are checked against it. */
export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition
}

/** The default settings of a request-driven queue (analyse, recompute, refresh, export). */
export const requestQueue: QueueSettings = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
}

/**
 * A request queue whose jobs are leased (issue 13 item 4): analyse and recompute. A worker that dies
 * mid-job stops renewing its lease, and the job runs again on another worker about 90 s later.
 */
export const leasedRequestQueue: QueueSettings = {
  ...requestQueue,
  expireInSeconds: LEASE_SECONDS,
  leased: true,
}

/** A cron expression for "every n minutes", n clamped to 1..59 (cron's minute field). */
export function everyMinutes(minutes: number): string {
  const n = Math.min(59, Math.max(1, Math.round(minutes)))
  return n === 1 ? '* * * * *' : `*/${n} * * * *`
}
