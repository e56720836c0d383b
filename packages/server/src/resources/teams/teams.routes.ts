// Teams (spec accounts-and-api §7 "Members and teams", §8 team messages): GET /api/v1/accounts/{id}/teams,
// POST /api/v1/teams, POST/DELETE /api/v1/teams/{id}, team members and team properties. The default team
// "Everyone" holds every member and cannot be deleted or left. A team role changes only the teams it
// administers (http/auth.ts) and no member whose role is above its own (issue 13 item 8).
import { accountMessages, routes } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type Db, isUniqueViolation } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { assertMayManageRoles } from '../../http/permissions'
import { bindRoute } from '../../http/route'
import { newUuid } from '../../services/secrets'
import { parseProperty, readProperty, writeProperty } from '../accounts/properties'
import { findMember } from '../members/members.repo'
import { scopedAccount } from '../members/members.routes'
import { findTeam, listTeams, presentTeam, type TeamRecord, teamMembers } from './teams.repo'

async function scopedTeam(db: Db, request: FastifyRequest): Promise<TeamRecord> {
  const uuid = request.scope?.teamUuid
  const team = uuid ? await findTeam(db, uuid) : null
  if (!team) throw new HttpError(404, 'There is no such team that you may see.')
  return team
}

export function teamRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.teamList, async ({ request }) =>
    (await listTeams(db, scopedAccount(request))).map(presentTeam),
  )

  bindRoute(app, routes.teamCreate, async ({ body, request }) => {
    const uuid = newUuid()
    try {
      await db.query(
        'INSERT INTO teams (uuid, account_uuid, name, description, active) VALUES ($1, $2, $3, $4, $5)',
        [uuid, request.principal.account.uuid, body.name, body.description ?? '', body.active ?? true],
      )
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, `${accountMessages.teamCreate}: a team named ${body.name} exists already.`)
      throw error
    }
    return presentTeam((await findTeam(db, uuid))!)
  })

  bindRoute(app, routes.teamUpdate, async ({ body, request }) => {
    const team = await scopedTeam(db, request)
    if (team.everyone && (body.name !== undefined || body.active === false))
      throw new HttpError(409, `${accountMessages.teamUpdate}: "Everyone" keeps its name and stays active.`)
    try {
      await db.query(
        'UPDATE teams SET name = coalesce($2, name), description = coalesce($3, description), active = coalesce($4, active) WHERE uuid = $1',
        [team.uuid, body.name ?? null, body.description ?? null, body.active ?? null],
      )
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, `${accountMessages.teamUpdate}: a team named ${body.name} exists already.`)
      throw error
    }
    return presentTeam((await findTeam(db, team.uuid))!)
  })

  bindRoute(app, routes.teamDelete, async ({ request }) => {
    const team = await scopedTeam(db, request)
    if (team.everyone)
      throw new HttpError(409, `${accountMessages.teamDelete}: "Everyone" is the account's default team.`)
    await db.query('DELETE FROM teams WHERE uuid = $1', [team.uuid])
    return { message: `The team ${team.name} was deleted.` }
  })

  bindRoute(app, routes.teamMembers, async ({ request }) =>
    teamMembers(db, (await scopedTeam(db, request)).uuid),
  )

  bindRoute(app, routes.teamMemberAdd, async ({ body, request }) => {
    const team = await scopedTeam(db, request)
    const ref = body.uuid ?? body.membership?.email
    if (!ref) throw new HttpError(400, accountMessages.missing)
    const member = await findMember(db, team.accountUuid, ref)
    if (!member)
      throw new HttpError(404, `${accountMessages.teamMemberAdd}: ${ref} is not a member of this account.`)
    assertMayManageRoles(request.principal, member.role, undefined)
    const role = body.role ?? body.membership?.role?.replace(/^Team/, '') ?? 'Viewer'
    const r = await db.query(
      'INSERT INTO team_members (team_uuid, membership_uuid, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [team.uuid, member.membershipUuid, role],
    )
    if (!r.rowCount) throw new HttpError(409, `${accountMessages.teamMemberAdd}: ${ref} is in it already.`)
    return (await teamMembers(db, team.uuid)).find((m) => m.uuid === member.membershipUuid)!
  })

  bindRoute(app, routes.teamMemberUpdate, async ({ params, body, request }) => {
    const team = await scopedTeam(db, request)
    const member = await findMember(db, team.accountUuid, params.memberId)
    if (member) assertMayManageRoles(request.principal, member.role, undefined)
    const r = member
      ? await db.query('UPDATE team_members SET role = $3 WHERE team_uuid = $1 AND membership_uuid = $2', [
          team.uuid,
          member.membershipUuid,
          body.role,
        ])
      : null
    if (!member || !r?.rowCount)
      throw new HttpError(404, `${accountMessages.teamMemberUpdate} ${params.memberId} is not in this team.`)
    return (await teamMembers(db, team.uuid)).find((m) => m.uuid === member.membershipUuid)!
  })

  bindRoute(app, routes.teamMemberRemove, async ({ params, request }) => {
    const team = await scopedTeam(db, request)
    if (team.everyone)
      throw new HttpError(409, `${accountMessages.teamMemberRemove}: everyone is in "Everyone".`)
    const member = await findMember(db, team.accountUuid, params.memberId)
    if (member) assertMayManageRoles(request.principal, member.role, undefined)
    const r = member
      ? await db.query('DELETE FROM team_members WHERE team_uuid = $1 AND membership_uuid = $2', [
          team.uuid,
          member.membershipUuid,
        ])
      : null
    if (!member || !r?.rowCount)
      throw new HttpError(404, `${accountMessages.teamMemberRemove}: ${params.memberId} is not in this team.`)
    return { message: `${member.email} was removed from ${team.name}.` }
  })

  bindRoute(app, routes.teamPropertyGet, async ({ params, request }) =>
    readProperty(db, 'teams', (await scopedTeam(db, request)).uuid, params.name),
  )
  bindRoute(app, routes.teamPropertySet, async ({ params, body, request }) => {
    const team = await scopedTeam(db, request)
    return writeProperty(db, 'teams', team.uuid, params.name, parseProperty('teams', params.name, body))
  })
}
