// Teams and team members in storage (spec accounts-and-api §3 Team, §7 teams; product-notes "Roles": the
// default team "Everyone"). A team member is an account membership with a team role.
import { type Db, isUniqueViolation } from '../../db/connection'

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

/** Stores a new team; 'taken' when the account has a team of that name already. */
export async function insertTeam(
  db: Db,
  team: { uuid: string; accountUuid: string; name: string; description: string; active: boolean },
): Promise<'inserted' | 'taken'> {
  try {
    await db.query(
      'INSERT INTO teams (uuid, account_uuid, name, description, active) VALUES ($1, $2, $3, $4, $5)',
      [team.uuid, team.accountUuid, team.name, team.description, team.active],
    )
    return 'inserted'
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken'
    throw error
  }
}

/** Changes a team; a field left null keeps its value. 'taken' when the new name is another team's. */
export async function updateTeam(
  db: Db,
  uuid: string,
  change: { name: string | null; description: string | null; active: boolean | null },
): Promise<'updated' | 'taken'> {
  try {
    await db.query(
      'UPDATE teams SET name = coalesce($2, name), description = coalesce($3, description), active = coalesce($4, active) WHERE uuid = $1',
      [uuid, change.name, change.description, change.active],
    )
    return 'updated'
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken'
    throw error
  }
}

export async function deleteTeam(db: Db, uuid: string): Promise<void> {
  await db.query('DELETE FROM teams WHERE uuid = $1', [uuid])
}

/** Adds a member to a team; false when they are in it already. */
export async function addTeamMember(
  db: Db,
  teamUuid: string,
  membershipUuid: string,
  role: string,
): Promise<boolean> {
  const r = await db.query(
    'INSERT INTO team_members (team_uuid, membership_uuid, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [teamUuid, membershipUuid, role],
  )
  return (r.rowCount ?? 0) > 0
}

/** Changes a member's team role; false when they are not in the team. */
export async function setTeamMemberRole(
  db: Db,
  teamUuid: string,
  membershipUuid: string,
  role: string,
): Promise<boolean> {
  const r = await db.query(
    'UPDATE team_members SET role = $3 WHERE team_uuid = $1 AND membership_uuid = $2',
    [teamUuid, membershipUuid, role],
  )
  return (r.rowCount ?? 0) > 0
}

/** Takes a member out of a team; false when they were not in it. */
export async function removeTeamMember(db: Db, teamUuid: string, membershipUuid: string): Promise<boolean> {
  const r = await db.query('DELETE FROM team_members WHERE team_uuid = $1 AND membership_uuid = $2', [
    teamUuid,
    membershipUuid,
  ])
  return (r.rowCount ?? 0) > 0
}
