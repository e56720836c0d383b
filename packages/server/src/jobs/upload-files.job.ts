// The `retention.upload-files` job (issue 20 "Storage that does not grow without bound"): every hour,
// drops the upload files of analyses that ended more than FILES_KEPT_HOURS ago and every stored content no
// longer referenced (why the files are not needed after that: services/analysis-files.repo.ts). Running
// twice at once is harmless: both delete the same rows at most once.
import { dropUnneededFiles, FILES_KEPT_HOURS } from '../services/analysis-files.repo'
import { defineJob } from './job'

export const UPLOAD_FILES_QUEUE = 'retention.upload-files'

export const uploadFilesJob = defineJob<Record<string, never>>({
  queue: UPLOAD_FILES_QUEUE,
  settings: { policy: 'stately', retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  concurrency: 1,
  async handle(_data, { db, logger, sources }) {
    const now = sources.now?.() ?? new Date()
    const dropped = await dropUnneededFiles(db, new Date(now.getTime() - FILES_KEPT_HOURS * 3_600_000))
    logger.info({ ...dropped }, 'upload files no longer needed dropped')
  },
  schedule: { cron: () => '47 * * * *', data: {}, singletonKey: 'upload-files' },
})
