// Sign-up, sign-in with the second factor, password reset (spec accounts-and-api §5 "Sign-up uses the part
// of the e-mail before the @ as name", §7 Authentication, MFA). Sessions store only token digests;
// a member with MFA gets a session that may only answer the MFA challenge until the code is checked.
import type { LoginResponse, MfaSignInMethod } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import { insertMembership, insertSession, type MemberRecord } from '../../services/identity.repo'
import { fail, ok, type Result } from '../../services/result'
import {
  digestToken,
  hashPassword,
  newAccessToken,
  newPassword,
  newUuid,
  verifyPassword,
} from '../../services/secrets'
import { presentUser } from '../identity.routes'
import { mfaRow } from '../mfa/mfa.repo'
import {
  insertAccount,
  insertPasswordReset,
  insertUser,
  revokeUserSessions,
  setPasswordHash,
  spendPasswordReset,
  userExists,
  userForReset,
} from './credentials.repo'
import { clearAttempts, emailKey } from './login-limit.repo'
import type { MailTransport } from './mail'

/** A session waiting for its second factor lives this long. */
export const MFA_PENDING_MS = 5 * 60_000
export const RESET_TOKEN_MS = 60 * 60_000
export const RESETS_PER_HOUR = 5

/** The second factors a user enabled ('app', 'sms'); empty when sign-in needs none. */
export async function mfaMethods(db: Db, userUuid: string): Promise<MfaSignInMethod[]> {
  const row = await mfaRow(db, userUuid)
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
export async function register(db: Db, input: Registration): Promise<Result<string>> {
  const email = input.email.trim()
  const name = input.name?.trim() || email.split('@')[0] || email
  const passwordHash = await hashPassword(input.password)
  return inTransaction(db, async (client) => {
    if (await userExists(client, email))
      return fail(
        'conflict',
        'A user with this e-mail address exists already: sign in, or use "Forgot password".',
      )
    const userUuid = newUuid()
    const accountUuid = newUuid()
    await insertUser(client, { uuid: userUuid, email, name, passwordHash })
    await insertAccount(client, { uuid: accountUuid, name, email })
    return ok(await insertMembership(client, accountUuid, userUuid, 'Administrator'))
  })
}

/** Mails a single-use reset token to a known address; unknown addresses get no mail and the same answer. */
export async function sendPasswordReset(
  db: Db,
  mail: MailTransport,
  email: string,
  linkBase: string,
): Promise<void> {
  const user = await userForReset(db, email)
  if (!user || user.recentResets >= RESETS_PER_HOUR) return
  const token = newAccessToken()
  await insertPasswordReset(db, digestToken(token), user.uuid, new Date(Date.now() + RESET_TOKEN_MS))
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
export async function resetPassword(db: Db, token: string, password: string): Promise<Result<void>> {
  const passwordHash = await hashPassword(password)
  return inTransaction(db, async (client) => {
    const user = await spendPasswordReset(client, digestToken(token))
    if (!user) return fail('invalid', 'The reset token is invalid, used or expired: ask for a new one.')
    await setPasswordHash(client, user.userUuid, passwordHash)
    await revokeUserSessions(client, user.userUuid)
    await clearAttempts(client, emailKey(user.email))
    return ok(undefined)
  })
}
