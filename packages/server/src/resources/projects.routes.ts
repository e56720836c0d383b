// Projects and their reports (spec accounts-and-api §7 "Projects and reports"; report-page §7):
// GET /api/v1/projects/{id}, GET /api/v1/accounts/{id}/projects, GET /api/v1/reports/{id}/full[/{reportId}],
// GET /api/v1/reports/{id}/history, PUT /api/v1/projects/{id}/visibility (public or private, issue 14).
// Unknown or invisible projects answer 404 (spec: NOT FOUND).
import { PUBLIC_PROJECTS_LIMIT, routes } from '@sextant/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/connection'
import { HttpError } from '../http/errors'
import { matchesIfNoneMatch, reportCacheHeaders } from '../http/etag'
import { freshReaderByKey } from '../http/fresh-epoch'
import { orThrow } from '../http/problems'
import { bindRoute } from '../http/route'
import { findReportDelta } from '../notifications/report-delta.repo'
import { canWrite, visibleOf, visibleProject, writableProject } from '../services/project-lookup'
import { listableView } from '../services/projects.access'
import {
  findProject,
  type ProjectRecord,
  presentAccountProjects,
  presentProject,
  presentPublicProjects,
  setProjectPublic,
} from '../services/projects.repo'
import type { ReportCache } from '../services/report-cache'
import { latestReportUuid, reportHistory, reportOnBranch } from '../services/reports.repo'
import { fullReportEntry, jiraShownTo } from './report-read'

export function projectRoutes(app: FastifyInstance, db: Db, cache: ReportCache): void {
  // Issue 20 (report GET p99 at 50 and 200 clients): the report routes' lookups (the project; its latest
  // report on a branch) are shared by concurrent requests for the same key, each answered by a read that
  // started after it arrived (http/fresh-epoch.ts), so no answer is older than its own read would be. The
  // report itself comes from the cache; on the embedded database every query waits its turn, so this
  // keeps the queries per second about flat in the number of clients.
  const projectOf = freshReaderByKey((id) => findProject(db, id))
  const latestOf = freshReaderByKey(async (key) => {
    const [projectUuid = '', branch = ''] = key.split('\n')
    return latestReportUuid(db, projectUuid, branch)
  })
  // Sends one stored report of `project` (already answered by the access check): from the cache when this
  // process has served it through the same project before, gzipped when the client accepts it. Answers
  // false when the project has no such report, or (with `branch`) none on that branch. The project's Jira
  // issues and settings (report-page §3 jiraInfo, Advice.jira) are added as it is read, cached per state,
  // for members of the project's account with the 'jira' feature only (§6 "Issue-tracker information
  // loads only when the account has the Jira feature"; outsiders of a public project never see its Jira).
  // Issue 20: a strong ETag names the representation (report, Jira state, encoding); If-None-Match
  // answers 304 once the report is known to be this project's (and branch's). A report asked for by id
  // (`immutable`) never changes (DESIGN §2), so without Jira data it is cached for a year as immutable.
  async function sendReport(
    request: FastifyRequest,
    reply: FastifyReply,
    project: ProjectRecord,
    reportUuid: string,
    branch: string | undefined,
    immutable: boolean,
  ) {
    const key = { projectUuid: project.uuid, reportUuid }
    const jira = await jiraShownTo(db, request.principal, project)
    const jiraKey = jira?.key ?? null
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    // `.v2`: the answer carries Report.totals (issue 18 acc. 7); a copy cached before them is not reused
    const etag = `"${reportUuid}.v2${jiraKey ? `.${jiraKey}` : ''}${gzip ? '.gz' : ''}"`
    reply.type('application/json').headers(reportCacheHeaders(etag, immutable && !jira))
    if (
      matchesIfNoneMatch(request.headers['if-none-match'], etag) &&
      (cache.get(key, branch) || (await reportOnBranch(db, project.uuid, reportUuid, branch)))
    ) {
      reply.status(304).send()
      return true
    }
    const entry = await fullReportEntry(db, cache, project, reportUuid, branch, jira)
    if (!entry) return false
    reply.status(200)
    if (gzip) reply.header('content-encoding', 'gzip').send(entry.gzip)
    else reply.send(await cache.jsonOf(entry))
    return true
  }

  bindRoute(app, routes.projectGet, async ({ params, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    return presentProject(db, project, !canWrite(request.principal, project))
  })

  // Everyone's public projects for the anonymous home page, bounded by the contract's limit.
  bindRoute(app, routes.publicProjects, async ({ request }) => {
    return presentPublicProjects(
      db,
      PUBLIC_PROJECTS_LIMIT,
      (project) => !canWrite(request.principal, project),
    )
  })

  // Whoever may change the project may open it to the public or close it again (§6 projects edit).
  bindRoute(app, routes.projectVisibility, async ({ params, body, request }) => {
    const project = orThrow(await writableProject(db, request.principal, params.projectId))
    const changed = (await setProjectPublic(db, project.uuid, body.isPublic)) ?? project
    return presentProject(db, changed, false)
  })

  bindRoute(app, routes.accountProjects, async ({ params, request }) => {
    // one query for the whole list (issue 20)
    const view = orThrow(listableView(request.principal, params.id))
    return presentAccountProjects(db, view, (project) => !canWrite(request.principal, project))
  })

  bindRoute(app, routes.reportLatest, async ({ params, query, request, reply }) => {
    const project = orThrow(visibleOf(request.principal, params.projectId, await projectOf(params.projectId)))
    const branch = query.branch?.trim()
    if (!branch) throw new HttpError(404, 'NOT FOUND: no branch was given (query parameter branch).')
    const uuid = await latestOf(`${project.uuid}\n${branch}`)
    if (!uuid || !(await sendReport(request, reply, project, uuid, branch, false))) {
      throw new HttpError(404, `NOT FOUND: branch '${branch}' of this project has no report yet.`)
    }
    return undefined
  })

  bindRoute(app, routes.reportById, async ({ params, query, request, reply }) => {
    const project = orThrow(visibleOf(request.principal, params.projectId, await projectOf(params.projectId)))
    const branch = query.branch?.trim() || undefined
    if (!(await sendReport(request, reply, project, params.reportId, branch, true))) {
      throw new HttpError(
        404,
        `NOT FOUND: this project has no report ${params.reportId}${branch ? ` on branch '${branch}'` : ''}.`,
      )
    }
    return undefined
  })

  bindRoute(app, routes.reportHistory, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    return reportHistory(db, project.uuid, query.branch, query.limit)
  })

  // What a report has new since the previous one (issue 16): the live re-check's delta
  bindRoute(app, routes.reportDelta, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const branch = query.branch?.trim() || null
    const reportUuid = query.reportUuid?.trim() || null
    if (!branch && !reportUuid)
      throw new HttpError(400, 'Give the branch (query parameter branch) or the report (reportUuid).')
    const found = await findReportDelta(db, project.uuid, { branch, reportUuid })
    if (!found)
      throw new HttpError(
        404,
        `NOT FOUND: ${reportUuid ? `report ${reportUuid}` : `the latest report of branch '${branch}'`} has no delta (none stored, or built before deltas existed).`,
      )
    return { ...found, createdAt: found.createdAt.toISOString() }
  })
}
