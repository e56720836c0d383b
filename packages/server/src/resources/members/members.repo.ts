// Account members in storage (spec accounts-and-api §3 Member, §7 Members): a membership joins a user to
// an account with a role; every member is in the account's "Everyone" team.
import type { Role } from '@sextant/contract'
import type { Db } from '../../db/connection'

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
  return { uuid: m.membershipUuid, name: m.name, email: m.email, role: m.role, primaryTeam: m.primaryTeam }
}

export async function listMembers(db: Db, accountUuid: string): Promise<MemberInfo[]> {
  const { rows } = await db.query<Row>(`${select} WHERE m.account_uuid = $1 ORDER BY lower(u.email)`, [
    accountUuid,
  ])
  return rows.map(toInfo)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A member of the account by membership uuid or by e-mail (the spec's path uses either). */
export async function findMember(db: Db, accountUuid: string, idOrEmail: string): Promise<MemberInfo | null> {
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
