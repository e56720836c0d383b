// Wires every job of `jobs/registry.ts` into one process (DESIGN §3 "Jobs"): creates each queue once
// (the one place queues are made), stores each schedule with pg-boss `schedule()` (its cron monitor
// runs the schedule once across all processes), runs each start-up step, and in processes with
// workers starts each queue's workers; the heartbeats of leased jobs (jobs/lease.ts) are its timers
// too. Stop aborts running handlers' signal; pg-boss drains the rest.
import { isDeepStrictEqual } from 'node:util'
import type { Config } from '../config'
import type { Metrics } from '../operations/metrics'
import type { PgBoss, Workers } from './boss'
import type { JobContext, JobDefinition, QueueSettings } from './job'
import { HEARTBEAT_SECONDS, LEASE_SECONDS } from './lease'
import { renewJobLease } from './lease.repo'

type PgBossSchedule = Awaited<ReturnType<PgBoss['getSchedules']>>[number]

export interface RunningJobs {
  /** null in a process without workers (`serve --no-workers`). */
  workers: Workers | null
  /**
   * With `deferWorkers`, starts the workers (once); `sextant serve` calls it after the HTTP server
   * listens, so that the workers' first fetches do not queue before start-up's queries on the one
   * embedded database session (issue 18 acceptance 6). Without it they run when startJobs answers.
   */
  startWorkers(): Promise<void>
  stop(): Promise<void>
}

/**
 * Calls `renew` every `seconds` until the answered stop function is called; a failing renewal is
 * reported and the heartbeat goes on (the lease is only lost if renewals keep failing past it).
 */
export function heartbeat(
  renew: () => Promise<unknown>,
  onError: (error: unknown) => void,
  seconds: number,
): () => void {
  const timer = setInterval(() => {
    renew().catch(onError)
  }, seconds * 1000)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Creates the queue unless it exists, else brings its retry and expiry settings to the code's (a queue
 * made by an older version keeps its policy); another process creating it at the same moment is fine.
 */
export async function ensureQueue(boss: PgBoss, name: string, settings: QueueSettings): Promise<void> {
  const options = {
    name,
    ...(settings.policy ? { policy: settings.policy } : {}),
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    ...(settings.retryBackoff ? { retryBackoff: true } : {}),
    expireInSeconds: settings.expireInSeconds,
  }
  const existing = await boss.getQueue(name)
  if (existing) {
    if (
      existing.expireInSeconds !== settings.expireInSeconds ||
      existing.retryLimit !== settings.retryLimit ||
      existing.retryDelay !== settings.retryDelaySeconds
    ) {
      const { policy: _policy, ...update } = options
      await boss.updateQueue(name, update)
    }
    return
  }
  await boss.createQueue(name, options).catch(async (error: unknown) => {
    // Another process created it between our check and our create.
    if (!(await boss.getQueue(name))) throw error
  })
}

/**
 * Workers for one queue: `concurrency` pollers, one job at a time each. A leased queue's job has its
 * expiry renewed every HEARTBEAT_SECONDS while its handler runs (issue 13 item 4). A worker that just
 * ran a job fetches again at once: pg-boss otherwise waits out the rest of the polling interval after
 * every job, so each worker would run at most one job a second however short the jobs are (a live
 * re-check of 1,000 branches, issue 16 acceptance 6, took 1,000 / concurrency seconds). Only a worker
 * that found its queue empty waits for the interval or a wake.
 */
async function startWorkers(
  boss: PgBoss,
  queue: string,
  concurrency: number,
  handle: (data: object, job: { id: string }) => Promise<void>,
  lease: ((jobId: string) => () => void) | null,
): Promise<Workers> {
  const ids: string[] = []
  for (let i = 0; i < concurrency; i++) {
    let self: string | null = null
    self = await boss.work<object>(queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
      try {
        for (const job of jobs) {
          const stop = lease?.(job.id)
          try {
            await handle(job.data, { id: job.id })
          } finally {
            stop?.()
          }
        }
      } finally {
        // More work may be waiting: skip the polling delay (a failed job is retried by pg-boss all the same).
        if (jobs.length > 0 && self !== null) boss.notifyWorker(self)
      }
    })
    ids.push(self)
  }
  return {
    notify: () => {
      for (const id of ids) boss.notifyWorker(id)
    },
  }
}

