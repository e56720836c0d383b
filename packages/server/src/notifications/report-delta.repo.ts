// Storage of what each report has new since the previous one of its branch (issue 16 "Re-assessment on
// new data"; migration 075): the previous report's findings (its stored baseline, migration 033, or for a
// report stored before baselines its security and licensing sections only, not the whole document), the
// delta and baseline written with the report, and the delta read back for the API.
import { type DeltaBaseline, type DeltaSource, deltaBaseline, type ReportDelta } from '@sextant/engine'
import type { Db, DbClient } from '../db/connection'
import { isUuid } from '../services/projects.repo'
import { storedReportDocument } from '../services/report-document'

/**
 * The parts of a stored document (`p`) that hold findings, cut down in the database (issue 16 acceptance 6):
 * only the security reports with advices and the licensing results with violations, each assessment and
 * licensing report kept in place (empty when it has none). reportFindings reads nothing else, so the delta
 * is the same, while a clean branch of 1,000 components sends a few bytes instead of its whole sections
 * (serialising and parsing them was most of reading the previous report).
 */
export const FINDINGS_PARTS = `
  jsonb_build_object('assessments', (
    SELECT coalesce(jsonb_agg(jsonb_build_object('reports', (
      SELECT coalesce(jsonb_agg(r ORDER BY i), '[]'::jsonb) FROM jsonb_array_elements(a->'reports') WITH ORDINALITY x(r, i)
      WHERE r->'advices' <> '[]'::jsonb)) ORDER BY j), '[]'::jsonb)
    FROM jsonb_array_elements(p.document->'security'->'assessments') WITH ORDINALITY y(a, j))) AS security,
  jsonb_build_object('reports', (
    SELECT coalesce(jsonb_agg(jsonb_build_object('results', (
      SELECT coalesce(jsonb_agg(r ORDER BY i), '[]'::jsonb) FROM jsonb_array_elements(l->'results') WITH ORDINALITY x(r, i)
      WHERE r->'violations' <> '[]'::jsonb)) ORDER BY j), '[]'::jsonb)
    FROM jsonb_array_elements(p.document->'licensing'->'reports') WITH ORDINALITY y(l, j))) AS licensing`

/**
 * What the delta needs of the newest report of the branch before `reportUuid` that is not an ERROR report
 * (a failed analysis has no findings; comparing with it would make every finding "new" again): its stored
 * baseline, a few bytes for a clean branch (issue 16 acceptance 6: the previous 1 MB document is no longer
 * decompressed and expanded in SQL for each live re-check); for a report stored before baselines existed,
 * its findings parts cut out of its JSONB document (the lateral part runs only then), or, when that document
 * is stored compressed (migration 034; only reports not stored by an analysis lack a baseline), the
 * baseline computed from it here.
 */
export async function previousDeltaSource(
  client: DbClient,
  projectUuid: string,
  branch: string,
  reportUuid: string,
): Promise<{ uuid: string; source: DeltaSource | DeltaBaseline } | null> {
  const { rows } = await client.query<
    { uuid: string; baseline: DeltaBaseline | null; document_gz: Buffer | null } & DeltaSource
  >(
    `WITH p AS (
       SELECT p.uuid, p.outcome, p.document, p.document_gz FROM reports p
       WHERE p.project_uuid = $1 AND p.branch = $2 AND p.uuid <> $3 AND p.status <> 'ERROR'
       ORDER BY p.created_at DESC, p.uuid DESC LIMIT 1)
     SELECT p.uuid, p.outcome, b.baseline, f.security, f.licensing,
            CASE WHEN b.baseline IS NULL THEN p.document_gz END AS document_gz
     FROM p LEFT JOIN report_baselines b ON b.report_uuid = p.uuid
     LEFT JOIN LATERAL (SELECT ${FINDINGS_PARTS} WHERE b.baseline IS NULL AND p.document IS NOT NULL) f ON true`,
    [projectUuid, branch, reportUuid],
  )
  const r = rows[0]
  if (!r) return null
  if (r.baseline) return { uuid: r.uuid, source: r.baseline }
  if (r.document_gz)
    return {
      uuid: r.uuid,
      source: deltaBaseline(await storedReportDocument({ document: null, document_gz: r.document_gz })),
    }
  return { uuid: r.uuid, source: { outcome: r.outcome, security: r.security, licensing: r.licensing } }
}

/** The report's delta, and its baseline for the next report's delta, written with the report. */
export async function insertReportDelta(
  client: DbClient,
  row: {
    reportUuid: string
    projectUuid: string
    branch: string
    previousReportUuid: string | null
    live: boolean
    delta: ReportDelta
    baseline: DeltaBaseline
  },
): Promise<void> {
  await client.query(
    `WITH baseline AS (
       INSERT INTO report_baselines (report_uuid, baseline) VALUES ($1, $7) ON CONFLICT (report_uuid) DO NOTHING)
     INSERT INTO report_deltas (report_uuid, project_uuid, branch, previous_report_uuid, live, delta)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (report_uuid) DO NOTHING`,
    [
      row.reportUuid,
      row.projectUuid,
      row.branch,
      row.previousReportUuid,
      row.live,
      JSON.stringify(row.delta),
      JSON.stringify(row.baseline),
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
