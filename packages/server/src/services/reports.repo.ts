// Report documents in storage (DESIGN §2): one immutable row per report, its document gzip'd JSON
// (report-document.ts, migration 034; JSONB for reports stored before), with the scores and outcome beside
// it so that history and badges never load whole documents.
import { randomBytes } from 'node:crypto'
import type { AssessmentState, HistoryEntry, Report } from '@sextant/contract'
import { type ReportDocument, sectionHeads } from '@sextant/engine'
import type { Db, DbClient } from '../db/connection'
import { isUuid } from './projects.repo'
import {
  packReportDocument,
  type StoredDocumentColumns,
  storedReportDocument,
  storedReportJson,
} from './report-document'
import { insertReportFacts } from './report-facts.repo'

/** A report's download key (spec report-page §3 Report.downloadKey): 128 random bits, hex. */
export function newDownloadKey(): string {
  return randomBytes(16).toString('hex')
}

/**
 * How a report's stability and licensing sections were had (engine report/carry.ts; migration 035): the
 * digest of what they were built from, and when a live re-check carried them over, the previous report
 * whose stored member is copied and the report they were built for.
 */
export interface SectionsCarry {
  key: string
  copy: { reportUuid: string; builtFor: string } | null
}

/**
 * Stores a report once per analysis; answers false when that analysis already has one. The download key
 * is kept twice, in the document the page reads and in the column the download routes check; a document
 * built without one gets one here so that both always agree. Its facts (report-facts.repo.ts) are stored
 * with it: call it inside the transaction that stores the report. With `carry.copy`, the stability and
 * licensing sections are those of `carry.copy.reportUuid` (the same project's), copied in SQL.
 */
export async function insertReport(
  db: DbClient,
  document: ReportDocument,
  analysisUuid: string | null,
  carry: SectionsCarry | null = null,
): Promise<boolean> {
  const doc = document.downloadKey ? document : { ...document, downloadKey: newDownloadKey() }
  const packed = await packReportDocument(doc, carry?.copy != null)
  // the sections member: packed here, or copied from the previous report (when that report has none, no
  // row is stored and this throws: never a document without them); a document whose sections are not side
  // by side is one member, with no sections member to carry
  const r = await db.query(
    `WITH part AS (
       SELECT CASE WHEN $23::uuid IS NULL THEN $22::bytea ELSE (
         SELECT substring(p.document_gz FROM p.sections_gz_at + 1 FOR p.sections_gz_len) FROM reports p
         WHERE p.uuid = $23 AND p.project_uuid = $2 AND p.sections_gz_at IS NOT NULL AND p.document_gz IS NOT NULL
       ) END AS bytes
     )
     INSERT INTO reports (uuid, project_uuid, branch, analysis_uuid, status, outcome, security_score, stability_score,
                          licensing_score, thresholds, components, created_at, document_gz, download_key,
                          security_assessment, stability_assessment, licensing_assessment, exclusions_fingerprint,
                          gate, security_gaps, sections_gz_at, sections_gz_len, sections_head, carry_key, carried_from)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
            CASE WHEN $23::uuid IS NULL AND part.bytes IS NULL THEN $13::bytea || $21::bytea
                 ELSE $13::bytea || part.bytes || $21::bytea END,
            $14, $15, $16, $17, $18, $19, $20,
            CASE WHEN part.bytes IS NULL THEN NULL ELSE octet_length($13::bytea) END, octet_length(part.bytes),
            $24, $25, $26
     FROM part WHERE $23::uuid IS NULL OR part.bytes IS NOT NULL
     ON CONFLICT (analysis_uuid) DO NOTHING`,
    [
      doc.uuid,
      doc.project.uuid,
      doc.project.branch,
      analysisUuid,
      doc.status,
      doc.outcome,
      doc.security.score,
      doc.stability.score,
      doc.licensing.score,
      JSON.stringify(doc.thresholds),
      doc.summary.components,
      doc.createdAt,
      packed.before,
      doc.downloadKey,
      doc.security.assessment.state,
      doc.stability.assessment.state,
      doc.licensing.assessment.state,
      doc.exclusionsFingerprint ?? null,
      JSON.stringify(doc.gate),
      JSON.stringify(doc.security.assessment.gaps),
      packed.after,
      packed.sections,
      carry?.copy?.reportUuid ?? null,
      carry ? JSON.stringify(sectionHeads(doc)) : null,
      carry?.key ?? null,
      carry?.copy?.builtFor ?? null,
    ],
  )
  const stored = (r.rowCount ?? 0) > 0
  if (!stored && carry?.copy && !(await analysisHasReport(db, analysisUuid)))
    throw new Error(`report ${carry.copy.reportUuid} holds no stability and licensing sections to carry`)
  // what the account-wide views read, in the same transaction (issue 20; migration 047)
  if (stored) await insertReportFacts(db, doc)
  return stored
}

