// Adding a member is an invitation the user accepts (issue 13 items 6, 7): the account names an address
// and a role; a link mailed to that address (credentials/mail-link.ts, like a password reset) is the only
// way in. Until it is opened nothing is granted (an invitation is not a membership), and the account
// never makes or changes a user: a new address's user is made by its owner, who chooses the password.
import type { Role } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import { findAccount, insertMembership } from '../../services/identity.repo'
import { fail, ok, type Result } from '../../services/result'
import { hashPassword, newUuid } from '../../services/secrets'
import { insertUser, userByEmail } from '../credentials/credentials.repo'
import type { MailMessage, MailTransport } from '../credentials/mail'
import { linkTokenHash, type MailLog, newLinkToken, sendInBackground } from '../credentials/mail-link'
import {
  findInvitationByToken,
  type InvitationInfo,
  invitationsOf,
  renewInvitationToken,
  spendInvitation,
  upsertInvitation,
} from './invitations.repo'
import { findMember, isMember } from './members.repo'

/** How long an invitation link works. */
export const INVITATION_MS = 7 * 24 * 60 * 60_000

function invitationMail(
  to: string,
  accountName: string,
  role: Role,
  token: string,
  linkBase: string,
): MailMessage {
  return {
    to,
    subject: `Sextant: you are invited to ${accountName}`,
    text: [
      `You are invited to join the Sextant account "${accountName}" as ${role}.`,
      '',
      `Open ${linkBase}/accept-invitation?token=${token}`,
      `or send this invitation token to POST /api/v1/credentials/accept: ${token}`,
      '(without a Sextant user yet, choose your password there).',
      '',
      'The link works once, within 7 days. If you do not want to join, ignore this message.',
    ].join('\n'),
  }
}

export interface InviteDeps {
  db: Db
  mail: MailTransport
  log: MailLog
  linkBase: string
}

/** Invites the address into the account (or invites it again with a new link, role and name). */
export async function invite(
  deps: InviteDeps,
  accountUuid: string,
  input: { name: string; email: string; role: Role },
): Promise<Result<InvitationInfo>> {
  const { db, mail, log, linkBase } = deps
  const email = input.email.trim()
  if (await findMember(db, accountUuid, email))
    return fail('conflict', `${email} is a member of this account already.`)
  const account = await findAccount(db, accountUuid)
  if (!account) return fail('not-found', 'There is no such account.')
  const link = newLinkToken(INVITATION_MS)
  const invitation = await upsertInvitation(db, {
    uuid: newUuid(),
    accountUuid,
    email,
    name: input.name.trim(),
    role: input.role,
    tokenHash: link.tokenHash,
    expiresAt: link.expiresAt,
  })
  sendInBackground(mail, log, invitationMail(email, account.name, input.role, link.token, linkBase))
  return ok(invitation)
}

/** Mails an address new links to each of its pending invitations; answers how many were sent. */
export async function resendInvitations(
  db: Db,
  mail: MailTransport,
  log: MailLog,
  email: string,
  linkBase: string,
): Promise<number> {
  const pending = await invitationsOf(db, email)
  for (const invitation of pending) {
    const account = await findAccount(db, invitation.accountUuid)
    const link = newLinkToken(INVITATION_MS)
    if (!account || !(await renewInvitationToken(db, invitation.uuid, link.tokenHash, link.expiresAt)))
      continue
    sendInBackground(
      mail,
      log,
      invitationMail(invitation.email, account.name, invitation.role, link.token, linkBase),
    )
  }
  return pending.length
}

export interface Acceptance {
  email: string
  accountUuid: string
  accountName: string
  role: Role
  /** Whether the acceptance made the address's user (with the password given). */
  newUser: boolean
}

/**
 * Spends an invitation link: the membership of the address's user (made now, with the password given,
 * when the address has none). Nobody is signed in by it: a user who exists signs in as before (their
 * password and second factor still apply); a new user signs in with the password just chosen.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: { password?: string | undefined; name?: string | undefined },
): Promise<Result<Acceptance>> {
  const tokenHash = linkTokenHash(token)
  const invalid =
    'The invitation link is invalid, used or expired: ask the account administrator to invite you again.'
  const found = await findInvitationByToken(db, tokenHash)
  if (!found) return fail('invalid', invalid)
  const known = await userByEmail(db, found.email)
  if (!known && !input.password)
    return fail(
      'invalid',
      'This address has no Sextant user yet: choose a password (at least 10 characters) to accept the invitation.',
    )
  const passwordHash = known ? null : await hashPassword(input.password!)
  return inTransaction(db, async (client) => {
    const invitation = await spendInvitation(client, tokenHash)
    if (!invitation) return fail('invalid', invalid)
    let user = await userByEmail(client, invitation.email)
    if (!user) {
      if (!passwordHash) return fail('invalid', invalid)
      user = { uuid: newUuid(), email: invitation.email }
      const name = input.name?.trim() || invitation.name || invitation.email.split('@')[0] || invitation.email
      await insertUser(client, { uuid: user.uuid, email: invitation.email, name, passwordHash })
    }
    const account = await findAccount(client, invitation.accountUuid)
    if (!account) return fail('invalid', invalid)
    if (!(await isMember(client, account.uuid, user.uuid)))
      await insertMembership(client, account.uuid, user.uuid, invitation.role)
    return ok({
      email: invitation.email,
      accountUuid: account.uuid,
      accountName: account.name,
      role: invitation.role,
      newUser: !known,
    })
  })
}
