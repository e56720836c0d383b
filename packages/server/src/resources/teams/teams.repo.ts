// Teams and team members in storage (spec accounts-and-api §3 Team, §7 teams; product-notes "Roles": the
// default team "Everyone"). A team member is an account membership with a team role.
import type { Db } from '../../db/connection'

export interface TeamRecord {
  uuid: string
  accountUuid: string
  name: string
  description: string
  active: boolean
  everyone: boolean
  properties: Record<string, unknown>
}

interface Row {
  uuid: string
  account_uuid: string
  name: string
  description: string
  active: boolean
  is_everyone: boolean
  properties: Record<string, unknown>
}

const toTeam = (r: Row): TeamRecord => ({
  uuid: r.uuid,
  accountUuid: r.account_uuid,
  name: r.name,
  description: r.description,
  active: r.active,
  everyone: r.is_everyone,
  properties: r.properties,
})

export function presentTeam(t: TeamRecord) {
  return { uuid: t.uuid, name: t.name, description: t.description, active: t.active, everyone: t.everyone }
}

export async function listTeams(db: Db, accountUuid: string): Promise<TeamRecord[]> {
  const { rows } = await db.query<Row>(
    'SELECT * FROM teams WHERE account_uuid = $1 ORDER BY is_everyone DESC, lower(name)',
    [accountUuid],
  )
  return rows.map(toTeam)
}

export async function findTeam(db: Db, uuid: string): Promise<TeamRecord | null> {
  const { rows } = await db.query<Row>('SELECT * FROM teams WHERE uuid = $1', [uuid])
  return rows[0] ? toTeam(rows[0]) : null
}

export type TeamRole = 'Administrator' | 'Collaborator' | 'Viewer'

export interface TeamMemberInfo {
  uuid: string
  name: string
  email: string
  role: TeamRole
}

export async function teamMembers(db: Db, teamUuid: string): Promise<TeamMemberInfo[]> {
  const { rows } = await db.query<TeamMemberInfo>(
    `SELECT m.uuid, u.name, u.email, tm.role FROM team_members tm
     JOIN memberships m ON m.uuid = tm.membership_uuid JOIN users u ON u.uuid = m.user_uuid
     WHERE tm.team_uuid = $1 ORDER BY lower(u.email)`,
    [teamUuid],
  )
  return rows
}
