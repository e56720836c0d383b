// Adding, changing and removing account members (spec accounts-and-api §5 "Member creation requires an
// account uuid, name and email; new members get role Viewer unless a role is supplied", §8 messages).
// The members-update check of the original product always failed for a non-empty account uuid (§5);
// here it checks what was evidently meant: the member must belong to the account being changed.
import { accountMessages, type Role } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import { HttpError } from '../../http/errors'
import { insertMembership, teamRoleOf } from '../../services/identity.repo'
import { newUuid } from '../../services/secrets'
import { countAdministrators, findMember, type MemberInfo } from './members.repo'

export async function createMember(
  db: Db,
  accountUuid: string,
  input: { name: string; email: string; role?: Role | undefined },
): Promise<{ member: MemberInfo; newUser: boolean }> {
  const role = input.role ?? 'Viewer'
  const outcome = await inTransaction(db, async (client) => {
    const { rows } = await client.query<{ uuid: string }>(
      'SELECT uuid FROM users WHERE lower(email) = lower($1)',
      [input.email],
    )
    let userUuid = rows[0]?.uuid
    const newUser = !userUuid
    if (!userUuid) {
      userUuid = newUuid()
      // No password: the new member sets one through the reset e-mail sent by the route.
      await client.query('INSERT INTO users (uuid, email, name) VALUES ($1, $2, $3)', [
        userUuid,
        input.email,
        input.name,
      ])
    }
    const exists = await client.query(
      'SELECT 1 FROM memberships WHERE account_uuid = $1 AND user_uuid = $2',
      [accountUuid, userUuid],
    )
    if (exists.rowCount)
      throw new HttpError(409, `${accountMessages.memberCreate} ${input.email} is a member already.`)
    await insertMembership(client, accountUuid, userUuid, role)
    return newUser
  })
  const member = await findMember(db, accountUuid, input.email)
  if (!member) throw new Error('The new member vanished.')
  return { member, newUser: outcome }
}

async function assertKeepsAnAdministrator(db: Db, accountUuid: string, member: MemberInfo, message: string) {
  if (member.role === 'Administrator' && (await countAdministrators(db, accountUuid)) <= 1) {
    throw new HttpError(409, `${message} The account needs at least one Administrator.`)
  }
}

export async function updateMember(
  db: Db,
  accountUuid: string,
  idOrEmail: string,
  input: { name?: string | undefined; role?: Role | undefined },
): Promise<MemberInfo> {
  if (!accountUuid || !idOrEmail) throw new HttpError(400, accountMessages.missing)
  const member = await findMember(db, accountUuid, idOrEmail)
  if (!member)
    throw new HttpError(
      404,
      `${accountMessages.memberUpdate} There is no member ${idOrEmail} in this account.`,
    )
  if (input.role && input.role !== 'Administrator')
    await assertKeepsAnAdministrator(db, accountUuid, member, accountMessages.memberUpdate)
  await inTransaction(db, async (client) => {
    if (input.name)
      await client.query('UPDATE users SET name = $1 WHERE uuid = $2', [input.name, member.userUuid])
    if (input.role) {
      await client.query('UPDATE memberships SET role = $1 WHERE uuid = $2', [
        input.role,
        member.membershipUuid,
      ])
      await client.query(
        `UPDATE team_members SET role = $1 WHERE membership_uuid = $2
         AND team_uuid IN (SELECT uuid FROM teams WHERE is_everyone)`,
        [teamRoleOf(input.role), member.membershipUuid],
      )
    }
  })
  return (await findMember(db, accountUuid, member.membershipUuid))!
}

export async function deleteMember(db: Db, accountUuid: string, idOrEmail: string): Promise<void> {
  const member = await findMember(db, accountUuid, idOrEmail)
  if (!member)
    throw new HttpError(
      404,
      `${accountMessages.memberDelete} There is no member ${idOrEmail} in this account.`,
    )
  await assertKeepsAnAdministrator(db, accountUuid, member, accountMessages.memberDelete)
  await db.query('DELETE FROM memberships WHERE uuid = $1', [member.membershipUuid])
}

export async function setPrimaryTeam(db: Db, accountUuid: string, idOrEmail: string, teamUuid: string) {
  const member = await findMember(db, accountUuid, idOrEmail)
  const r = member
    ? await db.query(
        `UPDATE memberships m SET primary_team_uuid = $1 WHERE m.uuid = $2 AND EXISTS (
           SELECT 1 FROM team_members tm JOIN teams t ON t.uuid = tm.team_uuid
           WHERE tm.team_uuid = $1 AND tm.membership_uuid = $2 AND t.account_uuid = $3)`,
        [teamUuid, member.membershipUuid, accountUuid],
      )
    : null
  if (!member || !r?.rowCount) {
    throw new HttpError(
      400,
      `${accountMessages.primaryTeam} The member must belong to the team, in this account.`,
    )
  }
  return (await findMember(db, accountUuid, member.membershipUuid))!
}
