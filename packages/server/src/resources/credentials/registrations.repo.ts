// Sign-ups waiting for their e-mail link (issue 13 item 7; migration 032): the address, the name and the
// hash of the password chosen, and the digest of the token mailed to the address. Nothing else exists
// until the token is spent, once, before it expires.
import type { Db, DbClient } from '../../db/connection'

type Queryable = Pick<Db | DbClient, 'query'>

export interface PendingRegistration {
  email: string
  name: string
  passwordHash: string
}

export async function insertRegistration(
  db: Queryable,
  tokenHash: string,
  registration: PendingRegistration,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    'INSERT INTO registrations (token_hash, email, name, password_hash, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [tokenHash, registration.email, registration.name, registration.passwordHash, expiresAt],
  )
}

/** Marks a valid (unused, unexpired) sign-up token used; answers its sign-up, or null for none. */
export async function spendRegistration(
  db: Queryable,
  tokenHash: string,
): Promise<PendingRegistration | null> {
  const { rows } = await db.query<{ email: string; name: string; password_hash: string }>(
    `UPDATE registrations SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING email, name, password_hash`,
    [tokenHash],
  )
  const row = rows[0]
  return row ? { email: row.email, name: row.name, passwordHash: row.password_hash } : null
}
