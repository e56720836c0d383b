// /api/v1/mfa/... (spec accounts-and-api §7 MFA) and /api/v1/accounts/me/members/{id}/properties/mfa:
// TOTP app initialise/validate/status/deactivate, scratch codes, SMS; validate completes a sign-in that
// waits for its second factor. Failed codes count towards the sign-in lock (20 a minute).
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import type { Principal } from '../../http/auth'
import { HttpError } from '../../http/errors'
import { bindRoute } from '../../http/route'
import { completeMfaSession } from '../credentials/credentials.repo'
import { mfaLimit, releaseAttempt, takeAttempt } from '../credentials/login-limit.repo'
import { findMember } from '../members/members.repo'
import { MfaProblem, MfaService } from './mfa.service'
import { type SmsSender, smsSenderFor } from './sms'

function member(p: Principal) {
  if (p.kind !== 'member') throw new HttpError(401, 'This needs a signed-in user.')
  return p
}

async function asValue<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof MfaProblem) throw new HttpError(400, error.message)
    throw error
  }
}

export function mfaRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  sms: SmsSender = smsSenderFor(config, app.log),
): void {
  const mfa = new MfaService(db, sms, config.secretKey)

  bindRoute(app, routes.mfaAppStatus, async ({ request }) =>
    mfa.status(member(request.principal).member.userUuid),
  )

  bindRoute(app, routes.mfaAppInitialize, async ({ request }) => {
    const p = member(request.principal)
    return asValue(() => mfa.initialize(p.member.userUuid, p.member.email))
  })

  bindRoute(app, routes.mfaAppDeactivate, async ({ request }) => {
    const p = member(request.principal)
    await mfa.deactivateApp(p.member.userUuid)
    return mfa.status(p.member.userUuid)
  })

  bindRoute(app, routes.mfaValidate, async ({ params, query, body, request, reply }) => {
    const p = member(request.principal)
    const setup = query.isSetup === 'true'
    const pending = p.session?.mfaPending ?? false
    if (setup && pending) throw new HttpError(400, 'Complete the sign-in first (validate without isSetup).')
    // Counted before the code is checked, like a sign-in (issue 13 item 13): parallel guesses cannot race.
    const limit = mfaLimit(p.member.userUuid)
    const admission = await takeAttempt(db, limit)
    if (!admission.admitted) {
      reply.header('retry-after', String(admission.retryAfterSeconds))
      throw new HttpError(429, admission.message)
    }
    if (!(await mfa.check(p.member.userUuid, params.method, body.totp, setup))) {
      throw new HttpError(
        400,
        'The code is not valid: check the clock of your phone, or use a scratch code (each works once).',
      )
    }
    await releaseAttempt(db, limit)
    if (pending && p.session) {
      await completeMfaSession(db, p.session.uuid, new Date(Date.now() + config.sessionTtlMs))
    }
    return {
      message: pending
        ? 'Signed in.'
        : setup
          ? `The ${params.method} factor is now enabled.`
          : 'The code is valid.',
      status: await mfa.status(p.member.userUuid),
    }
  })

  bindRoute(app, routes.mfaSmsAuthenticate, async ({ body, request }) => {
    const p = member(request.principal)
    const signingIn = p.session?.mfaPending === true
    // At sign-in the code goes to the phone set up before, and only when SMS is an enabled factor.
    if (signingIn && !(await mfa.status(p.member.userUuid)).sms)
      throw new HttpError(
        400,
        'SMS is not a second factor of this user: use the authenticator app or a scratch code.',
      )
    await asValue(() => mfa.sendSmsCode(p.member.userUuid, signingIn ? null : (body.phone ?? null)))
    return { message: 'A code has been sent by SMS; it works once, for 5 minutes.' }
  })

  bindRoute(app, routes.scratchCodesList, async ({ request }) => ({
    codes: await mfa.listScratchCodes(member(request.principal).member.userUuid),
  }))
  bindRoute(app, routes.scratchCodesCreate, async ({ request }) => ({
    codes: await mfa.createScratchCodes(member(request.principal).member.userUuid),
  }))
  bindRoute(app, routes.scratchCodesDelete, async ({ request }) => {
    await mfa.deleteScratchCodes(member(request.principal).member.userUuid)
    return { message: 'The scratch codes were deleted.' }
  })

  bindRoute(app, routes.memberMfaGet, async ({ params, request }) => {
    const target = await findMember(db, request.principal.account.uuid, params.member)
    if (!target) throw new HttpError(404, `There is no member ${params.member} in this account.`)
    const s = await mfa.status(target.userUuid)
    return { app: s.app, sms: s.sms }
  })

  bindRoute(app, routes.memberMfaReset, async ({ params, request }) => {
    const target = await findMember(db, request.principal.account.uuid, params.member)
    if (!target) throw new HttpError(404, `There is no member ${params.member} in this account.`)
    await mfa.resetAll(target.userUuid)
    return { app: false, sms: false }
  })
}
