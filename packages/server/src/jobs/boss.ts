// Background jobs on pg-boss (DESIGN §3), on the same database as everything else in both modes.
// The jobs themselves, their queues and schedules are listed in `jobs/registry.ts`.
import PgBossImpl from 'pg-boss'
import type { JobPool } from '../db/job-pool'
import { MAINTENANCE_SECONDS } from './lease'

export type PgBoss = PgBossImpl

export interface JobLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface StartedBoss {
  boss: PgBoss
  /** Stops pg-boss (running jobs finish, up to 15 s), then closes its connections once no worker waits on them. */
  stop(): Promise<void>
}

/** Starts pg-boss on the pool it is given (db/job-pool.ts says why the pool is ours and how it ends). */
export async function startBoss(pool: JobPool, log: JobLogger): Promise<StartedBoss> {
  const boss = new PgBossImpl({
    db: { executeSql: pool.executeSql },
    schema: 'pgboss',
    // jobs past their expiry (a leased job whose process died: jobs/lease.ts) are retried this often
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  })
  boss.on('error', (error: Error) => log.error({ err: error }, 'job engine error'))
  try {
    await boss.start()
  } catch (error) {
    await pool.end().catch(() => {})
    throw error
  }
  let stopped: Promise<void> | null = null
  const stop = async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 15_000 })
    await pool.drainAndEnd()
  }
  return { boss, stop: () => (stopped ??= stop()) }
}

export interface Workers {
  /** Wakes this process's idle workers at once (e.g. right after this process queued a job). */
  notify(): void
}