function concurrencyOf(job: JobDefinition<object>, config: Config): number {
  if (job.concurrency === 'configured') return config.jobConcurrency
  return job.concurrency === 'recompute' ? config.recomputeConcurrency : job.concurrency
}

/** Starts the given jobs (the registry's, or a test's own list) in this process. */
export async function startJobs(
  jobs: readonly JobDefinition<object>[],
  deps: Omit<JobContext, 'signal' | 'wake'> & {
    workers: boolean
    metrics?: Metrics
    deferWorkers?: boolean
  },
): Promise<RunningJobs> {
  const { boss, config } = deps
  const abort = new AbortController()
  const running: { queue: string; workers: Workers }[] = []
  const wake = (queue?: string) => {
    for (const r of running) if (queue === undefined || r.queue === queue) r.workers.notify()
  }
  const { workers: withWorkers, metrics, deferWorkers, ...rest } = deps
  const context: JobContext = { ...rest, signal: abort.signal, wake }

  for (const job of jobs) await ensureQueue(boss, job.queue, job.settings)
  // Stored again only when changed: most starts change no schedule (one query instead of one per job).
  // pg-boss's Schedule type leaves out the timezone column that getSchedules answers (SELECT *)
  const schedules = (await boss.getSchedules()) as (PgBossSchedule & { timezone?: string })[]
  const stored = new Map(schedules.map((s) => [s.name, s]))
  for (const job of jobs) {
    // A schedule a job no longer has (or one its configuration turned off) is removed.
    const cron = job.schedule?.cron(config) ?? null
    if (!job.schedule || cron === null) {
      if (stored.has(job.queue)) await boss.unschedule(job.queue)
      continue
    }
    const options = job.schedule.singletonKey ? { singletonKey: job.schedule.singletonKey } : {}
    const current = stored.get(job.queue)
    if (
      current &&
      current.cron === cron &&
      current.timezone === 'UTC' &&
      isDeepStrictEqual(current.data ?? null, job.schedule.data ?? null) &&
      isDeepStrictEqual(current.options ?? {}, options)
    )
      continue
    await boss.schedule(job.queue, cron, job.schedule.data, options)
  }
  for (const job of jobs) await job.onStart?.(context)

  let starting: Promise<void> | null = null
  let stopped = false
  const startAll = async () => {
    if (!withWorkers) return
    for (const job of jobs) {
      if (stopped) return
      const lease = job.settings.leased
        ? (jobId: string) =>
            heartbeat(
              () => renewJobLease(deps.db, job.queue, jobId, LEASE_SECONDS),
              (error) =>
                deps.logger.warn({ err: error, queue: job.queue, job: jobId }, 'job lease not renewed'),
              HEARTBEAT_SECONDS,
            )
        : null
      running.push({
        queue: job.queue,
        workers: await startWorkers(
          boss,
          job.queue,
          concurrencyOf(job, config),
          async (data, pgJob) => {
            const started = performance.now()
            let outcome: 'completed' | 'failed' = 'failed'
            try {
              await job.handle(data, context, pgJob)
              outcome = 'completed'
            } finally {
              metrics?.observeJob(job.queue, outcome, (performance.now() - started) / 1000)
            }
          },
          lease,
        ),
      })
    }
  }
  const startWorkersOnce = () => (starting ??= startAll())
  if (!deferWorkers) await startWorkersOnce()
  return {
    workers: withWorkers ? { notify: () => wake() } : null,
    startWorkers: startWorkersOnce,
    stop: async () => {
      stopped = true
      abort.abort()
      // every worker is registered before pg-boss stops them all
      await starting?.catch(() => {})
    },
  }
}