async function analysisHasReport(db: DbClient, analysisUuid: string | null): Promise<boolean> {
  if (analysisUuid === null) return false
  const { rows } = await db.query('SELECT 1 FROM reports WHERE analysis_uuid = $1', [analysisUuid])
  return rows.length > 0
}

/**
 * What a live re-check may carry from the branch's latest report (migration 035): its carry key, its
 * section heads and the report those sections were built for; null when it has none (stored before, or a
 * failed report) or is unreadable, so the caller builds them.
 */
export async function latestReportSections(
  db: Db | DbClient,
  projectUuid: string,
  branch: string,
): Promise<{ reportUuid: string; key: string; heads: unknown; builtFor: string } | null> {
  const { rows } = await db.query<{
    uuid: string
    carry_key: string | null
    heads: unknown
    built_for: string
  }>(
    `SELECT uuid, CASE WHEN document_gz IS NOT NULL THEN carry_key END AS carry_key, sections_head AS heads,
            coalesce(carried_from, uuid) AS built_for FROM reports
     WHERE project_uuid = $1 AND branch = $2 ORDER BY created_at DESC, uuid DESC LIMIT 1`,
    [projectUuid, branch],
  )
  const r = rows[0]
  // (a report whose gzip'd document is gone, rewritten as JSONB, has nothing to copy)
  return r?.carry_key ? { reportUuid: r.uuid, key: r.carry_key, heads: r.heads, builtFor: r.built_for } : null
}

export async function latestReportUuid(db: Db, projectUuid: string, branch: string): Promise<string | null> {
  const { rows } = await db.query<{ uuid: string }>(
    'SELECT uuid FROM reports WHERE project_uuid = $1 AND branch = $2 ORDER BY created_at DESC LIMIT 1',
    [projectUuid, branch],
  )
  return rows[0]?.uuid ?? null
}

// Issue 13 item 5: a report is only ever found through the project the access check answered (and the
// branch asked for, when one is): every lookup below takes the project uuid, none takes a report uuid alone.

/** Whether the project holds this report (on `branch`, when given): the proof a 304 needs, without the document. */
export async function reportOnBranch(
  db: Db,
  projectUuid: string,
  reportUuid: string,
  branch?: string,
): Promise<boolean> {
  if (!isUuid(reportUuid)) return false
  const { rows } = await db.query(
    'SELECT 1 FROM reports WHERE project_uuid = $1 AND uuid = $2 AND ($3::text IS NULL OR branch = $3)',
    [projectUuid, reportUuid, branch ?? null],
  )
  return rows.length > 0
}

/** One report as stored text (no parse and re-serialise of large reports per request), with its branch. */
export async function storedReport(
  db: Db,
  projectUuid: string,
  reportUuid: string,
  branch?: string,
): Promise<{ json: string; branch: string } | null> {
  if (!isUuid(reportUuid)) return null
  const { rows } = await db.query<{ document: string | null; document_gz: Buffer | null; branch: string }>(
    `SELECT document::text AS document, document_gz, branch FROM reports
     WHERE project_uuid = $1 AND uuid = $2 AND ($3::text IS NULL OR branch = $3)`,
    [projectUuid, reportUuid, branch ?? null],
  )
  const r = rows[0]
  return r ? { json: await storedReportJson(r), branch: r.branch } : null
}

