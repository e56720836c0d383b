// Users, password resets and sessions in storage for sign-up, sign-in and reset (spec accounts-and-api
// §7 Authentication, MFA). Tokens are stored only as digests; the callers make and check them.
import type { Db, DbClient } from '../../db/connection'

type Queryable = Pick<Db | DbClient, 'query'>

/** The user of an e-mail address (any case); null when there is none. */
export async function userByEmail(
  db: Queryable,
  email: string,
): Promise<{ uuid: string; email: string } | null> {
  const { rows } = await db.query<{ uuid: string; email: string }>(
    'SELECT uuid, email FROM users WHERE lower(email) = lower($1)',
    [email],
  )
  return rows[0] ?? null
}

export async function insertUser(
  db: Queryable,
  user: { uuid: string; email: string; name: string; passwordHash: string | null },
): Promise<void> {
  await db.query('INSERT INTO users (uuid, email, name, password_hash) VALUES ($1, $2, $3, $4)', [
    user.uuid,
    user.email,
    user.name,
    user.passwordHash,
  ])
}

export async function insertAccount(
  db: Queryable,
  account: { uuid: string; name: string; email: string },
): Promise<void> {
  await db.query('INSERT INTO accounts (uuid, name, email) VALUES ($1, $2, $3)', [
    account.uuid,
    account.name,
    account.email,
  ])
}

/** The user of an e-mail address with the number of resets asked for in the last hour; null if unknown. */
export async function userForReset(
  db: Db,
  email: string,
): Promise<{ uuid: string; email: string; recentResets: number } | null> {
  const { rows } = await db.query<{ uuid: string; email: string; recent: string }>(
    `SELECT u.uuid, u.email,
       (SELECT count(*) FROM password_resets r WHERE r.user_uuid = u.uuid AND r.created_at > now() - interval '1 hour') AS recent
     FROM users u WHERE lower(u.email) = lower($1)`,
    [email],
  )
  const row = rows[0]
  return row ? { uuid: row.uuid, email: row.email, recentResets: Number(row.recent) } : null
}

export async function insertPasswordReset(
  db: Db,
  tokenHash: string,
  userUuid: string,
  expiresAt: Date,
): Promise<void> {
  await db.query('INSERT INTO password_resets (token_hash, user_uuid, expires_at) VALUES ($1, $2, $3)', [
    tokenHash,
    userUuid,
    expiresAt,
  ])
}

/** Marks a valid (unused, unexpired) reset token used; answers its user, or null for no such token. */
export async function spendPasswordReset(
  db: Queryable,
  tokenHash: string,
): Promise<{ userUuid: string; email: string } | null> {
  const { rows } = await db.query<{ user_uuid: string; email: string }>(
    `UPDATE password_resets r SET used_at = now() FROM users u
     WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND u.uuid = r.user_uuid
     RETURNING r.user_uuid, u.email`,
    [tokenHash],
  )
  const row = rows[0]
  return row ? { userUuid: row.user_uuid, email: row.email } : null
}

export async function setPasswordHash(db: Queryable, userUuid: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $1 WHERE uuid = $2', [passwordHash, userUuid])
}

/** Ends every session of every membership of the user. */
export async function revokeUserSessions(db: Queryable, userUuid: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL
     AND membership_uuid IN (SELECT uuid FROM memberships WHERE user_uuid = $1)`,
    [userUuid],
  )
}

export async function revokeSession(db: Db, sessionUuid: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE uuid = $1', [sessionUuid])
}

/** Moves a live session's expiry; a revoked one stays revoked. */
export async function extendSession(db: Db, sessionUuid: string, expiresAt: Date): Promise<void> {
  await db.query('UPDATE sessions SET expires_at = $1 WHERE uuid = $2 AND revoked_at IS NULL', [
    expiresAt,
    sessionUuid,
  ])
}

/** A session that answered its second factor becomes a full one until `expiresAt`. */
export async function completeMfaSession(db: Db, sessionUuid: string, expiresAt: Date): Promise<void> {
  await db.query('UPDATE sessions SET mfa_pending = false, expires_at = $2 WHERE uuid = $1', [
    sessionUuid,
    expiresAt,
  ])
}
