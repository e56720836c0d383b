// The `retention.deletion-requests` job (spec report-page §9 "deleted within 6 months per data terms";
// issue 20 "Storage that does not grow without bound"): every hour, carries out each deletion request whose
// recorded deadline (`delete_by`, six months after the request) has passed; what it deletes is listed in
// retention.repo.ts. One job at a time per installation ('stately'); a request is still taken by one
// worker only (SKIP LOCKED), so a second process or a manual run is harmless.
import { defineJob } from '../../jobs/job'
import { carryOutNextDueRequest } from './retention.repo'

export const RETENTION_QUEUE = 'retention.deletion-requests'

export const retentionJob = defineJob<Record<string, never>>({
  queue: RETENTION_QUEUE,
  settings: { policy: 'stately', retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  concurrency: 1,
  async handle(_data, { db, logger, sources, signal }) {
    const now = sources.now?.() ?? new Date()
    while (!signal.aborted) {
      const done = await carryOutNextDueRequest(db, now)
      if (!done) return
      logger.info({ ...done }, 'deletion request carried out')
    }
  },
  schedule: { cron: () => '17 * * * *', data: {}, singletonKey: 'retention' },
})
