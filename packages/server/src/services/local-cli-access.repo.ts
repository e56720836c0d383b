// What the embedded server's CLI access needs from storage (services/local-cli-access.ts; issue 14): the
// membership its token belongs to, and the tokens an earlier run left behind.
import type { Db } from '../db/connection'

/** The first system administrator's Administrator membership; null before one exists. */
export async function firstSysadminMembership(db: Db): Promise<string | null> {
  const { rows } = await db.query<{ uuid: string }>(
    `SELECT m.uuid FROM memberships m JOIN users u ON u.uuid = m.user_uuid
     WHERE u.sysadmin AND m.role = 'Administrator' ORDER BY m.created_at LIMIT 1`,
  )
  return rows[0]?.uuid ?? null
}

/** Ids of the tokens with this name that are not revoked. */
export async function liveTokensNamed(db: Db, name: string): Promise<string[]> {
  const { rows } = await db.query<{ uuid: string }>(
    'SELECT uuid FROM api_tokens WHERE name = $1 AND revoked_at IS NULL',
    [name],
  )
  return rows.map((r) => r.uuid)
}
