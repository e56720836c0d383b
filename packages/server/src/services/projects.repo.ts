// Projects, branches and the state of their analyses in storage (spec report-page §3 Project;
// accounts-and-api §7 "Projects and reports"). Visibility rules live in projects.access.ts.
import type { AnalysisState, Project, Thresholds } from '@sextant/contract'
import type { Db, DbClient } from '../db/connection'
import { type ProjectView, viewFilter, viewParams } from './projects.view'

export interface ProjectRecord {
  uuid: string
  accountUuid: string
  name: string
  url: string | null
  isPublic: boolean
  /** The owning team (projects.access.ts: team roles see their teams' projects); null: the whole account. */
  teamUuid: string | null
  thresholds: Thresholds
  createdAt: Date
  /** SHA-256 digest of the upload key of a project made anonymously (projects.access.ts); else null. */
  uploadKeyDigest: string | null
}

interface ProjectRow {
  uuid: string
  account_uuid: string
  name: string
  url: string | null
  is_public: boolean
  team_uuid: string | null
  thresholds: Thresholds
  created_at: Date
  upload_key_digest: string | null
}

const toProject = (r: ProjectRow): ProjectRecord => ({
  uuid: r.uuid,
  accountUuid: r.account_uuid,
  name: r.name,
  url: r.url,
  isPublic: r.is_public,
  teamUuid: r.team_uuid,
  thresholds: r.thresholds,
  createdAt: r.created_at,
  uploadKeyDigest: r.upload_key_digest,
})

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(text: string): boolean {
  return uuidPattern.test(text)
}

export async function findProject(db: Db | DbClient, uuid: string): Promise<ProjectRecord | null> {
  if (!isUuid(uuid)) return null
  const { rows } = await db.query<ProjectRow>('SELECT * FROM projects WHERE uuid = $1', [uuid])
  return rows[0] ? toProject(rows[0]) : null
}

/** The oldest project with this repository URL among those a view shows (builds by URL). */
export async function projectWithUrl(db: Db, view: ProjectView, url: string): Promise<string | null> {
  const { rows } = await db.query<{ uuid: string }>(
    `SELECT p.uuid FROM projects p WHERE ${viewFilter('p', 1)} AND p.url = $4 ORDER BY p.created_at LIMIT 1`,
    [...viewParams(view), url],
  )
  return rows[0]?.uuid ?? null
}

/**
 * The projects of an account an upload to 'new' may be meant for (issue 14: uploading the same project
 * again adds a report to it): those with the upload's repository URL, else, when the upload names no URL
 * or no project has it, those with its name and no other URL. Oldest first.
 */
export async function sameProjectCandidates(
  db: Db,
  accountUuid: string,
  name: string,
  url: string | null,
): Promise<ProjectRecord[]> {
  const { rows } = await db.query<ProjectRow>(
    `SELECT * FROM projects WHERE account_uuid = $1
       AND (($3::text IS NOT NULL AND url = $3) OR (name = $2 AND ($3::text IS NULL OR url IS NULL OR url = $3)))
     ORDER BY (url IS NOT DISTINCT FROM $3) DESC, created_at`,
    [accountUuid, name, url],
  )
  return rows.map(toProject)
}

