// Account tags in storage (migration 010; spec accounts-and-api §3 "Tags (account level)", §7 "Tags"):
// a tag belongs to one account and marks some of that account's projects (project_tags).
import { type Db, type DbClient, isUniqueViolation } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import { type ProjectView, viewFilter, viewParams } from '../../services/projects.view'

type Queryable = Db | DbClient

export interface StoredTag {
  uuid: string
  name: string
  projects: string[]
  createdAt: Date
  updatedAt: Date
}

interface TagRow {
  uuid: string
  name: string
  projects: string[] | null
  created_at: Date
  updated_at: Date
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const tagOf = (r: TagRow): StoredTag => ({
  uuid: r.uuid,
  name: r.name,
  projects: [...(r.projects ?? [])].sort(),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
})

const SELECT = `SELECT t.uuid, t.name, t.created_at, t.updated_at,
    (SELECT json_agg(pt.project_uuid::text) FROM project_tags pt WHERE pt.tag_uuid = t.uuid) AS projects
  FROM tags t`

/**
 * Runs tag writes in one transaction; 'name-taken' when a concurrent write gave another tag of the account
 * the same name first (the unique index saw it, the caller's check could not).
 */
export async function inTagWrite<T>(
  db: Db,
  work: (client: DbClient) => Promise<T>,
): Promise<T | 'name-taken'> {
  try {
    return await inTransaction(db, work)
  } catch (error) {
    if (isUniqueViolation(error)) return 'name-taken'
    throw error
  }
}

export async function listTags(db: Queryable, accountUuid: string): Promise<StoredTag[]> {
  const { rows } = await db.query<TagRow>(
    `${SELECT} WHERE t.account_uuid = $1 ORDER BY lower(t.name), t.uuid`,
    [accountUuid],
  )
  return rows.map(tagOf)
}

/** `null` when the account has no such tag (or the id is not a uuid). */
export async function findTag(db: Queryable, accountUuid: string, uuid: string): Promise<StoredTag | null> {
  if (!UUID.test(uuid)) return null
  const { rows } = await db.query<TagRow>(`${SELECT} WHERE t.account_uuid = $1 AND t.uuid = $2`, [
    accountUuid,
    uuid,
  ])
  return rows[0] ? tagOf(rows[0]) : null
}

/** The tag of that name in the account (case-insensitive), if any. */
export async function findTagByName(
  db: Queryable,
  accountUuid: string,
  name: string,
): Promise<string | null> {
  const { rows } = await db.query<{ uuid: string }>(
    'SELECT uuid FROM tags WHERE account_uuid = $1 AND lower(name) = lower($2)',
    [accountUuid, name],
  )
  return rows[0]?.uuid ?? null
}

/** Of `projects`, those that are not projects of the view's account that it shows. */
export async function foreignProjects(
  db: Queryable,
  view: ProjectView,
  projects: readonly string[],
): Promise<string[]> {
  if (projects.length === 0) return []
  const { rows } = await db.query<{ uuid: string }>(
    `SELECT uuid::text AS uuid FROM projects p WHERE p.uuid = ANY($1::uuid[]) AND ${viewFilter('p', 2)}`,
    [projects, ...viewParams(view)],
  )
  const own = new Set(rows.map((r) => r.uuid.toLowerCase()))
  return projects.filter((p) => !own.has(p.toLowerCase()))
}

export async function insertTag(
  db: Queryable,
  accountUuid: string,
  uuid: string,
  name: string,
): Promise<void> {
  await db.query('INSERT INTO tags (uuid, account_uuid, name) VALUES ($1, $2, $3)', [uuid, accountUuid, name])
}

export async function renameTag(db: Queryable, uuid: string, name: string): Promise<void> {
  await db.query('UPDATE tags SET name = $2, updated_at = now() WHERE uuid = $1', [uuid, name])
}

/** Replaces the projects the tag marks. */
export async function setTagProjects(
  db: Queryable,
  uuid: string,
  projects: readonly string[],
): Promise<void> {
  await db.query('DELETE FROM project_tags WHERE tag_uuid = $1', [uuid])
  if (projects.length > 0)
    await db.query(
      'INSERT INTO project_tags (tag_uuid, project_uuid) SELECT $1, p FROM unnest($2::uuid[]) AS p ON CONFLICT DO NOTHING',
      [uuid, [...new Set(projects.map((p) => p.toLowerCase()))]],
    )
  await db.query('UPDATE tags SET updated_at = now() WHERE uuid = $1', [uuid])
}

export async function deleteTag(db: Queryable, accountUuid: string, uuid: string): Promise<void> {
  await db.query('DELETE FROM tags WHERE account_uuid = $1 AND uuid = $2', [accountUuid, uuid])
}

/** The names of the tags a project carries (what tag-bound licence policies match). */
export async function projectTagNames(db: Queryable, projectUuid: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT t.name FROM tags t JOIN project_tags pt ON pt.tag_uuid = t.uuid
      WHERE pt.project_uuid = $1 ORDER BY lower(t.name)`,
    [projectUuid],
  )
  return rows.map((r) => r.name)
}
