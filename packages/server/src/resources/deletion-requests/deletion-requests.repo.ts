// Deletion requests in storage (spec report-page §7 "Deletion request", §9 six months; issue 6): a request
// is kept with the date by which the report is to be deleted; system administrators list the latest 1000.
import type { DeletionRequest } from '@sextant/contract'
import type { Db } from '../../db/connection'
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
  completed_at: Date | null
  reports_deleted: number | null
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
  completedAt: r.completed_at?.toISOString() ?? null,
  reportsDeleted: r.reports_deleted,
})

export interface NewDeletionRequest {
  projectUuid: string
  branch: string | null
  email: string
  website: string | null
  reason: string | null
  production: boolean
  /** The member who asked, or null for an anonymous caller. */
  requesterMembership: string | null
}

export async function insertDeletionRequest(db: Db, r: NewDeletionRequest): Promise<DeletionRequest> {
  const { rows } = await db.query<Row>(
    `INSERT INTO deletion_requests (uuid, project_uuid, branch, email, website, reason, production, requester_membership, delete_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + interval '6 months') RETURNING *`,
    [newUuid(), r.projectUuid, r.branch, r.email, r.website, r.reason, r.production, r.requesterMembership],
  )
  return present(rows[0]!)
}

export async function listDeletionRequests(db: Db): Promise<DeletionRequest[]> {
  const { rows } = await db.query<Row>('SELECT * FROM deletion_requests ORDER BY created_at DESC LIMIT 1000')
  return rows.map(present)
}
