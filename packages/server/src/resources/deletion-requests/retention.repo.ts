// Carrying out due deletion requests (spec report-page §9 "Deletion requests | deleted within 6 months per
// data terms"; issue 20 "Storage that does not grow without bound"). A request is due once its recorded
// `delete_by` has passed (there is no earlier approval step). Carrying one out deletes, in one transaction:
// - the reports of the request's project on its branch (every branch when it names none) created up to
//   the request's time: the report asked about and its history; scans stored later were not asked about;
// - what only those reports reference: their analyses (graph, uploaded files through analysis_files'
//   cascade), the finished analyses of that branch from before the request that no remaining report uses
//   (failed uploads carry the same files), their exports and report deltas (cascade), the assistant
//   conversations held on them, and the branch's package index (branch_packages) when no report is left;
// and marks the request done. Kept: the project, branch, outcome and exclusions (the owner's settings),
// Jira issue links and RKVST attestations (records of what was sent outside, not report contents).
// Each request is taken with FOR UPDATE SKIP LOCKED, so two workers never carry out the same one, and a
// done request is never taken again (idempotent).
import type { Db, DbClient } from '../../db/connection'
import { inTransaction } from '../../db/transaction'

export interface CarriedOut {
  requestUuid: string
  projectUuid: string
  branch: string | null
  reportsDeleted: number
  analysesDeleted: number
}

interface DueRow {
  uuid: string
  project_uuid: string
  branch: string | null
  created_at: Date
}

async function carryOut(client: DbClient, request: DueRow, now: Date): Promise<CarriedOut> {
  const scope = [request.project_uuid, request.branch, request.created_at] as const
  const { rows: reports } = await client.query<{ uuid: string; analysis_uuid: string | null }>(
    `DELETE FROM reports WHERE project_uuid = $1 AND ($2::text IS NULL OR branch = $2) AND created_at <= $3
     RETURNING uuid, analysis_uuid`,
    [...scope],
  )
  const reportUuids = reports.map((r) => r.uuid)
  // the account views' cache stamp (insights.repo.ts accountStamp) sees the removal (issue 20)
  await client.query(
    'UPDATE branch_heads SET changes = changes + 1 WHERE project_uuid = $1 AND ($2::text IS NULL OR branch = $2)',
    [request.project_uuid, request.branch],
  )
  await client.query('DELETE FROM assistant_conversations WHERE report_uuid = ANY($1::uuid[])', [reportUuids])
  const analyses = await client.query(
    `DELETE FROM analyses a
     WHERE a.uuid = ANY($4::uuid[])
        OR (a.project_uuid = $1 AND ($2::text IS NULL OR a.branch = $2) AND a.created_at <= $3
            AND a.status IN ('DONE', 'FAILED')
            AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.analysis_uuid = a.uuid))`,
    [...scope, reports.flatMap((r) => (r.analysis_uuid ? [r.analysis_uuid] : []))],
  )
  await client.query(
    `DELETE FROM branch_packages bp
     WHERE bp.project_uuid = $1 AND ($2::text IS NULL OR bp.branch = $2)
       AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.project_uuid = bp.project_uuid AND r.branch = bp.branch)`,
    [request.project_uuid, request.branch],
  )
  await client.query('UPDATE deletion_requests SET completed_at = $2, reports_deleted = $3 WHERE uuid = $1', [
    request.uuid,
    now,
    reports.length,
  ])
  return {
    requestUuid: request.uuid,
    projectUuid: request.project_uuid,
    branch: request.branch,
    reportsDeleted: reports.length,
    analysesDeleted: analyses.rowCount ?? 0,
  }
}

/**
 * Carries out the next due request not held by another worker; null when none is left. Each call is one
 * transaction, so a crash leaves a request either fully carried out or still due.
 */
export async function carryOutNextDueRequest(db: Db, now: Date): Promise<CarriedOut | null> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<DueRow>(
      `SELECT uuid, project_uuid, branch, created_at FROM deletion_requests
       WHERE completed_at IS NULL AND delete_by <= $1
       ORDER BY delete_by LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    )
    const due = rows[0]
    return due ? carryOut(client, due, now) : null
  })
}
