// Downloads (spec report-page §7 "POST /api/v1/reports/{format}/{id}", "GET /api/v1/reports/{pid}/json";
// §5 download availability; accounts-and-api §7 "Report export (eras)"). Small reports answer the file
// at once; PDFs and large reports become an era made by the `export` job and polled by the page.
import {
  type Advice,
  type Era,
  type ExportFormatName,
  type ExportScope,
  exportFormatSchema,
  routes,
} from '@sextant/contract'
import type { ReportView } from '@sextant/engine'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Db } from '../db/connection'
import type { Principal } from '../http/auth'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import type { PgBoss } from '../jobs/boss'
import { canRead } from '../services/projects.access'
import { findProject, type ProjectRecord } from '../services/projects.repo'
import { sameSecret } from '../services/secrets'
import { EXPORT_QUEUE, type ExportJobData } from './export.job'
import { renderReportFile } from './export.service'
import { exportFile, findExport, findReportRef, insertExport, type ReportRef } from './exports.repo'

/** Reports up to this many components are rendered in the request (spec §9: the page polls otherwise). */
export const INLINE_COMPONENTS_LIMIT = 1000
const RETENTION_HOURS = 24
/** PDFs are always made by the job: rendering blocks the event loop for longest. */
const alwaysQueued: readonly ExportFormatName[] = ['pdf', 'bible_pdf']
/**
 * The page's CSV buttons: answered at once whatever the report's size (writing CSV text is linear in
 * the rows, bounded by the graph limits) and narrowed to what the page shows (issue 13 item 18).
 */
const pageCsvs: readonly ExportFormatName[] = ['vulnerabilities_csv', 'stability_csv', 'licenses_csv']

function viewOf(query: {
  languages?: string[] | undefined
  issuesOnly?: 'true' | 'false' | undefined
  severities?: Advice['severity'][] | undefined
  epss?: [number, number] | undefined
  cvss?: [number, number] | undefined
}): ReportView {
  return {
    ...(query.languages ? { languages: query.languages } : {}),
    ...(query.issuesOnly ? { issuesOnly: query.issuesOnly === 'true' } : {}),
    ...(query.severities ? { severities: query.severities } : {}),
    ...(query.epss ? { epss: query.epss } : {}),
    ...(query.cvss ? { cvss: query.cvss } : {}),
  }
}

const notFound = (id: string) =>
  new HttpError(404, `PROJECT NOT FOUND: there is no project ${id}, or it is not accessible to you.`)

async function readableProject(db: Db, principal: Principal, id: string): Promise<ProjectRecord> {
  const project = await findProject(db, id)
  if (!project || !canRead(principal, project)) throw notFound(id)
  return project
}

async function reportOf(
  db: Db,
  project: ProjectRecord,
  branch?: string,
  reportUuid?: string,
): Promise<ReportRef> {
  if (!branch?.trim() && !reportUuid)
    throw new HttpError(404, 'NOT FOUND: no branch was given (query parameter branch).')
  const report = await findReportRef(db, project.uuid, branch?.trim(), reportUuid)
  if (!report) {
    throw new HttpError(
      404,
      reportUuid
        ? `NOT FOUND: this project has no report ${reportUuid}.`
        : `NOT FOUND: branch '${branch}' of this project has no report yet.`,
    )
  }
  return report
}

function sendFile(
  reply: FastifyReply,
  file: { name: string; contentType: string; content: Uint8Array },
): undefined {
  reply
    .status(200)
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.content))
  return undefined
}

