// Report services besides reading (spec report-page §4, §7; accounts-and-api §7 "Projects and reports";
// product-notes "How scans reach the server"): recompute and its state, diff of two reports (ours),
// and the CI outcome stored per project and branch.
import { routes } from '@sextant/contract'
import { diffReports } from '@sextant/engine'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import type { PgBoss, Workers } from '../../jobs/boss'
import { visibleProject, writableProject } from '../../services/project-lookup'
import { latestReportUuid, previousReportUuid, reportDocumentById } from '../../services/reports.repo'
import { findOutcome, storeOutcome } from './report-services.repo'
import { recomputeState, startRecompute } from './report-services.service'

export function reportServiceRoutes(
  app: FastifyInstance,
  db: Db,
  boss: PgBoss,
  workers: Workers | null,
): void {
  bindRoute(app, routes.reportRecompute, async ({ params, query, request }) => {
    const project = orThrow(await writableProject(db, request.principal, params.projectId))
    const queued = orThrow(await startRecompute(db, boss, project, query.branch))
    workers?.notify()
    return queued
  })

  bindRoute(app, routes.reportRecomputeState, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    return recomputeState(db, project, query.branch)
  })

  // Both reports must be the path project's and on the branch asked for (issue 13 item 5): a report uuid
  // of another project or branch answers 404 like one that does not exist.
  bindRoute(app, routes.reportDiff, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const toUuid = query.to ?? (await latestReportUuid(db, project.uuid, query.branch))
    const to = toUuid ? await reportDocumentById(db, project.uuid, toUuid, query.branch) : null
    if (!toUuid || !to)
      throw new HttpError(
        404,
        `NOT FOUND: no report ${query.to ? `${query.to} ` : ''}on branch '${query.branch}' of this project.`,
      )
    const fromUuid = query.from ?? (await previousReportUuid(db, project.uuid, toUuid))
    const from = fromUuid ? await reportDocumentById(db, project.uuid, fromUuid, query.branch) : null
    if (query.from && !from)
      throw new HttpError(
        404,
        `NOT FOUND: no report ${query.from} on branch '${query.branch}' of this project.`,
      )
    return diffReports(from, to)
  })

  bindRoute(app, routes.reportOutcome, async ({ params, query, request }) => {
    const project = orThrow(await writableProject(db, request.principal, params.projectId))
    const updatedAt = await storeOutcome(db, project.uuid, query.branch, query.outcome)
    return {
      projectUuid: project.uuid,
      branch: query.branch,
      outcome: query.outcome,
      updatedAt: updatedAt.toISOString(),
    }
  })

  bindRoute(app, routes.reportOutcomeGet, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const stored = await findOutcome(db, project.uuid, query.branch)
    return {
      projectUuid: project.uuid,
      branch: query.branch,
      outcome: stored?.outcome ?? 'UNDECLARED',
      updatedAt: stored?.updatedAt.toISOString() ?? null,
    }
  })
}
