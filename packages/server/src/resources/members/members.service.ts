// Changing and removing account members (spec accounts-and-api §5, §8 messages; issue 13 item 6). An
// account changes only its membership (role, teams, primary team), never the global user: a member's
// name, e-mail, password and second factor are the user's own. Adding a member is an invitation
// (invitations.service.ts). The members-update check of the original product always failed for a
// non-empty account uuid (§5); here it checks what was evidently meant: the member belongs to the account.
import { accountMessages, type Role } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import { teamRoleOf } from '../../services/identity.repo'
import { fail, ok, type Result } from '../../services/result'
import { deleteInvitation, findInvitation, type InvitationInfo, setInvitationRole } from './invitations.repo'
import {
  countAdministrators,
  deleteMembership,
  findMember,
  type MemberInfo,
  setMemberRole,
  setPrimaryTeamOf,
} from './members.repo'

export const renameRefused =
  "A member's name belongs to their user, which an account does not change: only the role and teams are the account's. The member changes their own name."

async function keepsAnAdministrator(db: Db, accountUuid: string, member: MemberInfo): Promise<boolean> {
  return member.role !== 'Administrator' || (await countAdministrators(db, accountUuid)) > 1
}

/** A member, or else a pending invitation, by uuid or e-mail. */
export async function findMemberOrInvitation(
  db: Db,
  accountUuid: string,
  idOrEmail: string,
): Promise<{ member: MemberInfo } | { invitation: InvitationInfo } | null> {
  const member = await findMember(db, accountUuid, idOrEmail)
  if (member) return { member }
  const invitation = await findInvitation(db, accountUuid, idOrEmail)
  return invitation ? { invitation } : null
}

export async function updateMember(
  db: Db,
  accountUuid: string,
  idOrEmail: string,
  input: { name?: string | undefined; role?: Role | undefined },
): Promise<Result<{ member: MemberInfo } | { invitation: InvitationInfo }>> {
  if (input.name !== undefined) return fail('forbidden', renameRefused)
  const found = await findMemberOrInvitation(db, accountUuid, idOrEmail)
  if (!found)
    return fail(
      'not-found',
      `${accountMessages.memberUpdate} There is no member ${idOrEmail} in this account.`,
    )
  if ('invitation' in found) {
    if (input.role) await setInvitationRole(db, found.invitation.uuid, input.role)
    const invitation = await findInvitation(db, accountUuid, found.invitation.uuid)
    return invitation
      ? ok({ invitation })
      : fail('not-found', `There is no member ${idOrEmail} in this account.`)
  }
  const { member } = found
  if (input.role && input.role !== 'Administrator' && !(await keepsAnAdministrator(db, accountUuid, member)))
    return fail('conflict', `${accountMessages.memberUpdate} The account needs at least one Administrator.`)
  const role = input.role
  if (role)
    await inTransaction(db, (client) => setMemberRole(client, member.membershipUuid, role, teamRoleOf(role)))
  const changed = await findMember(db, accountUuid, member.membershipUuid)
  return changed
    ? ok({ member: changed })
    : fail('not-found', `There is no member ${idOrEmail} in this account.`)
}

/** Removes a member from the account (never its last Administrator), or cancels an invitation. */
export async function deleteMember(db: Db, accountUuid: string, idOrEmail: string): Promise<Result<void>> {
  const found = await findMemberOrInvitation(db, accountUuid, idOrEmail)
  if (!found)
    return fail(
      'not-found',
      `${accountMessages.memberDelete} There is no member ${idOrEmail} in this account.`,
    )
  if ('invitation' in found) {
    await deleteInvitation(db, found.invitation.uuid)
    return ok(undefined)
  }
  if (!(await keepsAnAdministrator(db, accountUuid, found.member)))
    return fail('conflict', `${accountMessages.memberDelete} The account needs at least one Administrator.`)
  await deleteMembership(db, found.member.membershipUuid)
  return ok(undefined)
}

export async function setPrimaryTeam(
  db: Db,
  accountUuid: string,
  idOrEmail: string,
  teamUuid: string,
): Promise<Result<MemberInfo>> {
  const member = await findMember(db, accountUuid, idOrEmail)
  const set = member ? await setPrimaryTeamOf(db, member.membershipUuid, teamUuid, accountUuid) : false
  const changed = member && set ? await findMember(db, accountUuid, member.membershipUuid) : null
  if (!changed)
    return fail(
      'invalid',
      `${accountMessages.primaryTeam} The member must belong to the team, in this account.`,
    )
  return ok(changed)
}