export async function reportJsonById(
  db: Db,
  projectUuid: string,
  reportUuid: string,
  branch?: string,
): Promise<string | null> {
  return (await storedReport(db, projectUuid, reportUuid, branch))?.json ?? null
}

interface HistoryRow {
  uuid: string
  branch: string
  status: Report['status']
  outcome: Report['outcome']
  created_at: Date
  security_score: number | null
  stability_score: number | null
  licensing_score: number | null
  security_assessment: AssessmentState
  stability_assessment: AssessmentState
  licensing_assessment: AssessmentState
  thresholds: { security: number; stability: number; licensing: number }
  live: boolean
}

export async function reportHistory(
  db: Db,
  projectUuid: string,
  branch: string | undefined,
  limit: number,
): Promise<HistoryEntry[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT uuid, branch, status, outcome, created_at, security_score, stability_score, licensing_score, thresholds,
            security_assessment, stability_assessment, licensing_assessment,
            coalesce((SELECT d.live FROM report_deltas d WHERE d.report_uuid = reports.uuid), false) AS live
     FROM reports WHERE project_uuid = $1 AND ($2::text IS NULL OR branch = $2) ORDER BY created_at DESC LIMIT $3`,
    [projectUuid, branch ?? null, limit],
  )
  return rows.map((r) => ({
    uuid: r.uuid,
    timestamp: r.created_at.toISOString(),
    branch: r.branch,
    status: r.status,
    outcome: r.outcome,
    security: r.security_score,
    stability: r.stability_score,
    licensing: r.licensing_score,
    assessment: {
      security: r.security_assessment,
      stability: r.stability_assessment,
      licensing: r.licensing_assessment,
    },
    minSecurityScore: r.thresholds.security,
    minStabilityScore: r.thresholds.stability,
    minLicensingScore: r.thresholds.licensing,
    live: r.live,
  }))
}

/** A stored report document, parsed (diff, VEX, recompute state); `null` when the project (on `branch`, when
 * given) has no such report. */
export async function reportDocumentById(
  db: Db,
  projectUuid: string,
  reportUuid: string,
  branch?: string,
): Promise<ReportDocument | null> {
  if (!isUuid(reportUuid)) return null
  const { rows } = await db.query<StoredDocumentColumns>(
    `SELECT document, document_gz FROM reports
     WHERE project_uuid = $1 AND uuid = $2 AND ($3::text IS NULL OR branch = $3)`,
    [projectUuid, reportUuid, branch ?? null],
  )
  const r = rows[0]
  return r ? storedReportDocument(r) : null
}

/** The latest report of a branch with the exclusions fingerprint it was built with ('' before exclusions existed). */
export async function latestReportState(
  db: Db | DbClient,
  projectUuid: string,
  branch: string,
): Promise<{ uuid: string; fingerprint: string; analysisUuid: string | null } | null> {
  const { rows } = await db.query<{ uuid: string; fingerprint: string | null; analysis_uuid: string | null }>(
    `SELECT uuid, coalesce(exclusions_fingerprint, document->>'exclusionsFingerprint') AS fingerprint, analysis_uuid
     FROM reports
     WHERE project_uuid = $1 AND branch = $2 ORDER BY created_at DESC LIMIT 1`,
    [projectUuid, branch],
  )
  const r = rows[0]
  return r ? { uuid: r.uuid, fingerprint: r.fingerprint ?? '', analysisUuid: r.analysis_uuid } : null
}

/** The report right before `reportUuid` in the branch's history (spec §4 "Report differences"). */
export async function previousReportUuid(
  db: Db,
  projectUuid: string,
  reportUuid: string,
): Promise<string | null> {
  if (!isUuid(reportUuid)) return null
  const { rows } = await db.query<{ uuid: string }>(
    `SELECT p.uuid FROM reports r JOIN reports p ON p.project_uuid = r.project_uuid AND p.branch = r.branch
       AND (p.created_at, p.uuid) < (r.created_at, r.uuid)
     WHERE r.project_uuid = $1 AND r.uuid = $2 ORDER BY p.created_at DESC, p.uuid DESC LIMIT 1`,
    [projectUuid, reportUuid],
  )
  return rows[0]?.uuid ?? null
}
