// POST /api/v1/credentials/{login,register,confirm,accept,forget,reset,logout,refresh} (spec
// accounts-and-api §7 Authentication; DESIGN §7): rate-limited sign-in with the MFA step, sign-up and
// invitations completed by mailed links (issue 13 items 6, 7), password reset by mail, session revoke and
// refresh. Messages say what to do next without revealing which e-mails exist.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { findMemberByEmail, findMemberByMembership } from '../../services/identity.repo'
import { acceptInvitation } from '../members/invitations.service'
import { extendSession, revokeSession } from './credentials.repo'
import {
  confirmRegistration,
  mfaMethods,
  openSession,
  passwordMatches,
  register,
  resetPassword,
  sendPasswordReset,
} from './credentials.service'
import { addressLimit, loginLimit, releaseAttempt, takeAttempt } from './login-limit.repo'
import { type MailTransport, mailTransportFor, publicUrl } from './mail'

export function credentialsRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  mail: MailTransport = mailTransportFor(config, app.log),
): void {
  const ttl = config.sessionTtlMs

  bindRoute(app, routes.login, async ({ body, request, reply }) => {
    // Counted before the password is checked (issue 13 item 13): the address first (a flood from one
    // address does not lock the logins it tries), then the login.
    const limits = [addressLimit(request.ip), loginLimit(body.email)]
    for (const limit of limits) {
      const admission = await takeAttempt(db, limit)
      if (!admission.admitted) {
        reply.header('retry-after', String(admission.retryAfterSeconds))
        throw new HttpError(429, admission.message)
      }
    }
    const member = await findMemberByEmail(db, body.email)
    // One message and the same work (an argon2 check) for an unknown user and a wrong password: sign-in
    // must not reveal which e-mails exist, by its answer or by its time (issue 13 item 14).
    if (!(await passwordMatches(member?.passwordHash ?? null, body.password)) || !member)
      throw new HttpError(401, 'Credentials not valid: check the e-mail address and the password.')
    for (const limit of limits) await releaseAttempt(db, limit)
    if (!member.account.active && !member.sysadmin)
      throw new HttpError(
        401,
        'This account has been disabled: ask a system administrator to enable it again.',
      )
    return openSession(db, member, ttl, await mfaMethods(db, member.userUuid))
  })

  const linkBase = () => publicUrl(app.server.address(), config)

  // Sign-up proves control of the address by a mailed link and answers alike for every address
  // (issue 13 items 7, 14); counted against the address's rate limit like a sign-in.
  bindRoute(app, routes.register, async ({ body, request, reply }) => {
    const admission = await takeAttempt(db, addressLimit(request.ip))
    if (!admission.admitted) {
      reply.header('retry-after', String(admission.retryAfterSeconds))
      throw new HttpError(429, admission.message)
    }
    const deps = { db, mail, log: app.log, mode: config.registration, linkBase: linkBase() }
    return { message: orThrow(await register(deps, body)) }
  })

  bindRoute(app, routes.confirmSignUp, async ({ body }) => {
    const membership = orThrow(await confirmRegistration(db, body.token))
    const member = await findMemberByMembership(db, membership)
    if (!member) throw new Error('The new membership vanished.')
    return openSession(db, member, ttl, [])
  })

  bindRoute(app, routes.acceptInvitation, async ({ body }) => {
    const accepted = orThrow(await acceptInvitation(db, body.token, body))
    return {
      message: `You are now ${accepted.role} in ${accepted.accountName}: sign in${accepted.newUser ? ' with the password you chose' : ''}.`,
      email: accepted.email,
      account: { uuid: accepted.accountUuid, name: accepted.accountName },
      role: accepted.role,
      newUser: accepted.newUser,
    }
  })

  bindRoute(app, routes.forget, async ({ query }) => {
    await sendPasswordReset(db, mail, query.email, linkBase())
    return {
      message: 'If this e-mail address belongs to a user, a message with a reset token is on its way.',
    }
  })

  bindRoute(app, routes.resetPassword, async ({ body }) => {
    orThrow(await resetPassword(db, body.token, body.password))
    return { message: 'The password has been changed: sign in with it. Every other session was ended.' }
  })

  bindRoute(app, routes.logout, async ({ request }) => {
    const p = request.principal
    if (p.kind !== 'member' || !p.session)
      throw new HttpError(
        400,
        'Only a sign-in session can be logged out; API tokens are revoked with DELETE /api/v1/accounts/{id}/tokens/{uuid}.',
      )
    await revokeSession(db, p.session.uuid)
    return { message: 'Signed out.' }
  })

  bindRoute(app, routes.refresh, async ({ request }) => {
    const p = request.principal
    if (p.kind !== 'member' || !p.session)
      throw new HttpError(400, 'Only a sign-in session (Authorization: Bearer) can be refreshed.')
    const expiresAt = new Date(Date.now() + ttl)
    await extendSession(db, p.session.uuid, expiresAt)
    return { expiresAt: expiresAt.toISOString() }
  })
}
