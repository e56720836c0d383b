// POST /api/v1/reports/{projectId}/deletion-requests and GET /api/v1/admin/deletion-requests (spec
// report-page §2 'Request to Delete', §7 "Deletion request", §9 six months; issue 6): a visible project's
// report may be asked to be deleted by anyone who can see it; system administrators list the requests.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { bindRoute } from '../../http/route'
import { canRead } from '../../services/projects.access'
import { findProject } from '../../services/projects.repo'
import { insertDeletionRequest, listDeletionRequests } from './deletion-requests.repo'

export function deletionRequestRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.deletionRequestCreate, async ({ params, body, request }) => {
    const project = await findProject(db, params.projectId)
    if (!project || !canRead(request.principal, project)) {
      throw new HttpError(
        404,
        `PROJECT NOT FOUND: there is no project ${params.projectId}, or it is not accessible to you.`,
      )
    }
    const p = request.principal
    const created = await insertDeletionRequest(db, {
      projectUuid: project.uuid,
      branch: body.branch ?? null,
      email: body.email,
      website: body.website ?? null,
      reason: body.reason ?? null,
      production: body.production,
      requesterMembership: p.kind === 'member' ? p.member.membershipUuid : null,
    })
    request.log.warn({ project: project.uuid, deletionRequest: created.uuid }, 'report deletion requested')
    return created
  })

  bindRoute(app, routes.deletionRequestList, async () => listDeletionRequests(db))
}
