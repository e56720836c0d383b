// Members of an account (spec accounts-and-api §7 "Members and teams"): GET/POST /api/v1/accounts/{id}/members,
// GET/POST/DELETE /api/v1/accounts/{id}/members/{email|uuid}, POST .../members/{uuid}/primary?teamuuid=.
// The account in the path was checked by http/auth.ts (scope). Adding is an invitation the address accepts
// by a mailed link, and only the membership is the account's to change (issue 13 items 6, 7); nobody
// grants, changes or removes a role above their own (issue 13 item 8, http/permissions.ts).
import { type Role, routes } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { assertMayManageRoles, defaultRoleFor } from '../../http/permissions'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { type MailTransport, mailTransportFor, publicUrl } from '../credentials/mail'
import { type InvitationInfo, listInvitations } from './invitations.repo'
import { invite } from './invitations.service'
import { listMembers, type MemberInfo, presentInvitation, presentMember } from './members.repo'
import { deleteMember, findMemberOrInvitation, setPrimaryTeam, updateMember } from './members.service'

export function scopedAccount(request: FastifyRequest): string {
  const uuid = request.scope?.accountUuid
  if (!uuid) throw new Error('The route has no account scope: its contract permission lacks accountParam.')
  return uuid
}

export function memberRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  mail: MailTransport = mailTransportFor(config, app.log),
): void {
  bindRoute(app, routes.memberList, async ({ request }) => {
    const account = scopedAccount(request)
    const [members, invitations] = await Promise.all([listMembers(db, account), listInvitations(db, account)])
    return [...members.map(presentMember), ...invitations.map(presentInvitation)]
  })

  // Adding a member is an invitation the user accepts by the mailed link (issue 13 items 6, 7).
  bindRoute(app, routes.memberCreate, async ({ body, request }) => {
    const role = body.role ?? defaultRoleFor(request.principal)
    assertMayManageRoles(request.principal, null, role)
    const deps = { db, mail, log: app.log, linkBase: publicUrl(app.server.address(), config) }
    return presentInvitation(orThrow(await invite(deps, scopedAccount(request), { ...body, role })))
  })

  bindRoute(app, routes.memberGet, async ({ params, request }) => {
    const found = await findMemberOrInvitation(db, scopedAccount(request), params.member)
    if (!found) throw new HttpError(404, `There is no member ${params.member} in this account.`)
    return present(found)
  })

  /** No role above the caller's own is granted or touched (issue 13 item 8). */
  async function assertMayManage(request: FastifyRequest, member: string, wanted?: Role) {
    const found = await findMemberOrInvitation(db, scopedAccount(request), member)
    const role = found ? ('member' in found ? found.member.role : found.invitation.role) : null
    assertMayManageRoles(request.principal, role, wanted)
  }

  bindRoute(app, routes.memberUpdate, async ({ params, body, request }) => {
    await assertMayManage(request, params.member, body.role)
    return present(orThrow(await updateMember(db, scopedAccount(request), params.member, body)))
  })

  bindRoute(app, routes.memberDelete, async ({ params, request }) => {
    await assertMayManage(request, params.member)
    orThrow(await deleteMember(db, scopedAccount(request), params.member))
    return { message: `${params.member} is no longer a member of this account.` }
  })

  bindRoute(app, routes.memberPrimaryTeam, async ({ params, query, request }) => {
    await assertMayManage(request, params.member)
    return presentMember(
      orThrow(await setPrimaryTeam(db, scopedAccount(request), params.member, query.teamuuid)),
    )
  })
}

function present(found: { member: MemberInfo } | { invitation: InvitationInfo }) {
  return 'member' in found ? presentMember(found.member) : presentInvitation(found.invitation)
}