export function exportRoutes(app: FastifyInstance, db: Db, boss: PgBoss): void {
  async function queue(
    project: ProjectRecord,
    report: ReportRef,
    format: ExportFormatName,
    scope: ExportScope,
  ): Promise<Era> {
    const era = await insertExport(db, {
      projectUuid: project.uuid,
      report,
      format,
      scope,
      retentionHours: RETENTION_HOURS,
    })
    await boss.send(EXPORT_QUEUE, { exportUuid: era.id } satisfies ExportJobData)
    return era
  }

  bindRoute(app, routes.downloadGenerate, async ({ params, query, request, reply }) => {
    const project = await readableProject(db, request.principal, params.projectId)
    const report = await reportOf(db, project, query.branch, query.reportUuid)
    if (pageCsvs.includes(params.format)) {
      const file = await renderReportFile(
        db,
        report.uuid,
        params.format,
        new Date(),
        query.scope,
        viewOf(query),
      )
      if (!file) throw new HttpError(404, 'NOT FOUND: the report is gone.')
      return sendFile(reply, file)
    }
    if (report.components <= INLINE_COMPONENTS_LIMIT && !alwaysQueued.includes(params.format)) {
      const file = await renderReportFile(db, report.uuid, params.format, new Date(), query.scope)
      if (file) return sendFile(reply, file)
    }
    return queue(project, report, params.format, query.scope ?? 'all')
  })

  bindRoute(app, routes.reportJsonDownload, async ({ params, query, request, reply }) => {
    const project = await findProject(db, params.projectId)
    const readable = project !== null && canRead(request.principal, project)
    // The report's download key opens the link for anyone holding it (spec §5): a capability for the
    // branch's latest report of this project only, so the report is looked up through the path's
    // project and branch and its own key compared. Without either, every problem reads as "no such
    // project" (its branches and reports are not revealed).
    const report = project
      ? await reportOf(db, project, query.branch).catch((error: unknown) => {
          if (readable) throw error
          return null
        })
      : null
    if (!project || !report || (!readable && !sameSecret(query.key, report.downloadKey)))
      throw notFound(params.projectId)
    const file = await renderReportFile(db, report.uuid, 'json')
    if (!file) throw new HttpError(404, 'NOT FOUND: the report is gone.')
    return sendFile(reply, file)
  })

  bindRoute(app, routes.eraCreate, async ({ body, request }) => {
    const id = body.projectId ?? body.pid
    if (!id) throw new HttpError(400, 'Invalid body: projectId: give the project uuid (projectId or pid).')
    const project = await readableProject(db, request.principal, id)
    return queue(
      project,
      await reportOf(db, project, body.branch, body.reportUuid),
      body.format,
      body.scope ?? 'all',
    )
  })

  bindRoute(app, routes.eraConfig, async () => ({
    formats: [...exportFormatSchema.options],
    inlineComponentsLimit: INLINE_COMPONENTS_LIMIT,
    refreshTimerMsPer200Components: 1000,
    retentionHours: RETENTION_HOURS,
  }))

  async function visibleEra(principal: Principal, id: string, downloadKey?: string) {
    const era = await findExport(db, id)
    const gone = new HttpError(404, `NOT FOUND: there is no export ${id}, or it has expired.`)
    if (!era) throw gone
    if (sameSecret(downloadKey, era.downloadKey)) return era
    const project = await findProject(db, era.projectUuid)
    if (!project || !canRead(principal, project)) throw gone
    return era
  }

  bindRoute(app, routes.eraStatus, async ({ params, request }) => {
    const era = await visibleEra(request.principal, params.id)
    if (era.status === 'DONE') return era
    // The spec's polling contract: 404 until done, the message carrying the progress (0 after a failure).
    if (era.status === 'FAILED')
      throw new HttpError(404, `FAILED (0%): ${era.message ?? 'the export failed'}`)
    throw new HttpError(404, `IN PROGRESS (${era.progress}%): ${era.message ?? 'waiting'}`)
  })

  bindRoute(app, routes.eraFile, async ({ params, query, request, reply }) => {
    const era = await visibleEra(request.principal, params.id, query.downloadKey)
    if (params.file !== `report.${era.format}`) {
      throw new HttpError(404, `NOT FOUND: this export's file is report.${era.format}.`)
    }
    const file = await exportFile(db, era.id)
    if (!file) throw new HttpError(404, `IN PROGRESS (${era.progress}%): the file is not ready yet.`)
    return sendFile(reply, file)
  })
}
