// Exclusions in storage (spec report-page §3 Exclusion; accounts-and-api §7 "Exclusions"): per project
// and branch, account-wide (no project), and readonly ones read from a `.meterian` file, which every
// analysis that reads the file replaces. The engine's Exclusion is kept whole in `entry`.
import type { Exclusion } from '@sextant/engine'
import type { Db, DbClient } from '../../db/connection'

interface Row {
  entry: Exclusion
}

const ORDER = 'ORDER BY created_at, id'

/** The branch's own exclusions and its readonly `.meterian` ones. */
export async function listBranchExclusions(
  db: Db | DbClient,
  projectUuid: string,
  branch: string,
): Promise<Exclusion[]> {
  const { rows } = await db.query<Row>(
    `SELECT entry FROM exclusions WHERE project_uuid = $1 AND branch = $2 ${ORDER}`,
    [projectUuid, branch],
  )
  return rows.map((r) => r.entry)
}

export async function listAccountExclusions(db: Db | DbClient, accountUuid: string): Promise<Exclusion[]> {
  const { rows } = await db.query<Row>(
    `SELECT entry FROM exclusions WHERE account_uuid = $1 AND project_uuid IS NULL ${ORDER}`,
    [accountUuid],
  )
  return rows.map((r) => r.entry)
}

/** Everything in force for a branch: account-wide first, then the branch's own and its file's. */
export async function exclusionsInForce(
  db: Db | DbClient,
  project: { uuid: string; accountUuid: string },
  branch: string,
): Promise<Exclusion[]> {
  const [account, own] = await Promise.all([
    listAccountExclusions(db, project.accountUuid),
    listBranchExclusions(db, project.uuid, branch),
  ])
  return [...account, ...own]
}

/** An exclusion in force with when it was stored and, by name, the member who made it. */
export interface RecordedExclusion {
  exclusion: Exclusion
  createdAt: string
  creatorName: string | null
}

/**
 * Everything in force for a branch (as exclusionsInForce, in the same order) with its creation time and its
 * creator's name: one query, the creator found through their membership of the project's account.
 */
export async function recordedExclusionsInForce(
  db: Db | DbClient,
  project: { uuid: string; accountUuid: string },
  branch: string,
): Promise<RecordedExclusion[]> {
  const { rows } = await db.query<Row & { created_at: Date | string; creator_name: string | null }>(
    `SELECT e.entry, e.created_at, u.name AS creator_name
       FROM exclusions e
       LEFT JOIN memberships m ON m.uuid::text = e.creator_uuid AND m.account_uuid = e.account_uuid
       LEFT JOIN users u ON u.uuid = m.user_uuid
      WHERE (e.account_uuid = $1 AND e.project_uuid IS NULL) OR (e.project_uuid = $2 AND e.branch = $3)
      ORDER BY e.project_uuid IS NOT NULL, e.created_at, e.id`,
    [project.accountUuid, project.uuid, branch],
  )
  return rows.map((r) => ({
    exclusion: r.entry,
    createdAt: new Date(r.created_at).toISOString(),
    creatorName: r.creator_name,
  }))
}

export interface ExclusionTarget {
  accountUuid: string
  /** `null` for an account-wide exclusion. */
  projectUuid: string | null
  branch: string | null
}

export async function insertExclusions(
  db: Db | DbClient,
  target: ExclusionTarget,
  list: readonly Exclusion[],
): Promise<void> {
  for (const e of list) {
    await db.query(
      `INSERT INTO exclusions (id, account_uuid, project_uuid, branch, source, entry, readonly, creator_uuid)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        e.id,
        target.accountUuid,
        target.projectUuid,
        target.branch,
        e.source,
        JSON.stringify(e),
        e.readonly,
        e.creatorUuid,
      ],
    )
  }
}

export interface StoredExclusion {
  exclusion: Exclusion
  accountUuid: string
  projectUuid: string | null
  branch: string | null
}

export async function findExclusion(db: Db, id: string): Promise<StoredExclusion | null> {
  const { rows } = await db.query<
    Row & { account_uuid: string; project_uuid: string | null; branch: string | null }
  >('SELECT entry, account_uuid, project_uuid, branch FROM exclusions WHERE id = $1', [id])
  const r = rows[0]
  return r
    ? { exclusion: r.entry, accountUuid: r.account_uuid, projectUuid: r.project_uuid, branch: r.branch }
    : null
}

export async function deleteExclusion(db: Db | DbClient, id: string): Promise<void> {
  await db.query('DELETE FROM exclusions WHERE id = $1', [id])
}

/** The `.meterian` file of an analysis is the truth for the branch's readonly exclusions. */
export async function replaceFileExclusions(
  client: Db | DbClient,
  target: { accountUuid: string; projectUuid: string; branch: string },
  list: readonly Exclusion[],
): Promise<void> {
  await client.query('DELETE FROM exclusions WHERE project_uuid = $1 AND branch = $2 AND readonly', [
    target.projectUuid,
    target.branch,
  ])
  // the same entry twice in one file gets one id: keep the first
  const unique = [...new Map(list.map((e) => [e.id, e])).values()]
  await insertExclusions(client, target, unique)
}