export async function insertProject(
  db: DbClient,
  p: {
    uuid: string
    accountUuid: string
    name: string
    url: string | null
    isPublic: boolean
    teamUuid: string | null
    uploadKeyDigest?: string | null
  },
): Promise<void> {
  await db.query(
    `INSERT INTO projects (uuid, account_uuid, name, url, is_public, team_uuid, upload_key_digest)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [p.uuid, p.accountUuid, p.name, p.url, p.isPublic, p.teamUuid, p.uploadKeyDigest ?? null],
  )
}

/** Makes the project public or private (issue 14); answers the stored record. */
export async function setProjectPublic(
  db: Db,
  uuid: string,
  isPublic: boolean,
): Promise<ProjectRecord | null> {
  await db.query('UPDATE projects SET is_public = $2 WHERE uuid = $1', [uuid, isPublic])
  return findProject(db, uuid)
}

export async function ensureBranch(db: DbClient, projectUuid: string, branch: string): Promise<void> {
  await db.query('INSERT INTO branches (project_uuid, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    projectUuid,
    branch,
  ])
}

interface PresentedRow extends ProjectRow {
  branch_names: string[]
  analysis_uuids: string[] | null
  analysis_branches: string[] | null
  analysis_statuses: AnalysisState['status'][] | null
  analysis_errors: (string | null)[] | null
  analysis_created: Date[] | null
  analysis_finished: (Date | null)[] | null
}

/**
 * The projects whose rows `where` selects (SQL over `projects p`), each with its branches and the newest
 * analysis of each branch, in one query however many projects there are (issue 20: the project list made
 * two queries per project).
 */
async function presentedRows(
  db: Db,
  where: string,
  params: unknown[],
  orderBy: string,
): Promise<PresentedRow[]> {
  const { rows } = await db.query<PresentedRow>(
    `SELECT p.*,
            array(SELECT b.name FROM branches b WHERE b.project_uuid = p.uuid ORDER BY b.created_at, b.name) AS branch_names,
            a.analysis_uuids, a.analysis_branches, a.analysis_statuses, a.analysis_errors, a.analysis_created,
            a.analysis_finished
     FROM projects p LEFT JOIN LATERAL (
       SELECT array_agg(x.uuid::text ORDER BY x.branch) AS analysis_uuids,
              array_agg(x.branch ORDER BY x.branch) AS analysis_branches,
              array_agg(x.status ORDER BY x.branch) AS analysis_statuses,
              array_agg(x.error ORDER BY x.branch) AS analysis_errors,
              array_agg(x.created_at ORDER BY x.branch) AS analysis_created,
              array_agg(x.finished_at ORDER BY x.branch) AS analysis_finished
       FROM (SELECT DISTINCT ON (branch) uuid, branch, status, error, created_at, finished_at
             FROM analyses WHERE project_uuid = p.uuid ORDER BY branch, created_at DESC) x
     ) a ON true
     WHERE ${where} ORDER BY ${orderBy}`,
    params,
  )
  return rows
}

function presented(p: ProjectRecord, r: PresentedRow | undefined, readonly: boolean): Project {
  return {
    uuid: p.uuid,
    name: p.name,
    title: p.name,
    url: p.url,
    accountUuid: p.accountUuid,
    isPublic: p.isPublic,
    teamUuid: p.teamUuid,
    readonly,
    branches: r?.branch_names ?? [],
    thresholds: p.thresholds,
    analyses: (r?.analysis_uuids ?? []).map((uuid, i) => ({
      uuid,
      branch: r?.analysis_branches?.[i] ?? '',
      status: r?.analysis_statuses?.[i] ?? 'QUEUED',
      error: r?.analysis_errors?.[i] ?? null,
      createdAt: (r?.analysis_created?.[i] ?? p.createdAt).toISOString(),
      finishedAt: r?.analysis_finished?.[i]?.toISOString() ?? null,
    })),
    createdAt: p.createdAt.toISOString(),
  }
}

/**
 * The project as the API shows it: its branches and the newest analysis of each. `readonly` is the
 * caller's: true when they may not change it (project-lookup.ts `canWrite`).
 */
export async function presentProject(db: Db, p: ProjectRecord, readonly: boolean): Promise<Project> {
  const [row] = await presentedRows(db, 'p.uuid = $1', [p.uuid], 'p.uuid')
  return presented(p, row, readonly)
}

/**
 * The projects of one account that a view shows, as the API shows them (by name, then age), in
 * one query; `readonlyOf` answers the caller's `readonly` of each.
 */
export async function presentAccountProjects(
  db: Db,
  view: ProjectView,
  readonlyOf: (p: ProjectRecord) => boolean,
): Promise<Project[]> {
  const rows = await presentedRows(db, viewFilter('p', 1), viewParams(view), 'p.name, p.created_at')
  return rows.map((r) => {
    const p = toProject(r)
    return presented(p, r, readonlyOf(p))
  })
}

/** The public projects of every account, newest first, at most `limit` (index of migration 057), as the API shows them. */
export async function presentPublicProjects(
  db: Db,
  limit: number,
  readonlyOf: (p: ProjectRecord) => boolean,
): Promise<Project[]> {
  const rows = await presentedRows(
    db,
    'p.uuid IN (SELECT uuid FROM projects WHERE is_public ORDER BY created_at DESC, uuid LIMIT $1)',
    [limit],
    'p.created_at DESC, p.uuid',
  )
  return rows.map((r) => {
    const p = toProject(r)
    return presented(p, r, readonlyOf(p))
  })
}
