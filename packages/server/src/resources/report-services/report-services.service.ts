// Recompute (spec report-page §4 "Recompute", §7 `POST /api/v1/reports/{projectId}/full`; DESIGN §1):
// a new analysis on the stored graph of the branch's latest report, queued on `recompute`, with the
// exclusions and data of now; and the recompute-needed state the page's button glows on.
import { exclusionsFingerprint, splitByExpiry } from '@sextant/engine'
import { outOfDateState } from '../../advisories/reassess.repo'
import type { Db } from '../../db/connection'
import { inTransaction, jobsIn } from '../../db/transaction'
import { RECOMPUTE_QUEUE } from '../../jobs/analyse.job'
import type { PgBoss } from '../../jobs/boss'
import type { ProjectRecord } from '../../services/projects.repo'
import { latestReportState } from '../../services/reports.repo'
import { fail, ok } from '../../services/result'
import { newUuid } from '../../services/secrets'
import { exclusionsInForce } from '../exclusions/exclusions.repo'
import { branchBusy, copyAnalysis } from './report-services.repo'

export async function startRecompute(db: Db, boss: PgBoss, project: ProjectRecord, branch: string) {
  const latest = await latestReportState(db, project.uuid, branch)
  if (!latest)
    return fail('not-found', `NOT FOUND: branch '${branch}' of this project has no report to recompute yet.`)
  const from = latest.analysisUuid
  if (!from)
    return fail(
      'conflict',
      'The analysis behind the latest report is gone: refresh or upload the project again.',
    )
  const analysisUuid = newUuid()
  // nothing is written when the copy finds no graph: the job is queued only with its analysis
  const copied = await inTransaction(db, async (client) => {
    if (!(await copyAnalysis(client, from, analysisUuid, 'recompute'))) return false
    await boss.send(RECOMPUTE_QUEUE, { analysisUuid }, { db: jobsIn(client) })
    return true
  })
  if (!copied)
    return fail(
      'conflict',
      'The latest report has no stored dependency graph: refresh or upload the project again.',
    )
  return ok({ projectUuid: project.uuid, branch, analysisUuid, status: 'QUEUED' as const })
}

export async function recomputeState(db: Db, project: ProjectRecord, branch: string) {
  const [latest, exclusions, running, outOfDate] = await Promise.all([
    latestReportState(db, project.uuid, branch),
    exclusionsInForce(db, project, branch),
    branchBusy(db, project.uuid, branch),
    outOfDateState(db, project.uuid, branch),
  ])
  return {
    projectUuid: project.uuid,
    branch,
    reportUuid: latest?.uuid ?? null,
    areExclusionsDifferent:
      latest !== null &&
      latest.fingerprint !== exclusionsFingerprint(splitByExpiry(exclusions, new Date()).active),
    running,
    outOfDate:
      outOfDate && latest ? { reason: outOfDate.reason, since: outOfDate.since.toISOString() } : null,
  }
}
