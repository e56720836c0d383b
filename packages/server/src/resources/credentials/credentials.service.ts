// Sign-up, sign-in with the second factor, password reset (spec accounts-and-api §5 "Sign-up uses the part
// of the e-mail before the @ as name", §7 Authentication, MFA). Sessions store only token digests;
// a member with MFA gets a session that may only answer the MFA challenge until the code is checked.
import type { LoginResponse, MfaSignInMethod } from '@sextant/contract'
import type { RegistrationMode } from '../../config'
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
import { resendInvitations } from '../members/invitations.service'
import { mfaRow } from '../mfa/mfa.repo'
import {
  insertAccount,
  insertPasswordReset,
  insertUser,
  revokeUserSessions,
  setPasswordHash,
  spendPasswordReset,
  userByEmail,
  userForReset,
} from './credentials.repo'
import { clearAttempts, emailKey, signUpMailLimit, takeAttempt } from './login-limit.repo'
import type { MailTransport } from './mail'
import { linkTokenHash, type MailLog, newLinkToken, sendInBackground } from './mail-link'
import { insertRegistration, spendRegistration } from './registrations.repo'

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

/** How long a sign-up link works. */
export const SIGN_UP_TOKEN_MS = 24 * 60 * 60_000

export const signUpClosedMessage =
  'Sign-up is closed on this server (SEXTANT_REGISTRATION=closed): ask an account administrator to invite you.'

/** The one answer to every sign-up in a mode, whoever owns the address (issue 13 item 14). */
export function signUpAnswer(mode: 'invite' | 'open'): string {
  return mode === 'open'
    ? 'Check your mailbox: a message with a link that completes the sign-up is on its way (the link works once, within 24 hours). Nothing is created until it is opened.'
    : 'Sign-up on this server needs an invitation: if this address has been invited, a message with its invitation link is on its way. Otherwise ask an account administrator to invite you.'
}

export interface SignUpDeps {
  db: Db
  mail: MailTransport
  log: MailLog
  mode: RegistrationMode
  /** Where links in e-mails point. */
  linkBase: string
}

/**
 * A sign-up (issue 13 items 7, 14). Nothing is created here: with SEXTANT_REGISTRATION=open the address
 * gets a link that makes the user and its account ({@link confirmRegistration}); with invite, an invited
 * address gets its invitation links again; an address that has a user gets a mail saying someone tried
 * to sign up with it. The answer and its time are the same for every address; mails go out in the
 * background, at most a few an hour per address (the sign-up mail limit).
 */
export async function register(deps: SignUpDeps, input: Registration): Promise<Result<string>> {
  const { db, mail, log, mode, linkBase } = deps
  if (mode === 'closed') return fail('forbidden', signUpClosedMessage)
  const email = input.email.trim()
  const name = input.name?.trim() || email.split('@')[0] || email
  // Hashed for every address, so that an answer's time says nothing about the address.
  const passwordHash = await hashPassword(input.password)
  const answer = signUpAnswer(mode)
  if (!(await takeAttempt(db, signUpMailLimit(email))).admitted) return ok(answer)
  const user = await userByEmail(db, email)
  if (mode === 'invite') {
    const sent = await resendInvitations(db, mail, log, email, linkBase)
    if (sent === 0 && user) sendInBackground(mail, log, alreadyRegisteredMail(user.email, linkBase))
    return ok(answer)
  }
  if (user) {
    sendInBackground(mail, log, alreadyRegisteredMail(user.email, linkBase))
    return ok(answer)
  }
  const link = newLinkToken(SIGN_UP_TOKEN_MS)
  await insertRegistration(db, link.tokenHash, { email, name, passwordHash }, link.expiresAt)
  sendInBackground(mail, log, {
    to: email,
    subject: 'Sextant: complete your sign-up',
    text: [
      'Someone (hopefully you) signed up on Sextant with this e-mail address.',
      '',
      `Open ${linkBase}/confirm-sign-up?token=${link.token}`,
      `or send this sign-up token to POST /api/v1/credentials/confirm: ${link.token}`,
      '',
      'The link works once, within 24 hours. If it was not you, ignore this message: nothing was created.',
    ].join('\n'),
  })
  return ok(answer)
}

function alreadyRegisteredMail(to: string, linkBase: string) {
  return {
    to,
    subject: 'Sextant: someone tried to sign up with your address',
    text: [
      'Someone (perhaps you) tried to sign up on Sextant with this e-mail address, which has a user already.',
      'Nothing was changed.',
      '',
      `To sign in, open ${linkBase}/sign-in; if you forgot your password, use "Forgot password" there.`,
      'If it was not you, you need not do anything.',
    ].join('\n'),
  }
}

/**
 * Spends a sign-up link: the user (with the password chosen at sign-up) and a new account of their own,
 * where they are Administrator. Answers the membership.
 */
export async function confirmRegistration(db: Db, token: string): Promise<Result<string>> {
  return inTransaction(db, async (client) => {
    const pending = await spendRegistration(client, linkTokenHash(token))
    if (!pending) return fail('invalid', 'The sign-up link is invalid, used or expired: sign up again.')
    if (await userByEmail(client, pending.email))
      return fail('conflict', 'This address has a user already: sign in, or use "Forgot password".')
    const userUuid = newUuid()
    const accountUuid = newUuid()
    await insertUser(client, {
      uuid: userUuid,
      email: pending.email,
      name: pending.name,
      passwordHash: pending.passwordHash,
    })
    await insertAccount(client, { uuid: accountUuid, name: pending.name, email: pending.email })
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
  const { token, tokenHash, expiresAt } = newLinkToken(RESET_TOKEN_MS)
  await insertPasswordReset(db, tokenHash, user.uuid, expiresAt)
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
    const user = await spendPasswordReset(client, linkTokenHash(token))
    if (!user) return fail('invalid', 'The reset token is invalid, used or expired: ask for a new one.')
    await setPasswordHash(client, user.userUuid, passwordHash)
    await revokeUserSessions(client, user.userUuid)
    await clearAttempts(client, emailKey(user.email))
    return ok(undefined)
  })
}
