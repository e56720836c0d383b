// Sign-up, sign-in with the second factor, password reset (spec accounts-and-api §5 "Sign-up uses the part
// of the e-mail before the @ as name", §7 Authentication, MFA). Sessions store only token digests;
// a member with MFA gets a session that may only answer the MFA challenge until the code is checked.
import type { LoginResponse, MfaSignInMethod } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import { HttpError } from '../../http/errors'
import { insertMembership, insertSession, type MemberRecord } from '../../services/identity.repo'
import {
  digestToken,
  hashPassword,
  newAccessToken,
  newPassword,
  newUuid,
  verifyPassword,
} from '../../services/secrets'
import { presentUser } from '../identity.routes'
import { clearAttempts, emailKey } from './login-limit.repo'
import type { MailTransport } from './mail'

/** A session waiting for its second factor lives this long. */
export const MFA_PENDING_MS = 5 * 60_000
export const RESET_TOKEN_MS = 60 * 60_000
export const RESETS_PER_HOUR = 5

/** The second factors a user enabled ('app', 'sms'); empty when sign-in needs none. */
export async function mfaMethods(db: Db, userUuid: string): Promise<MfaSignInMethod[]> {
  const { rows } = await db.query<{ totp_enabled: boolean; sms_enabled: boolean }>(
    'SELECT totp_enabled, sms_enabled FROM mfa WHERE user_uuid = $1',
    [userUuid],
  )
  const row = rows[0]
  return [...(row?.totp_enabled ? (['app'] as const) : []), ...(row?.sms_enabled ? (['sms'] as const) : [])]
}

// A hash of a random password nobody knows: checked when the e-mail is unknown or has no password yet,
// so that such a sign-in does the same argon2 work as a wrong password (issue 13 item 14).
let dummyHash: Promise<string> | null = null

/** Whether the password matches the stored hash; false for none, after the same work as a mismatch. */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(newPassword())
  const matches = await verifyPassword(stored ?? (await dummyHash), password)
  return stored !== null && matches
}

export async function openSession(
  db: Db,
  member: MemberRecord,
  ttlMs: number,
  factors: MfaSignInMethod[],
): Promise<LoginResponse> {
  // A member with a second factor gets a limited session that only the MFA calls accept.
  const mfaPending = factors.length > 0
  const token = newAccessToken()
  const expiresAt = new Date(Date.now() + (mfaPending ? MFA_PENDING_MS : ttlMs))
  await insertSession(db, newUuid(), digestToken(token), member.membershipUuid, expiresAt, mfaPending)
  return {
    accessToken: token,
    tokenType: 'Bearer',
    expiresAt: expiresAt.toISOString(),
    user: presentUser(member),
    ...(mfaPending ? { mfaRequired: true, mfaMethods: factors } : {}),
  }
}

export interface Registration {
  email: string
  password: string
  name?: string | undefined
}

/** A new user with a new account of their own, where they are Administrator; answers the membership. */
export async function register(db: Db, input: Registration): Promise<string> {
  const email = input.email.trim()
  const name = input.name?.trim() || email.split('@')[0] || email
  const passwordHash = await hashPassword(input.password)
  return inTransaction(db, async (client) => {
    const existing = await client.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])
    if (existing.rowCount) {
      throw new HttpError(
        409,
        'A user with this e-mail address exists already: sign in, or use "Forgot password".',
      )
    }
    const userUuid = newUuid()
    const accountUuid = newUuid()
    await client.query('INSERT INTO users (uuid, email, name, password_hash) VALUES ($1, $2, $3, $4)', [
      userUuid,
      email,
      name,
      passwordHash,
    ])
    await client.query('INSERT INTO accounts (uuid, name, email) VALUES ($1, $2, $3)', [
      accountUuid,
      name,
      email,
    ])
    return insertMembership(client, accountUuid, userUuid, 'Administrator')
  })
}

/** Mails a single-use reset token to a known address; unknown addresses get no mail and the same answer. */
export async function sendPasswordReset(
  db: Db,
  mail: MailTransport,
  email: string,
  linkBase: string,
): Promise<void> {
  const { rows } = await db.query<{ uuid: string; email: string; recent: string }>(
    `SELECT u.uuid, u.email,
       (SELECT count(*) FROM password_resets r WHERE r.user_uuid = u.uuid AND r.created_at > now() - interval '1 hour') AS recent
     FROM users u WHERE lower(u.email) = lower($1)`,
    [email],
  )
  const user = rows[0]
  if (!user || Number(user.recent) >= RESETS_PER_HOUR) return
  const token = newAccessToken()
  await db.query('INSERT INTO password_resets (token_hash, user_uuid, expires_at) VALUES ($1, $2, $3)', [
    digestToken(token),
    user.uuid,
    new Date(Date.now() + RESET_TOKEN_MS),
  ])
  await mail.send({
    to: user.email,
    subject: 'Sextant: set a new password',
    text: [
      'Someone (hopefully you) asked to set a new password for this e-mail address on Sextant.',
      '',
      `Open ${linkBase}/reset-password?token=${token}`,
      `or send this reset token to POST /api/v1/credentials/reset: ${token}`,
      '',
      'The token works once, within one hour. If you did not ask for it, ignore this message.',
    ].join('\n'),
  })
}

/** Sets the new password, spends the token and ends every session of the user. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password)
  await inTransaction(db, async (client) => {
    const { rows } = await client.query<{ user_uuid: string; email: string }>(
      `UPDATE password_resets r SET used_at = now() FROM users u
       WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND u.uuid = r.user_uuid
       RETURNING r.user_uuid, u.email`,
      [digestToken(token)],
    )
    const row = rows[0]
    if (!row) throw new HttpError(400, 'The reset token is invalid, used or expired: ask for a new one.')
    await client.query('UPDATE users SET password_hash = $1 WHERE uuid = $2', [passwordHash, row.user_uuid])
    await client.query(
      `UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL
       AND membership_uuid IN (SELECT uuid FROM memberships WHERE user_uuid = $1)`,
      [row.user_uuid],
    )
    await clearAttempts(client, emailKey(row.email))
  })
}
