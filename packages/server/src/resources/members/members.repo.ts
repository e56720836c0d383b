// Account members in storage (spec accounts-and-api §3 Member, §7 Members): a membership joins a user to
// an account with a role; every member is in the account's "Everyone" team.
import type { Role } from '@sextant/contract'
import type { Db, DbClient } from '../../db/connection'
import type { InvitationInfo } from './invitations.repo'

type Queryable = Pick<Db | DbClient, 'query'>

export interface MemberInfo {
  membershipUuid: string
  userUuid: string
  name: string
  email: string
  role: Role
  primaryTeam: string | null
}

const select = `SELECT m.uuid AS membership_uuid, u.uuid AS user_uuid, u.name, u.email, m.role, m.primary_team_uuid
  FROM memberships m JOIN users u ON u.uuid = m.user_uuid`

interface Row {
  membership_uuid: string
  user_uuid: string
  name: string
  email: string
  role: Role
  primary_team_uuid: string | null
}

const toInfo = (r: Row): MemberInfo => ({
  membershipUuid: r.membership_uuid,
  userUuid: r.user_uuid,
  name: r.name,
  email: r.email,
  role: r.role,
  primaryTeam: r.primary_team_uuid,
})

export function presentMember(m: MemberInfo) {
  return {
    uuid: m.membershipUuid,
    name: m.name,
    email: m.email,
    role: m.role,
    primaryTeam: m.primaryTeam,
    status: 'active' as const,
  }
}

/** A pending invitation in the members list: it holds no rights until accepted (issue 13 item 6). */
export function presentInvitation(i: InvitationInfo) {
  return {
    uuid: i.uuid,
    name: i.name,
    email: i.email,
    role: i.role,
    primaryTeam: null,
    status: 'invited' as const,
  }
}

export async function listMembers(db: Db, accountUuid: string): Promise<MemberInfo[]> {
  const { rows } = await db.query<Row>(`${select} WHERE m.account_uuid = $1 ORDER BY lower(u.email)`, [
    accountUuid,
  ])
  return rows.map(toInfo)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A member of the account by membership uuid or by e-mail (the spec's path uses either). */
export async function findMember(
  db: Queryable,
  accountUuid: string,
  idOrEmail: string,
): Promise<MemberInfo | null> {
  const byUuid = UUID.test(idOrEmail)
  const { rows } = await db.query<Row>(
    `${select} WHERE m.account_uuid = $1 AND ${byUuid ? 'm.uuid = $2' : 'lower(u.email) = lower($2)'}`,
    [accountUuid, idOrEmail],
  )
  return rows[0] ? toInfo(rows[0]) : null
}

export async function countAdministrators(db: Db, accountUuid: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    "SELECT count(*) AS n FROM memberships WHERE account_uuid = $1 AND role = 'Administrator'",
    [accountUuid],
  )
  return Number(rows[0]?.n ?? 0)
}

/** Whether the user is a member of the account. */
export async function isMember(db: Queryable, accountUuid: string, userUuid: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM memberships WHERE account_uuid = $1 AND user_uuid = $2',
    [accountUuid, userUuid],
  )
  return (rowCount ?? 0) > 0
}

/** A member's role, and only the role: the account's part of a member (never the user's name or MFA). */
export async function setMemberRole(
  db: Queryable,
  membershipUuid: string,
  role: Role,
  teamRole: string,
): Promise<void> {
  await db.query('UPDATE memberships SET role = $1 WHERE uuid = $2', [role, membershipUuid])
  await db.query(
    `UPDATE team_members SET role = $1 WHERE membership_uuid = $2
     AND team_uuid IN (SELECT uuid FROM teams WHERE is_everyone)`,
    [teamRole, membershipUuid],
  )
}

export async function deleteMembership(db: Queryable, membershipUuid: string): Promise<void> {
  await db.query('DELETE FROM memberships WHERE uuid = $1', [membershipUuid])
}

/** Makes the team the member's primary one, if the member is in it and it is the account's; false if not. */
export async function setPrimaryTeamOf(
  db: Queryable,
  membershipUuid: string,
  teamUuid: string,
  accountUuid: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE memberships m SET primary_team_uuid = $1 WHERE m.uuid = $2 AND EXISTS (
       SELECT 1 FROM team_members tm JOIN teams t ON t.uuid = tm.team_uuid
       WHERE tm.team_uuid = $1 AND tm.membership_uuid = $2 AND t.account_uuid = $3)`,
    [teamUuid, membershipUuid, accountUuid],
  )
  return (rowCount ?? 0) > 0
}
