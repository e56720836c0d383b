// The `advisories.reassess` job (issue 14 "New advisory data reaches old reports"; DESIGN §3): after
// advisories are imported or synced, the branches whose packages the changed records name (found through
// the advisory index, not by reading every report) and those built without advisory data are marked out
// of date and recomputed in the background from their stored graphs, no new upload. One job runs at a time
// in the whole installation (a 'stately' queue), whatever the number of workers; each batch of changes is
// taken, marked and queued in one transaction, so a crash loses nothing. Queued after every import that
// changed records, at every start (reports stored before assessments existed), and each minute when
// another process (the CLI on a shared database) left changes. Issue 16 builds live re-check reports and
// notifications on `affectedBranches`.
import type { Db } from '../db/connection'
import { inTransaction, jobsIn } from '../db/transaction'
import { RECOMPUTE_QUEUE } from '../jobs/analyse.job'
import type { PgBoss } from '../jobs/boss'
import { defineJob } from '../jobs/job'
import { copyAnalyses } from '../resources/report-services/report-services.repo'
import { newUuid } from '../services/secrets'
import {
  affectedBranches,
  analysesWaiting,
  branchKey,
  hasAdvisoryChanges,
  markOutOfDate,
  takeAdvisoryChanges,
} from './reassess.repo'

export const REASSESS_QUEUE = 'advisories.reassess'

/** Changes (advisory × package) taken per transaction; the job queues itself again for the rest. */
export const REASSESS_BATCH = 20_000

export interface ReassessData {
  /** The start-up run: also reports stored before assessments existed, with no change pending. */
  initial?: boolean
}

export interface ReassessOutcome {
  changes: number
  branches: number
  /** Recomputes queued (a branch with an analysis already waiting gets none: that one reads today's data). */
  queued: number
  more: boolean
}

/**
 * One batch: take pending changes, mark the branches they touch out of date and queue their recomputes, a
 * few statements for all the branches (not four per branch: 1,000 branches took 2.4 s, issue 16 acc. 6).
 */
export async function runReassessment(
  db: Db,
  boss: PgBoss,
  batch = REASSESS_BATCH,
): Promise<ReassessOutcome> {
  return inTransaction(db, async (client) => {
    const changes = await takeAdvisoryChanges(client, batch)
    const branches = await affectedBranches(client, changes)
    await markOutOfDate(client, branches)
    const waiting = await analysesWaiting(client, branches)
    const copies = branches.flatMap((b) =>
      b.analysis_uuid && !waiting.has(branchKey(b.project_uuid, b.branch))
        ? [{ from: b.analysis_uuid, uuid: newUuid() }]
        : [],
    )
    const copied = await copyAnalyses(client, copies, 'reassess')
    // queued in the same transaction: the recompute exists exactly when its analysis does
    if (copied.length > 0)
      await boss.insert(
        copied.map((analysisUuid) => ({ name: RECOMPUTE_QUEUE, data: { analysisUuid } })),
        { db: jobsIn(client) },
      )
    return {
      changes: changes.length,
      branches: branches.length,
      queued: copied.length,
      more: changes.length === batch,
    }
  })
}

/** Queues a re-assessment; null when one is already waiting (it will see these changes too). */
export function queueReassessment(boss: PgBoss, data: ReassessData = {}): Promise<string | null> {
  return boss.send(REASSESS_QUEUE, data, { singletonKey: 'reassess' })
}

export const reassessJob = defineJob<ReassessData>({
  queue: REASSESS_QUEUE,
  // at most one waiting and one running in the whole installation
  settings: { policy: 'stately', retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 30 * 60 },
  concurrency: 1,
  async handle(data, { db, boss, logger, wake }) {
    // the minute's check: nothing to do unless some process left changes
    if (!data.initial && !(await hasAdvisoryChanges(db))) return
    const outcome = await runReassessment(db, boss)
    logger.info({ ...outcome }, 'advisory re-assessment done')
    if (outcome.queued > 0) wake(RECOMPUTE_QUEUE)
    if (outcome.more) await queueReassessment(boss)
  },
  schedule: { cron: () => '* * * * *', data: {}, singletonKey: 'reassess' },
  async onStart({ boss }) {
    await queueReassessment(boss, { initial: true })
  },
})
