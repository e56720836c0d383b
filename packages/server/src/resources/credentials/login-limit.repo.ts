// Sign-in limits (spec accounts-and-api §7, DESIGN §7 "Login attempts are rate-limited"; issue 13 item 13).
// An attempt is counted atomically in PostgreSQL *before* the password or code is checked, so parallel
// guesses cannot all pass a check made before any of them failed, and every process sees the same counts.
// A login (e-mail) or an MFA user is locked for 15 minutes after 20 attempts within a minute; an address is
// only rate-limited (100 a minute), since many people share one (NAT, proxies): it never locks anyone out.
import type { Db, DbClient } from '../../db/connection'

export interface Limit {
  key: string
  perMinute: number
  /** How long the key is refused once over the limit; null: until its one-minute window ends. */
  lockSeconds: number | null
  /** Answered with 429 while the key is refused. */
  message: string
}

export const LOGIN_ATTEMPTS_PER_MINUTE = 20
export const ADDRESS_ATTEMPTS_PER_MINUTE = 100
export const LOCK_MINUTES = 15

export const lockedMessage = `Too many failed sign-in attempts for this login: it is locked for ${LOCK_MINUTES} minutes. Try again later, or set a new password with "Forgot password".`
export const addressLimitedMessage = `Too many sign-in attempts from your address (more than ${ADDRESS_ATTEMPTS_PER_MINUTE} a minute): wait a minute and try again.`
const mfaLockedMessage = `Too many wrong codes: the second factor is locked for ${LOCK_MINUTES} minutes. Try again later.`

export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`
export const addressKey = (ip: string) => `ip:${ip}`
export const mfaKey = (userUuid: string) => `mfa:${userUuid}`

export const loginLimit = (email: string): Limit => ({
  key: emailKey(email),
  perMinute: LOGIN_ATTEMPTS_PER_MINUTE,
  lockSeconds: LOCK_MINUTES * 60,
  message: lockedMessage,
})
export const addressLimit = (ip: string): Limit => ({
  key: addressKey(ip),
  perMinute: ADDRESS_ATTEMPTS_PER_MINUTE,
  lockSeconds: null,
  message: addressLimitedMessage,
})
export const mfaLimit = (userUuid: string): Limit => ({
  key: mfaKey(userUuid),
  perMinute: LOGIN_ATTEMPTS_PER_MINUTE,
  lockSeconds: LOCK_MINUTES * 60,
  message: mfaLockedMessage,
})

export const SIGN_UP_MAILS_PER_MINUTE = 3
/** The mails a sign-up sends to one address (issue 13 item 14): 3 a minute, then none for an hour. */
export const signUpMailLimit = (email: string): Limit => ({
  key: `signup:${email.trim().toLowerCase()}`,
  perMinute: SIGN_UP_MAILS_PER_MINUTE,
  lockSeconds: 3600,
  message: 'Too many sign-ups for this address: no more mails go to it for an hour.',
})

export type Admission = { admitted: true } | { admitted: false; message: string; retryAfterSeconds: number }

/**
 * Counts one attempt for the key, in one statement (the row lock of the upsert orders concurrent
 * attempts), and answers whether it may be checked. A refused attempt does not extend the lock.
 */
export async function takeAttempt(db: Pick<Db, 'query'>, limit: Limit): Promise<Admission> {
  const { rows } = await db.query<{ refused_for: number | null }>(
    `INSERT INTO auth_limits AS l (key, window_start, attempts, locked_until)
     VALUES ($1, now(), 1, NULL)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN l.locked_until > now() OR l.window_start > now() - interval '1 minute'
                           THEN l.window_start ELSE now() END,
       attempts = CASE WHEN l.locked_until > now() THEN l.attempts
                       WHEN l.window_start > now() - interval '1 minute' THEN l.attempts + 1 ELSE 1 END,
       locked_until = CASE
         WHEN l.locked_until > now() THEN l.locked_until
         WHEN l.window_start > now() - interval '1 minute' AND l.attempts + 1 > $2::int
           THEN coalesce(now() + make_interval(secs => $3::int), l.window_start + interval '1 minute')
         END
     RETURNING CASE WHEN l.locked_until > now()
                    THEN ceil(extract(epoch FROM l.locked_until - now()))::int END AS refused_for`,
    [limit.key, limit.perMinute, limit.lockSeconds],
  )
  const refusedFor = rows[0]?.refused_for ?? null
  if (refusedFor === null) return { admitted: true }
  return { admitted: false, message: limit.message, retryAfterSeconds: Math.max(1, refusedFor) }
}

/** Gives back an attempt that succeeded: only failures (and attempts still being checked) count. */
export async function releaseAttempt(db: Pick<Db, 'query'>, limit: Limit): Promise<void> {
  await db.query(
    `UPDATE auth_limits SET attempts = greatest(attempts - 1, 0)
     WHERE key = $1 AND (locked_until IS NULL OR locked_until <= now())`,
    [limit.key],
  )
}

/** Forgets the key's attempts and lock (a new password was set through the mailed link). */
export async function clearAttempts(db: Pick<Db, 'query'> | DbClient, key: string): Promise<void> {
  await db.query('DELETE FROM auth_limits WHERE key = $1', [key])
}
