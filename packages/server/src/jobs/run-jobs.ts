// Wires every job of `jobs/registry.ts` into one process (DESIGN §3 "Jobs"): creates each queue once
// (the one place queues are made), stores each schedule with pg-boss `schedule()` (its cron monitor
// runs the schedule once across all processes), runs each start-up step, and in processes with
// workers starts each queue's workers; the heartbeats of leased jobs (jobs/lease.ts) are its timers
// too. Stop aborts running handlers' signal; pg-boss drains the rest.
import type { Config } from '../config'
import type { Metrics } from '../operations/metrics'
import type { PgBoss, Workers } from './boss'
import type { JobContext, JobDefinition, QueueSettings } from './job'
import { HEARTBEAT_SECONDS, LEASE_SECONDS } from './lease'
import { renewJobLease } from './lease.repo'

export interface RunningJobs {
  /** null in a process without workers (`serve --no-workers`). */
  workers: Workers | null
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
 * expiry renewed every HEARTBEAT_SECONDS while its handler runs (issue 13 item 4).
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
    ids.push(
      await boss.work<object>(queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          const stop = lease?.(job.id)
          try {
            await handle(job.data, { id: job.id })
          } finally {
            stop?.()
          }
        }
      }),
    )
  }
  return {
    notify: () => {
      for (const id of ids) boss.notifyWorker(id)
    },
  }
}

function concurrencyOf(job: JobDefinition<object>, config: Config): number {
  return job.concurrency === 'configured' ? config.jobConcurrency : job.concurrency
}

/** Starts the given jobs (the registry's, or a test's own list) in this process. */
export async function startJobs(
  jobs: readonly JobDefinition<object>[],
  deps: Omit<JobContext, 'signal' | 'wake'> & { workers: boolean; metrics?: Metrics },
): Promise<RunningJobs> {
  const { boss, config } = deps
  const abort = new AbortController()
  const running: Workers[] = []
  const wake = () => {
    for (const w of running) w.notify()
  }
  const { workers: withWorkers, metrics, ...rest } = deps
  const context: JobContext = { ...rest, signal: abort.signal, wake }

  for (const job of jobs) await ensureQueue(boss, job.queue, job.settings)
  for (const job of jobs) {
    // A schedule a job no longer has (or one its configuration turned off) is removed.
    const cron = job.schedule?.cron(config) ?? null
    if (!job.schedule || cron === null) await boss.unschedule(job.queue)
    else
      await boss.schedule(job.queue, cron, job.schedule.data, {
        ...(job.schedule.singletonKey ? { singletonKey: job.schedule.singletonKey } : {}),
      })
  }
  for (const job of jobs) await job.onStart?.(context)

  if (withWorkers) {
    for (const job of jobs) {
      const lease = job.settings.leased
        ? (jobId: string) =>
            heartbeat(
              () => renewJobLease(deps.db, job.queue, jobId, LEASE_SECONDS),
              (error) =>
                deps.logger.warn({ err: error, queue: job.queue, job: jobId }, 'job lease not renewed'),
              HEARTBEAT_SECONDS,
            )
        : null
      running.push(
        await startWorkers(
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
      )
    }
  }
  return {
    workers: withWorkers ? { notify: wake } : null,
    stop: async () => abort.abort(),
  }
}
