// The `export` queue (DESIGN §3): PDF, bible, SBOM and CSV files of large reports are made by a
// worker; the API answers at once with an era to poll (accounts-and-api §7 "Report export (eras)").
import { defineJob, requestQueue } from '../jobs/job'
import { runExport } from './export.service'
import { purgeExpiredExports } from './exports.repo'

export const EXPORT_QUEUE = 'export'

export interface ExportJobData {
  exportUuid: string
}

export const exportJob = defineJob<ExportJobData>({
  queue: EXPORT_QUEUE,
  settings: requestQueue,
  concurrency: 'configured',
  async handle(data, { db, logger }) {
    const outcome = await runExport(db, data.exportUuid)
    const purged = await purgeExpiredExports(db)
    logger.info({ export: data.exportUuid, outcome, purged }, 'export job done')
  },
})
