// CI builds in storage (product-notes "How scans reach the server": create a build, upload its files,
// start, poll): the build row, its uploaded files, and its state joined from analysis and report.
import type { AssessmentState, ReportStatus, ScoreDomainName } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'

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
  account_uuid: string
  /** This build's own minima (`--min-*`); null keeps the account's. */
  thresholds: Partial<Thresholds> | null
  /** The minima the report was built with; null before it exists. */
  report_thresholds: Thresholds | null
  report_status: ReportStatus | null
  security_assessment: AssessmentState | null
  stability_assessment: AssessmentState | null
  licensing_assessment: AssessmentState | null
  /** The report's gate (document `gate`, issue 14); null before the report exists. */
  gate: { failed: ScoreDomainName[]; partialFails: boolean } | null
  files: string[]
}

type Thresholds = { security: number; stability: number; licensing: number }

export async function findBuild(db: Db, uuid: string): Promise<BuildRow | null> {
  const { rows } = await db.query<BuildRow>(
    `SELECT b.*, a.status AS analysis_status, a.error AS analysis_error, r.uuid AS report_uuid,
            r.security_score, r.stability_score, r.licensing_score, r.thresholds AS report_thresholds,
            p.account_uuid, r.status AS report_status, coalesce(r.gate, r.document->'gate') AS gate,
            r.security_assessment, r.stability_assessment, r.licensing_assessment,
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
  b: {
    uuid: string
    projectUuid: string
    branch: string
    creator: string | null
    thresholds: Partial<Thresholds> | null
  },
) {
  await db.query(
    'INSERT INTO builds (uuid, project_uuid, branch, creator_uuid, thresholds) VALUES ($1, $2, $3, $4, $5)',
    [b.uuid, b.projectUuid, b.branch, b.creator, b.thresholds ? JSON.stringify(b.thresholds) : null],
  )
}

/**
 * A started build of this project and branch whose analysis is still queued or running (issue 15:
 * "build already running", exit -5). Claims older than the analyse job's take-over time do not count,
 * so a build left behind by a dead worker never blocks the branch for good.
 */
export async function runningBuildOf(db: Db, projectUuid: string, branch: string): Promise<string | null> {
  const { rows } = await db.query<{ uuid: string }>(
    `SELECT b.uuid FROM builds b JOIN analyses a ON a.uuid = b.analysis_uuid
     WHERE b.project_uuid = $1 AND b.branch = $2 AND a.status IN ('QUEUED', 'RUNNING')
       AND a.created_at > now() - interval '30 minutes'
     ORDER BY b.created_at DESC LIMIT 1`,
    [projectUuid, branch],
  )
  return rows[0]?.uuid ?? null
}

export type PutBuildFiles =
  | { ok: true }
  | { ok: false; limit: 'files'; held: number; adding: number }
  | { ok: false; limit: 'bytes'; held: number; adding: number }
  | { ok: false; limit: 'started' }

/**
 * Stores files of an open build, replacing same-named ones, within the per-build limits (issue 13 item 2:
 * the same as one upload's). The build row is locked first, so concurrent uploads to one build are
 * counted one after the other and can never add up past the limits together.
 */
export async function putBuildFiles(
  db: Db,
  buildUuid: string,
  files: readonly { path: string; content: Buffer }[],
  limits: { maxFiles: number; maxBytes: number },
): Promise<PutBuildFiles> {
  return inTransaction(db, async (client) => {
    const { rows: build } = await client.query<{ started: boolean }>(
      'SELECT started FROM builds WHERE uuid = $1 FOR UPDATE',
      [buildUuid],
    )
    if (!build[0] || build[0].started) return { ok: false, limit: 'started' }
    const paths = files.map((f) => f.path)
    const { rows } = await client.query<{ files: number; bytes: string }>(
      `SELECT count(*)::int AS files, coalesce(sum(octet_length(content)), 0)::bigint AS bytes
       FROM build_files WHERE build_uuid = $1 AND NOT (path = ANY($2::text[]))`,
      [buildUuid, paths],
    )
    const heldFiles = rows[0]?.files ?? 0
    const heldBytes = Number(rows[0]?.bytes ?? 0)
    const addingBytes = files.reduce((n, f) => n + f.content.length, 0)
    if (heldFiles + files.length > limits.maxFiles)
      return { ok: false, limit: 'files', held: heldFiles, adding: files.length }
    if (heldBytes + addingBytes > limits.maxBytes)
      return { ok: false, limit: 'bytes', held: heldBytes, adding: addingBytes }
    for (const f of files) {
      await client.query(
        `INSERT INTO build_files (build_uuid, path, content) VALUES ($1, $2, $3)
         ON CONFLICT (build_uuid, path) DO UPDATE SET content = EXCLUDED.content`,
        [buildUuid, f.path, f.content],
      )
    }
    return { ok: true }
  })
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
