// Triage routes (issue 19 "Analysis states"; accounts-and-api §6: reports edit to change, read to list):
// the analyses of a branch's findings, bulk triage, and one finding's audit trail (members of the
// project's account only: it names people). Changes take effect at the next recompute, like exclusions.
import { routes } from '@sextant/contract'
import { languageOfKey } from '@sextant/engine'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import type { Principal } from '../../http/auth'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { visibleProject, writableProject } from '../../services/project-lookup'
import { listAnalyses, listAnalysisEvents } from './triage.repo'
import { type Actor, presentAnalysis, triageFindings } from './triage.service'

export function actorOf(principal: Principal): Actor | null {
  return principal.kind === 'member'
    ? { uuid: principal.member.membershipUuid, email: principal.member.email }
    : null
}

export function triageRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.triageList, async ({ params, request }) => {
    const project = await visibleProject(db, request.principal, params.projectId)
    return (await listAnalyses(db, project.uuid, params.branch)).map(presentAnalysis)
  })

  bindRoute(app, routes.triageSet, async ({ params, body, request }) => {
    const project = await writableProject(db, request.principal, params.projectId)
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
    const project = await visibleProject(db, request.principal, params.projectId)
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
}
