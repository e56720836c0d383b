// Background jobs on pg-boss (DESIGN §3), on the same database as everything else in both modes.
// The jobs themselves, their queues and schedules are listed in `jobs/registry.ts`.
import PgBossImpl from 'pg-boss'
import type { ConnectionTarget } from '../db/connection'
import { MAINTENANCE_SECONDS } from './lease'

export type PgBoss = PgBossImpl

export interface JobLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export async function startBoss(target: ConnectionTarget, log: JobLogger): Promise<PgBoss> {
  const boss = new PgBossImpl({
    ...target,
    max: 4,
    schema: 'pgboss',
    application_name: 'sextant-jobs',
    // jobs past their expiry (a leased job whose process died: jobs/lease.ts) are retried this often
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  })
  boss.on('error', (error: Error) => log.error({ err: error }, 'job engine error'))
  await boss.start()
  return boss
}

export interface Workers {
  /** Wakes this process's idle workers at once (e.g. right after this process queued a job). */
  notify(): void
}
