// Export files ("eras") in PostgreSQL (accounts-and-api §7 "Report export (eras)"; DESIGN §1 Scaled):
// one row per requested file with its status, progress and, once done, the bytes (bytea), so any API
// process can answer status and file. Also the report lookups downloads start from.
import { randomBytes, randomUUID } from 'node:crypto'
import type { Era, ExportFormatName, ExportScope } from '@sextant/contract'
import type { ReportDocument } from '@sextant/engine'
import type { Db } from '../db/connection'
import { isUuid } from '../services/projects.repo'
import { type StoredDocumentColumns, storedReportDocument } from '../services/report-document'

export interface ReportRef {
  uuid: string
  branch: string
  components: number
  downloadKey: string
}

/**
 * The report a download is for: `reportUuid` when given, else the branch's latest; always one of the
 * project's reports, and on `branch` when both are given (issue 13 item 5).
 */
export async function findReportRef(
  db: Db,
  projectUuid: string,
  branch: string | undefined,
  reportUuid: string | undefined,
): Promise<ReportRef | null> {
  if (reportUuid && !isUuid(reportUuid)) return null
  const { rows } = await db.query<{ uuid: string; branch: string; components: number; download_key: string }>(
    `SELECT uuid, branch, components, download_key FROM reports
     WHERE project_uuid = $1 AND ($2::uuid IS NULL OR uuid = $2::uuid) AND ($3::text IS NULL OR branch = $3)
     ORDER BY created_at DESC LIMIT 1`,
    [projectUuid, reportUuid || null, branch || null],
  )
  const r = rows[0]
  return r ? { uuid: r.uuid, branch: r.branch, components: r.components, downloadKey: r.download_key } : null
}

export async function reportDocument(db: Db, reportUuid: string): Promise<ReportDocument | null> {
  const { rows } = await db.query<StoredDocumentColumns>(
    'SELECT document, document_gz FROM reports WHERE uuid = $1',
    [reportUuid],
  )
  const r = rows[0]
  return r ? storedReportDocument(r) : null
}

interface ExportRow {
  uuid: string
  project_uuid: string
  report_uuid: string
  branch: string
  format: ExportFormatName
  scope: ExportScope
  status: Era['status']
  progress: number
  message: string | null
  download_key: string
  file_name: string | null
  size: number | null
  created_at: Date
  finished_at: Date | null
  expires_at: Date
}

const columns =
  'uuid, project_uuid, report_uuid, branch, format, scope, status, progress, message, download_key, file_name, size, created_at, finished_at, expires_at'

export function presentEra(r: ExportRow): Era {
  return {
    id: r.uuid,
    projectUuid: r.project_uuid,
    reportUuid: r.report_uuid,
    branch: r.branch,
    format: r.format,
    scope: r.scope,
    status: r.status,
    progress: r.status === 'DONE' ? 100 : r.status === 'FAILED' ? 0 : r.progress,
    message: r.message,
    fileName: r.file_name,
    size: r.size,
    downloadKey: r.download_key,
    downloadUrl: `/api/v1/eras/${r.uuid}/report.${r.format}?downloadKey=${r.download_key}`,
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
    expiresAt: r.expires_at.toISOString(),
  }
}

export async function insertExport(
  db: Db,
  e: {
    projectUuid: string
    report: ReportRef
    format: ExportFormatName
    scope: ExportScope
    retentionHours: number
  },
): Promise<Era> {
  const { rows } = await db.query<ExportRow>(
    `INSERT INTO exports (uuid, project_uuid, report_uuid, branch, format, scope, status, progress, message, download_key, expires_at)
     VALUES ($1, $2, $3, $4, $5, $8, 'QUEUED', 0, 'Waiting for an export worker', $6, now() + make_interval(hours => $7))
     RETURNING ${columns}`,
    [
      randomUUID(),
      e.projectUuid,
      e.report.uuid,
      e.report.branch,
      e.format,
      randomBytes(16).toString('hex'),
      e.retentionHours,
      e.scope,
    ],
  )
  return presentEra(rows[0]!)
}

export async function findExport(db: Db, uuid: string): Promise<(Era & { projectUuid: string }) | null> {
  if (!isUuid(uuid)) return null
  const { rows } = await db.query<ExportRow>(
    `SELECT ${columns} FROM exports WHERE uuid = $1 AND expires_at > now()`,
    [uuid],
  )
  return rows[0] ? presentEra(rows[0]) : null
}

/** Claims a queued export (QUEUED → RUNNING); null when another worker has it or it is gone. */
export async function claimExport(
  db: Db,
  uuid: string,
): Promise<{
  reportUuid: string
  projectUuid: string
  format: ExportFormatName
  scope: ExportScope
} | null> {
  const { rows } = await db.query<{
    report_uuid: string
    project_uuid: string
    format: ExportFormatName
    scope: ExportScope
  }>(
    `UPDATE exports SET status = 'RUNNING', progress = 10, message = 'Reading the report', started_at = now()
     WHERE uuid = $1 AND (status = 'QUEUED' OR (status = 'RUNNING' AND started_at < now() - interval '10 minutes'))
     RETURNING report_uuid, project_uuid, format, scope`,
    [uuid],
  )
  const r = rows[0]
  return r
    ? { reportUuid: r.report_uuid, projectUuid: r.project_uuid, format: r.format, scope: r.scope }
    : null
}

export async function setProgress(db: Db, uuid: string, progress: number, message: string): Promise<void> {
  await db.query(`UPDATE exports SET progress = $2, message = $3 WHERE uuid = $1 AND status = 'RUNNING'`, [
    uuid,
    progress,
    message,
  ])
}

export async function finishExport(
  db: Db,
  uuid: string,
  file: { name: string; contentType: string; content: Uint8Array },
): Promise<void> {
  await db.query(
    `UPDATE exports SET status = 'DONE', progress = 100, message = 'Done', file_name = $2, content_type = $3,
            content = $4, size = $5, finished_at = now() WHERE uuid = $1`,
    [uuid, file.name, file.contentType, Buffer.from(file.content), file.content.length],
  )
}

export async function failExport(db: Db, uuid: string, message: string): Promise<void> {
  await db.query(
    `UPDATE exports SET status = 'FAILED', progress = 0, message = $2, finished_at = now() WHERE uuid = $1`,
    [uuid, message],
  )
}

export async function exportFile(
  db: Db,
  uuid: string,
): Promise<{ name: string; contentType: string; content: Buffer } | null> {
  if (!isUuid(uuid)) return null
  const { rows } = await db.query<{ file_name: string; content_type: string; content: Buffer }>(
    `SELECT file_name, content_type, content FROM exports WHERE uuid = $1 AND status = 'DONE' AND expires_at > now()`,
    [uuid],
  )
  const r = rows[0]
  return r ? { name: r.file_name, contentType: r.content_type, content: r.content } : null
}

/** Drops expired files; answers how many went. */
export async function purgeExpiredExports(db: Db): Promise<number> {
  const r = await db.query('DELETE FROM exports WHERE expires_at <= now()')
  return r.rowCount ?? 0
}
