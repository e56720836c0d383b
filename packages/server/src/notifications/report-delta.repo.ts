// Storage of what each report has new since the previous one of its branch (issue 16 "Re-assessment on
// new data"; migration 075): the previous report's findings (its security and licensing sections only,
// not the whole document), the delta written with the report, and the delta read back for the API.
import type { DeltaSource, ReportDelta } from '@sextant/engine'
import type { Db, DbClient } from '../db/connection'
import { isUuid } from '../services/projects.repo'

/**
 * The findings part of the newest report of the branch before `reportUuid` that is not an ERROR report
 * (a failed analysis has no findings; comparing with it would make every finding "new" again).
 */
export async function previousDeltaSource(
  client: DbClient,
  projectUuid: string,
  branch: string,
  reportUuid: string,
): Promise<{ uuid: string; source: DeltaSource } | null> {
  const { rows } = await client.query<{ uuid: string } & DeltaSource>(
    `SELECT p.uuid, p.outcome, p.document->'security' AS security, p.document->'licensing' AS licensing
     FROM reports p WHERE p.project_uuid = $1 AND p.branch = $2 AND p.uuid <> $3 AND p.status <> 'ERROR'
     ORDER BY p.created_at DESC, p.uuid DESC LIMIT 1`,
    [projectUuid, branch, reportUuid],
  )
  const r = rows[0]
  return r
    ? { uuid: r.uuid, source: { outcome: r.outcome, security: r.security, licensing: r.licensing } }
    : null
}

export async function insertReportDelta(
  client: DbClient,
  row: {
    reportUuid: string
    projectUuid: string
    branch: string
    previousReportUuid: string | null
    live: boolean
    delta: ReportDelta
  },
): Promise<void> {
  await client.query(
    `INSERT INTO report_deltas (report_uuid, project_uuid, branch, previous_report_uuid, live, delta)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (report_uuid) DO NOTHING`,
    [
      row.reportUuid,
      row.projectUuid,
      row.branch,
      row.previousReportUuid,
      row.live,
      JSON.stringify(row.delta),
    ],
  )
}

export interface StoredReportDelta {
  reportUuid: string
  previousReportUuid: string | null
  live: boolean
  createdAt: Date
  delta: ReportDelta
}

/**
 * The delta of the branch's latest report (`at.branch`) or of one report (`at.reportUuid`, on `at.branch`
 * when given); null when that report has none stored (built before deltas existed) or does not exist.
 */
export async function findReportDelta(
  db: Db,
  projectUuid: string,
  at: { branch: string | null; reportUuid: string | null },
): Promise<StoredReportDelta | null> {
  if (at.reportUuid !== null && !isUuid(at.reportUuid)) return null
  const { rows } = await db.query<{
    report_uuid: string
    previous_report_uuid: string | null
    live: boolean
    created_at: Date
    delta: ReportDelta
  }>(
    `WITH target AS (
       SELECT r.uuid, r.created_at FROM reports r
       WHERE r.project_uuid = $1 AND ($2::text IS NULL OR r.branch = $2) AND ($3::uuid IS NULL OR r.uuid = $3)
       ORDER BY r.created_at DESC, r.uuid DESC LIMIT 1)
     SELECT d.report_uuid, d.previous_report_uuid, d.live, t.created_at, d.delta
     FROM target t JOIN report_deltas d ON d.report_uuid = t.uuid`,
    [projectUuid, at.branch, at.reportUuid],
  )
  const r = rows[0]
  return r
    ? {
        reportUuid: r.report_uuid,
        previousReportUuid: r.previous_report_uuid,
        live: r.live,
        createdAt: r.created_at,
        delta: r.delta,
      }
    : null
}
