// The report page's reads (issue 20 "Reports that stay small"): GET /api/v2/reports/{id}/outline[/{reportId}]
// and GET /api/v2/reports/{id}/sections/{reportId}/{domain}?page=. The access check answers the project
// first (a cache or lookup never runs before it); the forms are cut from the full report as this caller
// would get it (report-read.ts: totals, Jira data), all at once per report, kept in the report cache in
// gzip and brotli and sent as kept. Strong ETag per form, Jira state and encoding; If-None-Match answers
// 304 once the report is known to be this project's (and branch's). A report by id never changes
// (DESIGN §2): cached for a year as immutable, only by the caller's own browser (http/etag.ts
// reportCacheHeaders).
import { type Report, routes } from '@sextant/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/connection'
import { preferredEncoding } from '../../http/accept-encoding'
import { HttpError } from '../../http/errors'
import { matchesIfNoneMatch, reportCacheHeaders } from '../../http/etag'
import { freshReaderByKey } from '../../http/fresh-epoch'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { visibleOf } from '../../services/project-lookup'
import { findProject, type ProjectRecord } from '../../services/projects.repo'
import type { ReportCache, ReportEntry } from '../../services/report-cache'
import { latestReportUuid, reportOnBranch } from '../../services/reports.repo'
import { fullReportEntry, jiraShownTo } from '../report-read'
import { reportOutline, sectionPages } from './report-sections'

const SECTIONS = ['security', 'stability', 'licensing'] as const
/** Names the cut (bump when the forms change, so no cached copy of an older cut is reused). */
const CUT = 'p1'

export function reportSectionRoutes(app: FastifyInstance, db: Db, cache: ReportCache): void {
  const projectOf = freshReaderByKey((id) => findProject(db, id))
  const latestOf = freshReaderByKey(async (key) => {
    const [projectUuid = '', branch = ''] = key.split('\n')
    return latestReportUuid(db, projectUuid, branch)
  })
  // Concurrent misses of one report's forms share one cut.
  const cutting = new Map<string, Promise<Map<string, ReportEntry> | null>>()

  /** Every form of one report (outline, each section's pages), cut once and kept; null: no such report. */
  function formsOf(
    project: ProjectRecord,
    reportUuid: string,
    jira: Awaited<ReturnType<typeof jiraShownTo>>,
  ) {
    const id = `${project.uuid}/${reportUuid}/${jira?.key ?? '-'}`
    let pending = cutting.get(id)
    if (!pending) {
      pending = (async () => {
        const full = await fullReportEntry(db, cache, project, reportUuid, undefined, jira)
        if (!full) return null
        const report = JSON.parse(await cache.jsonOf(full)) as Report
        const forms: [string, unknown][] = [['outline', reportOutline(report)]]
        for (const section of SECTIONS)
          for (const page of sectionPages(report, section)) forms.push([`${section}:${page.page}`, page])
        const kept = await Promise.all(
          forms.map(([form, value]) =>
            cache.put(
              formKey(project, reportUuid, jira?.key, form),
              JSON.stringify(value),
              full.branch,
              true,
            ),
          ),
        )
        return new Map(forms.map(([form], i) => [form, kept[i]!]))
      })().finally(() => cutting.delete(id))
      cutting.set(id, pending)
    }
    return pending
  }

  const formKey = (
    project: ProjectRecord,
    reportUuid: string,
    jiraKey: string | undefined,
    form: string,
  ) => ({
    projectUuid: project.uuid,
    reportUuid,
    variant: `${CUT}:${jiraKey ?? '-'}:${form}`,
  })

  /** Sends one form of a report of `project` (access answered); 'no report' or 'no form' when there is none. */
  async function sendForm(
    request: FastifyRequest,
    reply: FastifyReply,
    project: ProjectRecord,
    reportUuid: string,
    branch: string | undefined,
    immutable: boolean,
    form: string,
  ): Promise<'sent' | 'no report' | 'no form'> {
    const jira = await jiraShownTo(db, request.principal, project)
    const encoding = preferredEncoding(request.headers['accept-encoding'])
    const key = formKey(project, reportUuid, jira?.key, form)
    const etag = `"${reportUuid}.${CUT}.${jira?.key ?? '-'}.${form}${encoding ? `.${encoding}` : ''}"`
    reply.type('application/json').headers(reportCacheHeaders(etag, immutable && !jira))
    let entry = cache.get(key, branch)
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      if (entry || (await reportOnBranch(db, project.uuid, reportUuid, branch))) {
        reply.status(304).send()
        return 'sent'
      }
    }
    if (!entry) {
      const forms = await formsOf(project, reportUuid, jira)
      if (!forms) return 'no report'
      const found = forms.get(form)
      const anyForm = forms.get('outline')
      if (branch !== undefined && anyForm?.branch !== branch) return 'no report'
      if (!found) return 'no form'
      entry = found
    }
    reply.status(200)
    if (encoding === 'br' && entry.br) reply.header('content-encoding', 'br').send(entry.br)
    else if (encoding) reply.header('content-encoding', 'gzip').send(entry.gzip)
    else reply.send(await cache.jsonOf(entry))
    return 'sent'
  }

  bindRoute(app, routes.reportOutline, async ({ params, query, request, reply }) => {
    const project = orThrow(visibleOf(request.principal, params.projectId, await projectOf(params.projectId)))
    const branch = query.branch?.trim()
    if (!branch) throw new HttpError(404, 'NOT FOUND: no branch was given (query parameter branch).')
    const uuid = await latestOf(`${project.uuid}\n${branch}`)
    if (!uuid || (await sendForm(request, reply, project, uuid, branch, false, 'outline')) !== 'sent')
      throw new HttpError(404, `NOT FOUND: branch '${branch}' of this project has no report yet.`)
    return undefined
  })

  bindRoute(app, routes.reportOutlineById, async ({ params, query, request, reply }) => {
    const project = orThrow(visibleOf(request.principal, params.projectId, await projectOf(params.projectId)))
    const branch = query.branch?.trim() || undefined
    if ((await sendForm(request, reply, project, params.reportId, branch, true, 'outline')) !== 'sent')
      throw new HttpError(
        404,
        `NOT FOUND: this project has no report ${params.reportId}${branch ? ` on branch '${branch}'` : ''}.`,
      )
    return undefined
  })

  bindRoute(app, routes.reportSection, async ({ params, query, request, reply }) => {
    const project = orThrow(visibleOf(request.principal, params.projectId, await projectOf(params.projectId)))
    const branch = query.branch?.trim() || undefined
    const form = `${params.domain}:${query.page}`
    const sent = await sendForm(request, reply, project, params.reportId, branch, true, form)
    if (sent === 'no form')
      throw new HttpError(
        404,
        `NOT FOUND: the ${params.domain} section of this report has no page ${query.page}.`,
      )
    if (sent === 'no report')
      throw new HttpError(
        404,
        `NOT FOUND: this project has no report ${params.reportId}${branch ? ` on branch '${branch}'` : ''}.`,
      )
    return undefined
  })
}
