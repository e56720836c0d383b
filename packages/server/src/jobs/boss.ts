// Background jobs on pg-boss (DESIGN §3), on the same database as everything else in both modes.
// The jobs themselves, their queues and schedules are listed in `jobs/registry.ts`.
import pg from 'pg'
import PgBossImpl from 'pg-boss'
import type { ConnectionTarget } from '../db/connection'
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

/**
 * pg-boss runs on a pool of ours rather than its own. Its own pool ends right after `stop()`, and a
 * worker whose first fetch was still waiting for one of the pool's connections then waits for good:
 * pg-pool never serves a waiting request once `end()` was called, and pg-boss's `offWork` loops every
 * second until that worker stops. A start that failed after the workers began (a port in use) or a
 * Ctrl-C right after start therefore left the process running with a dozen timers and no database.
 * Here the pool ends only after its waiting requests were served (they answer, the workers see that
 * they are stopping and end) or after DRAIN_MS.
 */
export async function startBoss(target: ConnectionTarget, log: JobLogger): Promise<StartedBoss> {
  const pool = new pg.Pool({ ...target, max: 4, application_name: 'sextant-jobs' })
  pool.on('error', (error: Error) => log.error({ err: error }, 'job engine connection error'))
  const boss = new PgBossImpl({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
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
    const deadline = Date.now() + DRAIN_MS
    while ((pool.waitingCount > 0 || pool.idleCount < pool.totalCount) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20))
    await pool.end()
  }
  return { boss, stop: () => (stopped ??= stop()) }
}
const DRAIN_MS = 5_000

export interface Workers {
  /** Wakes this process's idle workers at once (e.g. right after this process queued a job). */
  notify(): void
}
