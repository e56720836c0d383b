// Every background job of the server (DESIGN §3 "Jobs"), one line each. `jobs/run-jobs.ts` creates
// their queues, stores their schedules and starts their workers; `registry.test.ts` checks every member.
//
// To add a job:
//   1. In your resource's folder write `<name>.job.ts`: `export const fooJob = defineJob<FooData>({ queue,
//      settings, concurrency, handle })` (see `jobs/job.ts`). Use `requestQueue` settings for work a
//      request queues; a periodic job adds `schedule: { cron, data }` (pg-boss `schedule()`, never a
//      `setInterval`); work at every start (register sources, queue a first run) goes in `onStart`.
//   2. Add it to `jobs` below. Nothing else: no queue creation, worker or timer of your own.
//   3. Queue work with `boss.send(fooJob.queue, data)`, then `workers?.notify()` in a route (or
//      `context.wake()` in a handler) so this process's idle worker starts at once.
import { reassessJob } from '../advisories/reassess.job'
import { advisorySyncJob } from '../advisories/sync.job'
import { enrichmentSyncJob } from '../enrichment/sync.job'
import { exportJob } from '../exports/export.job'
import { digestJob } from '../notifications/digest.job'
import { evaluateJob } from '../notifications/evaluate.job'
import { sendJob } from '../notifications/send.job'
import { datadogMetricsJob } from '../resources/datadog/datadog.job'
import { retentionJob } from '../resources/deletion-requests/retention.job'
import { analyseJob, recomputeJob } from './analyse.job'
import type { JobDefinition } from './job'
import { refreshJob } from './refresh.job'
import { uploadFilesJob } from './upload-files.job'

export const jobs: readonly JobDefinition<object>[] = [
  analyseJob,
  recomputeJob,
  refreshJob,
  exportJob,
  advisorySyncJob,
  reassessJob,
  enrichmentSyncJob,
  datadogMetricsJob,
  evaluateJob,
  sendJob,
  digestJob,
  retentionJob,
  uploadFilesJob,
]
