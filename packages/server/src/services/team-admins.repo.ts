// Who administers a team (issue 13 item 8; spec accounts-and-api §6 "Team administrator"): a member whose
// role in that team is Administrator. Read per call, never cached: a team role changes with the team.
import type { Db } from '../db/connection'

export async function administersTeam(db: Db, teamUuid: string, membershipUuid: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM team_members WHERE team_uuid = $1 AND membership_uuid = $2 AND role = 'Administrator'`,
    [teamUuid, membershipUuid],
  )
  return rows.length > 0
}
