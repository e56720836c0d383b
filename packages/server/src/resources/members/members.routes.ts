// Members of an account (spec accounts-and-api §7 "Members and teams"): GET/POST /api/v1/accounts/{id}/members,
// GET/POST/DELETE /api/v1/accounts/{id}/members/{email|uuid}, POST .../members/{uuid}/primary?teamuuid=.
// The account in the path was checked by http/auth.ts (scope); a new user gets a set-password e-mail.
// Nobody grants, changes or removes a role above their own (issue 13 item 8, http/permissions.ts).
import { type Role, routes } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { assertMayManageRoles, defaultRoleFor } from '../../http/permissions'
import { bindRoute } from '../../http/route'
import { sendPasswordReset } from '../credentials/credentials.service'
import { type MailTransport, mailTransportFromEnv, publicUrl } from '../credentials/mail'
import { findMember, listMembers, presentMember } from './members.repo'
import { createMember, deleteMember, setPrimaryTeam, updateMember } from './members.service'

export function scopedAccount(request: FastifyRequest): string {
  const uuid = request.scope?.accountUuid
  if (!uuid) throw new Error('The route has no account scope: its contract permission lacks accountParam.')
  return uuid
}

export function memberRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  mail: MailTransport = mailTransportFromEnv(app.log),
): void {
  bindRoute(app, routes.memberList, async ({ request }) =>
    (await listMembers(db, scopedAccount(request))).map(presentMember),
  )

  bindRoute(app, routes.memberCreate, async ({ body, request }) => {
    const role = body.role ?? defaultRoleFor(request.principal)
    assertMayManageRoles(request.principal, null, role)
    const { member, newUser } = await createMember(db, scopedAccount(request), { ...body, role })
    if (newUser) await sendPasswordReset(db, mail, member.email, publicUrl(app.server.address(), config))
    return presentMember(member)
  })

  bindRoute(app, routes.memberGet, async ({ params, request }) => {
    const member = await findMember(db, scopedAccount(request), params.member)
    if (!member) throw new HttpError(404, `There is no member ${params.member} in this account.`)
    return presentMember(member)
  })

  /** No role above the caller's own is granted or touched (issue 13 item 8). */
  async function assertMayManage(request: FastifyRequest, member: string, wanted?: Role) {
    const target = await findMember(db, scopedAccount(request), member)
    assertMayManageRoles(request.principal, target?.role ?? null, wanted)
  }

  bindRoute(app, routes.memberUpdate, async ({ params, body, request }) => {
    await assertMayManage(request, params.member, body.role)
    return presentMember(await updateMember(db, scopedAccount(request), params.member, body))
  })

  bindRoute(app, routes.memberDelete, async ({ params, request }) => {
    await assertMayManage(request, params.member)
    await deleteMember(db, scopedAccount(request), params.member)
    return { message: `${params.member} is no longer a member of this account.` }
  })

  bindRoute(app, routes.memberPrimaryTeam, async ({ params, query, request }) => {
    await assertMayManage(request, params.member)
    return presentMember(await setPrimaryTeam(db, scopedAccount(request), params.member, query.teamuuid))
  })
}
