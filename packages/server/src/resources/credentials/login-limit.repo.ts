// Sign-in rate limits (spec accounts-and-api §7, DESIGN §7 "Login attempts are rate-limited"): failures
// are counted per login (e-mail), per address and per MFA user in PostgreSQL, so every process of a
// scaled deployment sees the same counts. 20 failures within a minute lock the key for 15 minutes.
import type { Db, DbClient } from '../../db/connection'
import { HttpError } from '../../http/errors'

export const LOGIN_FAILURES_PER_MINUTE = 20
/** Addresses are shared by many people (NAT, proxies): a higher bar before an address is locked. */
export const ADDRESS_FAILURES_PER_MINUTE = 100
export const LOCK_MINUTES = 15

export const lockedMessage = `Too many failed sign-in attempts for this login: it is locked for ${LOCK_MINUTES} minutes. Try again later, or set a new password with "Forgot password".`

export async function assertNotLocked(db: Db, keys: string[]): Promise<void> {
  const { rows } = await db.query<{ key: string }>(
    'SELECT key FROM login_locks WHERE key = ANY($1) AND locked_until > now() LIMIT 1',
    [keys],
  )
  if (rows.length) throw new HttpError(429, lockedMessage)
}

/** Records one failure; locks the key once it reached `limit` failures within the last minute. */
export async function recordFailure(db: Db, key: string, limit: number): Promise<void> {
  await db.query('INSERT INTO login_attempts (key) VALUES ($1)', [key])
  const { rows } = await db.query<{ n: string }>(
    "SELECT count(*) AS n FROM login_attempts WHERE key = $1 AND at > now() - interval '1 minute'",
    [key],
  )
  if (Number(rows[0]?.n ?? 0) >= limit) {
    await db.query(
      `INSERT INTO login_locks (key, locked_until) VALUES ($1, now() + make_interval(mins => $2))
       ON CONFLICT (key) DO UPDATE SET locked_until = EXCLUDED.locked_until`,
      [key, LOCK_MINUTES],
    )
  }
  // Old rows only matter for the last minute; trim them as we go.
  await db.query("DELETE FROM login_attempts WHERE key = $1 AND at < now() - interval '1 hour'", [key])
}

export async function clearFailures(db: Pick<Db, 'query'> | DbClient, key: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE key = $1', [key])
  await db.query('DELETE FROM login_locks WHERE key = $1', [key])
}

export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`
export const addressKey = (ip: string) => `ip:${ip}`
export const mfaKey = (userUuid: string) => `mfa:${userUuid}`
