// Triage routes (issue 19 "Analysis states"; accounts-and-api §6: reports edit to change, read to list):
// the analyses of a branch's findings, bulk triage, and one finding's audit trail (members of the
// project's account only: it names people). Changes take effect at the next recompute, like exclusions.
import { routes } from '@sextant/contract'
import { languageOfKey, writeOpenVex } from '@sextant/engine'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import type { Principal } from '../../http/auth'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { visibleProject, writableProject } from '../../services/project-lookup'
import { latestReportUuid, reportDocumentById } from '../../services/reports.repo'
import { newUuid } from '../../services/secrets'
import { listAnalyses, listAnalysisEvents } from './triage.repo'
import { type Actor, presentAnalysis, triageFindings } from './triage.service'
import { analysesByFinding, importVex } from './triage-vex.service'

export function actorOf(principal: Principal): Actor | null {
  return principal.kind === 'member'
    ? { uuid: principal.member.membershipUuid, email: principal.member.email }
    : null
}

export function triageRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.triageList, async ({ params, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    return (await listAnalyses(db, project.uuid, params.branch)).map(presentAnalysis)
  })

  bindRoute(app, routes.triageSet, async ({ params, body, request }) => {
    const project = orThrow(await writableProject(db, request.principal, params.projectId))
    const a = body.analysis
    return orThrow(
      await triageFindings(
        db,
        { accountUuid: project.accountUuid, projectUuid: project.uuid, branch: params.branch },
        {
          findings: body.findings,
          analysis: {
            state: a.state,
            justification: a.justification ?? null,
            responses: [...new Set(a.responses ?? [])],
            detail: (a.detail ?? '').trim(),
          },
          expires: a.expires ?? null,
        },
        actorOf(request.principal),
      ),
    )
  })

  bindRoute(app, routes.triageEvents, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const p = request.principal
    if (p.kind !== 'member' || (p.account.uuid !== project.accountUuid && !p.member.sysadmin))
      throw new HttpError(404, "A finding's audit trail is for members of the project's account.")
    const language = languageOfKey(query.language)
    if (!language) throw new HttpError(400, `language: unknown language '${query.language}'.`)
    const events = await listAnalysisEvents(db, {
      projectUuid: project.uuid,
      branch: params.branch,
      language,
      name: query.name,
      version: query.version,
      adviceId: query.adviceId,
    })
    return events.map((e) => ({
      library: { name: query.name, language },
      version: query.version,
      adviceId: query.adviceId,
      actor: e.actor,
      at: e.at.toISOString(),
      via: e.via,
      changes: e.changes,
    }))
  })

  bindRoute(app, routes.triageVexImport, async ({ params, body, request }) => {
    const project = orThrow(await writableProject(db, request.principal, params.projectId))
    const target = { accountUuid: project.accountUuid, projectUuid: project.uuid, branch: params.branch }
    return orThrow(await importVex(db, target, body.document, actorOf(request.principal)))
  })

  bindRoute(app, routes.triageOpenVex, async ({ params, request, reply }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const reportUuid = await latestReportUuid(db, project.uuid, params.branch)
    const report = reportUuid ? await reportDocumentById(db, project.uuid, reportUuid, params.branch) : null
    if (!report)
      throw new HttpError(404, `NOT FOUND: branch '${params.branch}' of this project has no report.`)
    const doc = writeOpenVex({
      report,
      analyses: await analysesByFinding(db, project.uuid, params.branch),
      id: `urn:uuid:${newUuid()}`,
      timestamp: new Date(),
      author: 'Sextant',
    })
    // OpenVEX needs at least one statement: an empty document would not be valid
    if (doc.statements.length === 0)
      throw new HttpError(
        409,
        'No finding of the latest report is analysed or excluded: there is nothing to state in OpenVEX.',
      )
    reply
      .status(200)
      .type('application/json')
      .header('content-disposition', 'attachment; filename="findings.openvex.json"')
      .send(`${JSON.stringify(doc, null, 2)}\n`)
    return undefined
  })
}
