// Background jobs on pg-boss (DESIGN §3), on the same database as everything else in both modes.
// Queues are created at start-up; workers run in `serve` (unless --no-workers) and in `worker`.
import PgBossImpl from 'pg-boss'
import type { ConnectionTarget } from '../db/connection'

export type PgBoss = PgBossImpl

export interface JobLogger {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export async function startBoss(target: ConnectionTarget, log: JobLogger): Promise<PgBoss> {
  const boss = new PgBossImpl({ ...target, max: 4, schema: 'pgboss', application_name: 'sextant-jobs' })
  boss.on('error', (error: Error) => log.error({ err: error }, 'job engine error'))
  await boss.start()
  return boss
}

export async function ensureQueue(boss: PgBoss, name: string): Promise<void> {
  if (!(await boss.getQueue(name))) {
    await boss
      .createQueue(name, { name, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 })
      .catch(async (error: unknown) => {
        // Another process created it between our check and our create.
        if (!(await boss.getQueue(name))) throw error
      })
  }
}

export interface Workers {
  /** Wakes this process's idle workers at once (e.g. right after this process queued a job). */
  notify(): void
}

export async function startWorkers<T extends object>(
  boss: PgBoss,
  queue: string,
  concurrency: number,
  handle: (data: T) => Promise<void>,
): Promise<Workers> {
  const ids: string[] = []
  for (let i = 0; i < concurrency; i++) {
    ids.push(
      await boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handle(job.data)
      }),
    )
  }
  return {
    notify: () => {
      for (const id of ids) boss.notifyWorker(id)
    },
  }
}
