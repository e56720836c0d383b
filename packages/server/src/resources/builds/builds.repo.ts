// CI builds in storage (product-notes "How scans reach the server": create a build, upload its files,
// start, poll): the build row, its uploaded files, and its state joined from analysis and report.
import type { Db } from '../../db/connection'

export interface BuildRow {
  uuid: string
  project_uuid: string
  branch: string
  started: boolean
  analysis_uuid: string | null
  error: string | null
  created_at: Date
  analysis_status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | null
  analysis_error: string | null
  report_uuid: string | null
  security_score: number | null
  stability_score: number | null
  licensing_score: number | null
  thresholds: { security: number; stability: number; licensing: number }
  files: string[]
}

export async function findBuild(db: Db, uuid: string): Promise<BuildRow | null> {
  const { rows } = await db.query<BuildRow>(
    `SELECT b.*, a.status AS analysis_status, a.error AS analysis_error, r.uuid AS report_uuid,
            r.security_score, r.stability_score, r.licensing_score, p.thresholds,
            ARRAY(SELECT path FROM build_files f WHERE f.build_uuid = b.uuid ORDER BY path) AS files
     FROM builds b JOIN projects p ON p.uuid = b.project_uuid
     LEFT JOIN analyses a ON a.uuid = b.analysis_uuid LEFT JOIN reports r ON r.analysis_uuid = b.analysis_uuid
     WHERE b.uuid = $1`,
    [uuid],
  )
  return rows[0] ?? null
}

export async function insertBuild(
  db: Db,
  b: { uuid: string; projectUuid: string; branch: string; creator: string | null },
) {
  await db.query('INSERT INTO builds (uuid, project_uuid, branch, creator_uuid) VALUES ($1, $2, $3, $4)', [
    b.uuid,
    b.projectUuid,
    b.branch,
    b.creator,
  ])
}

export async function putBuildFile(db: Db, buildUuid: string, path: string, content: Buffer) {
  await db.query(
    `INSERT INTO build_files (build_uuid, path, content) VALUES ($1, $2, $3)
     ON CONFLICT (build_uuid, path) DO UPDATE SET content = EXCLUDED.content`,
    [buildUuid, path, content],
  )
}

export async function buildFiles(db: Db, buildUuid: string): Promise<{ path: string; content: Buffer }[]> {
  const { rows } = await db.query<{ path: string; content: Buffer }>(
    'SELECT path, content FROM build_files WHERE build_uuid = $1 ORDER BY path',
    [buildUuid],
  )
  return rows
}

/** Marks the build started with its analysis; false when another call started it first. */
export async function markStarted(db: Db, buildUuid: string, analysisUuid: string): Promise<boolean> {
  const r = await db.query(
    'UPDATE builds SET started = true, analysis_uuid = $2 WHERE uuid = $1 AND NOT started',
    [buildUuid, analysisUuid],
  )
  return (r.rowCount ?? 0) > 0
}
