// The `export` queue (DESIGN §3): PDF, bible, SBOM and CSV files of large reports are made by a
// worker; the API answers at once with an era to poll (accounts-and-api §7 "Report export (eras)").
import type { Db } from '../db/connection'
import { ensureQueue, type PgBoss, startWorkers, type Workers } from '../jobs/boss'
import { runExport } from './export.service'
import { purgeExpiredExports } from './exports.repo'

export const EXPORT_QUEUE = 'export'

export interface ExportJobData {
  exportUuid: string
}

export interface ExportJobLogger {
  info(obj: object, msg: string): void
}

/** Creates the queue; with `workers`, also starts this process's export workers. */
export async function startExportJobs(
  boss: PgBoss,
  db: Db,
  logger: ExportJobLogger,
  options: { workers: boolean; concurrency: number },
): Promise<Workers | null> {
  await ensureQueue(boss, EXPORT_QUEUE)
  if (!options.workers) return null
  return startWorkers<ExportJobData>(boss, EXPORT_QUEUE, options.concurrency, async (data) => {
    const outcome = await runExport(db, data.exportUuid)
    const purged = await purgeExpiredExports(db)
    logger.info({ export: data.exportUuid, outcome, purged }, 'export job done')
  })
}
