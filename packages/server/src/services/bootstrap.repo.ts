// SQL of first-start identity (issue 2 "Identity, the minimum"; bootstrap.service.ts): the once-only
// events that many starting processes race for, the first administrator's account and user, and the
// bootstrap API token of the first system administrator.
import type { Db } from '../db/connection'
import { digestToken, newUuid } from './secrets'

type Queryable = Pick<Db, 'query'>

/** Answers true for exactly one caller per `name`, ever (the row stays). */
export async function claimOnce(db: Queryable, name: string): Promise<boolean> {
  const r = await db.query(
    'INSERT INTO bootstrap_events (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name',
    [name],
  )
  return (r.rowCount ?? 0) > 0
}

/** The administration account and its system-administrator user; answers their uuids. */
export async function insertAdministration(
  db: Queryable,
  admin: { email: string; passwordHash: string },
): Promise<{ accountUuid: string; userUuid: string }> {
  const accountUuid = newUuid()
  const userUuid = newUuid()
  await db.query('INSERT INTO accounts (uuid, name, email, plan) VALUES ($1, $2, $3, $4)', [
    accountUuid,
    'Administration',
    admin.email,
    'self-hosted',
  ])
  await db.query(
    'INSERT INTO users (uuid, email, name, password_hash, sysadmin) VALUES ($1, $2, $3, $4, true)',
    [userUuid, admin.email, admin.email.split('@')[0] ?? admin.email, admin.passwordHash],
  )
  return { accountUuid, userUuid }
}

/** The oldest Administrator membership of a system administrator, or null when there is none. */
export async function firstSysadminMembership(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ uuid: string }>(
    `SELECT m.uuid FROM memberships m JOIN users u ON u.uuid = m.user_uuid
     WHERE u.sysadmin AND m.role = 'Administrator' ORDER BY m.created_at LIMIT 1`,
  )
  return rows[0]?.uuid ?? null
}

/** Stores the digest of an operator-given API token; the token itself is never stored. */
export async function insertBootstrapToken(
  db: Queryable,
  membershipUuid: string,
  token: string,
): Promise<void> {
  await db.query('INSERT INTO api_tokens (uuid, token_hash, membership_uuid, name) VALUES ($1, $2, $3, $4)', [
    newUuid(),
    digestToken(token),
    membershipUuid,
    'bootstrap token (SEXTANT_BOOTSTRAP_TOKEN)',
  ])
}
