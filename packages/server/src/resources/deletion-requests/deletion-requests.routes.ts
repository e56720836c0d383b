// POST /api/v1/reports/{projectId}/deletion-requests and GET /api/v1/admin/deletion-requests (spec
// report-page §2 'Request to Delete', §7 "Deletion request", §9 six months; issue 6): a visible project's
// report may be asked to be deleted by anyone who can see it; system administrators list the requests.
import { type DeletionRequest, routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { bindRoute } from '../../http/route'
import { canRead } from '../../services/projects.access'
import { findProject } from '../../services/projects.repo'
import { newUuid } from '../../services/secrets'

interface Row {
  uuid: string
  project_uuid: string
  branch: string | null
  email: string
  website: string | null
  reason: string | null
  production: boolean
  created_at: Date
  delete_by: Date
}

const present = (r: Row): DeletionRequest => ({
  uuid: r.uuid,
  projectUuid: r.project_uuid,
  branch: r.branch,
  email: r.email,
  website: r.website,
  reason: r.reason,
  production: r.production,
  createdAt: r.created_at.toISOString(),
  deleteBy: r.delete_by.toISOString(),
})

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
    const { rows } = await db.query<Row>(
      `INSERT INTO deletion_requests (uuid, project_uuid, branch, email, website, reason, production, requester_membership, delete_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + interval '6 months') RETURNING *`,
      [
        newUuid(),
        project.uuid,
        body.branch ?? null,
        body.email,
        body.website ?? null,
        body.reason ?? null,
        body.production,
        p.kind === 'member' ? p.member.membershipUuid : null,
      ],
    )
    request.log.warn({ project: project.uuid, deletionRequest: rows[0]!.uuid }, 'report deletion requested')
    return present(rows[0]!)
  })

  bindRoute(app, routes.deletionRequestList, async () => {
    const { rows } = await db.query<Row>(
      'SELECT * FROM deletion_requests ORDER BY created_at DESC LIMIT 1000',
    )
    return rows.map(present)
  })
}
