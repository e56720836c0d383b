// The files stored with an analysis (migrations 001 `analysis_files`, 059 `upload_blobs`; issue 20
// "Storage that does not grow without bound"). Who reads them: the analysis job of that same analysis
// (services/build-resolution.ts resolves a pom.xml, build.gradle or lone package.json, also on its retries
// while QUEUED or RUNNING), and the remediation plan's patch of a report (findings/remediation.repo.ts,
// the manifests of the report's analysis). Recompute, re-assessment and refresh start from the stored graph
// (the resolved one is written back), never from files. So each branch keeps the files of its newest
// finished analysis that has files (the live upload, for the patch); the files of every other analysis
// that ended (DONE or FAILED) are kept FILES_KEPT_HOURS for an operator to look at, then dropped by the
// `retention.upload-files` job. Contents are stored once per SHA-256 digest, shared by every upload that
// carries them; a content is deleted only once no analysis file references it (the foreign key refuses
// otherwise, so a sweep racing an upload fails and runs again rather than losing a file).
import { createHash } from 'node:crypto'
import type { SourceFile } from '@sextant/engine'
import type { Db } from '../db/connection'

/** How long the files of a finished analysis stay after it ended. */
export const FILES_KEPT_HOURS = 24

const digestOf = (content: Buffer): Buffer => createHash('sha256').update(content).digest()

/** Stores an analysis's files, each content once per digest (an identical upload adds only references). */
export async function insertAnalysisFiles(
  db: Pick<Db, 'query'>,
  analysisUuid: string,
  files: readonly { path: string; content: Buffer }[],
): Promise<void> {
  for (const f of files) {
    const digest = digestOf(f.content)
    // DO UPDATE (not NOTHING) locks an existing blob until this transaction ends, so a sweep running
    // at the same moment skips it instead of deleting it under this new reference.
    await db.query(
      `INSERT INTO upload_blobs (digest, content, size) VALUES ($1, $2, $3)
       ON CONFLICT (digest) DO UPDATE SET size = EXCLUDED.size`,
      [digest, f.content, f.content.length],
    )
    await db.query('INSERT INTO analysis_files (analysis_uuid, path, digest) VALUES ($1, $2, $3)', [
      analysisUuid,
      f.path,
      digest,
    ])
  }
}

export async function analysisFilePaths(db: Db, analysisUuid: string): Promise<string[]> {
  const { rows } = await db.query<{ path: string }>(
    'SELECT path FROM analysis_files WHERE analysis_uuid = $1',
    [analysisUuid],
  )
  return rows.map((r) => r.path)
}

export async function analysisFiles(db: Db, analysisUuid: string): Promise<SourceFile[]> {
  const { rows } = await db.query<{ path: string; content: Buffer }>(
    `SELECT f.path, b.content FROM analysis_files f JOIN upload_blobs b ON b.digest = f.digest
     WHERE f.analysis_uuid = $1`,
    [analysisUuid],
  )
  return rows.map((r) => ({ path: r.path, content: r.content.toString('utf8') }))
}

export interface FilesDropped {
  /** Analysis file references removed (of analyses that ended before the cut-off). */
  files: number
  /** Stored contents no longer referenced by any analysis, deleted. */
  blobs: number
  bytes: number
}

/**
 * Drops the files of analyses that ended before `endedBefore`, except each branch's newest DONE analysis
 * with files, then every content left unreferenced.
 */
export async function dropUnneededFiles(db: Db, endedBefore: Date): Promise<FilesDropped> {
  const files = await db.query(
    `DELETE FROM analysis_files f USING analyses a
     WHERE a.uuid = f.analysis_uuid AND a.status IN ('DONE', 'FAILED') AND a.finished_at < $1
       AND a.uuid IS DISTINCT FROM (
         SELECT l.uuid FROM analyses l
         WHERE l.project_uuid = a.project_uuid AND l.branch = a.branch AND l.status = 'DONE'
           AND EXISTS (SELECT 1 FROM analysis_files lf WHERE lf.analysis_uuid = l.uuid)
         ORDER BY l.created_at DESC LIMIT 1)`,
    [endedBefore],
  )
  const { rows } = await db.query<{ blobs: number; bytes: string }>(
    `WITH gone AS (
       DELETE FROM upload_blobs WHERE digest IN (
         SELECT b.digest FROM upload_blobs b
         WHERE NOT EXISTS (SELECT 1 FROM analysis_files f WHERE f.digest = b.digest)
         FOR UPDATE SKIP LOCKED)
       RETURNING size)
     SELECT count(*)::int AS blobs, coalesce(sum(size), 0)::bigint AS bytes FROM gone`,
  )
  return { files: files.rowCount ?? 0, blobs: rows[0]?.blobs ?? 0, bytes: Number(rows[0]?.bytes ?? 0) }
}
