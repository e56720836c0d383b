// Queues and workers of the report services (DESIGN §3): `recompute` runs the analyse function on a
// copied graph, `refresh` clones and then queues `analyse`. Started beside the analyse workers.
import type { Logger } from 'pino'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import type { AnalysisSources } from '../services/analysis.sources'
import { RECOMPUTE_QUEUE, runAnalysis } from './analyse.job'
import { ensureQueue, type PgBoss, startWorkers, type Workers } from './boss'
import { REFRESH_QUEUE, runRefresh } from './refresh.job'

export interface ReportServiceJobs {
  boss: PgBoss
  db: Db
  config: Config
  logger: Logger
  sources: AnalysisSources
  /** Workers already running in this process (notified together with ours). */
  workers: Workers | null
  enabled: boolean
}

export async function startReportServiceJobs(deps: ReportServiceJobs): Promise<Workers | null> {
  const { boss, db, config, logger } = deps
  await ensureQueue(boss, RECOMPUTE_QUEUE)
  await ensureQueue(boss, REFRESH_QUEUE)
  if (!deps.enabled) return deps.workers
  const recompute = await startWorkers<{ analysisUuid: string }>(
    boss,
    RECOMPUTE_QUEUE,
    config.jobConcurrency,
    async (data) => {
      const outcome = await runAnalysis(db, data.analysisUuid, deps.sources)
      logger.info({ analysis: data.analysisUuid, outcome }, 'recompute job done')
    },
  )
  const refresh = await startWorkers<{ analysisUuid: string }>(
    boss,
    REFRESH_QUEUE,
    config.jobConcurrency,
    async (data) => {
      const outcome = await runRefresh(db, boss, config, data.analysisUuid)
      logger.info({ analysis: data.analysisUuid, outcome }, 'refresh job done')
      deps.workers?.notify()
    },
  )
  return {
    notify: () => {
      deps.workers?.notify()
      recompute.notify()
      refresh.notify()
    },
  }
}
