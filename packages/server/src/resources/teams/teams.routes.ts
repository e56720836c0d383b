// Teams (spec accounts-and-api §7 "Members and teams", §8 team messages): GET /api/v1/accounts/{id}/teams,
// POST /api/v1/teams, POST/DELETE /api/v1/teams/{id}, team members and team properties. The default team
// "Everyone" holds every member and cannot be deleted or left. A team role changes only the teams it
// administers (http/auth.ts) and no member whose role is above its own (issue 13 item 8).
import { accountMessages, routes } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { assertMayManageRoles } from '../../http/permissions'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { newUuid } from '../../services/secrets'
import { readProperty, setProperty } from '../accounts/properties'
import { findMember } from '../members/members.repo'
import { scopedAccount } from '../members/members.routes'
import {
  addTeamMember,
  deleteTeam,
  findTeam,
  insertTeam,
  listTeams,
  presentTeam,
  removeTeamMember,
  setTeamMemberRole,
  type TeamRecord,
  teamMembers,
  updateTeam,
} from './teams.repo'

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
    const inserted = await insertTeam(db, {
      uuid,
      accountUuid: request.principal.account.uuid,
      name: body.name,
      description: body.description ?? '',
      active: body.active ?? true,
    })
    if (inserted === 'taken')
      throw new HttpError(409, `${accountMessages.teamCreate}: a team named ${body.name} exists already.`)
    return presentTeam((await findTeam(db, uuid))!)
  })

  bindRoute(app, routes.teamUpdate, async ({ body, request }) => {
    const team = await scopedTeam(db, request)
    if (team.everyone && (body.name !== undefined || body.active === false))
      throw new HttpError(409, `${accountMessages.teamUpdate}: "Everyone" keeps its name and stays active.`)
    const updated = await updateTeam(db, team.uuid, {
      name: body.name ?? null,
      description: body.description ?? null,
      active: body.active ?? null,
    })
    if (updated === 'taken')
      throw new HttpError(409, `${accountMessages.teamUpdate}: a team named ${body.name} exists already.`)
    return presentTeam((await findTeam(db, team.uuid))!)
  })

  bindRoute(app, routes.teamDelete, async ({ request }) => {
    const team = await scopedTeam(db, request)
    if (team.everyone)
      throw new HttpError(409, `${accountMessages.teamDelete}: "Everyone" is the account's default team.`)
    await deleteTeam(db, team.uuid)
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
    if (!(await addTeamMember(db, team.uuid, member.membershipUuid, role)))
      throw new HttpError(409, `${accountMessages.teamMemberAdd}: ${ref} is in it already.`)
    return (await teamMembers(db, team.uuid)).find((m) => m.uuid === member.membershipUuid)!
  })

  bindRoute(app, routes.teamMemberUpdate, async ({ params, body, request }) => {
    const team = await scopedTeam(db, request)
    const member = await findMember(db, team.accountUuid, params.memberId)
    if (member) assertMayManageRoles(request.principal, member.role, undefined)
    const changed = member ? await setTeamMemberRole(db, team.uuid, member.membershipUuid, body.role) : false
    if (!member || !changed)
      throw new HttpError(404, `${accountMessages.teamMemberUpdate} ${params.memberId} is not in this team.`)
    return (await teamMembers(db, team.uuid)).find((m) => m.uuid === member.membershipUuid)!
  })

  bindRoute(app, routes.teamMemberRemove, async ({ params, request }) => {
    const team = await scopedTeam(db, request)
    if (team.everyone)
      throw new HttpError(409, `${accountMessages.teamMemberRemove}: everyone is in "Everyone".`)
    const member = await findMember(db, team.accountUuid, params.memberId)
    if (member) assertMayManageRoles(request.principal, member.role, undefined)
    const removed = member ? await removeTeamMember(db, team.uuid, member.membershipUuid) : false
    if (!member || !removed)
      throw new HttpError(404, `${accountMessages.teamMemberRemove}: ${params.memberId} is not in this team.`)
    return { message: `${member.email} was removed from ${team.name}.` }
  })

  bindRoute(app, routes.teamPropertyGet, async ({ params, request }) =>
    orThrow(await readProperty(db, 'teams', (await scopedTeam(db, request)).uuid, params.name)),
  )
  bindRoute(app, routes.teamPropertySet, async ({ params, body, request }) => {
    const team = await scopedTeam(db, request)
    return orThrow(await setProperty(db, 'teams', team.uuid, params.name, body))
  })
}
