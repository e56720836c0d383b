// Who-am-I and the account presenters (spec accounts-and-api §7 Authentication, Accounts; report-page §7
// first row): GET /api/v1/users/me, GET /api/v1/accounts/{me|default|uuid}. Sign-in: credentials/.
import { type Account, routes, type User } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import type { Principal } from '../http/auth'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import {
  type AccountRecord,
  DEFAULT_ACCOUNT_UUID,
  findAccount,
  type MemberRecord,
} from '../services/identity.repo'
import { isUuid } from '../services/projects.repo'

export function presentAccount(a: AccountRecord, principal: Principal): Account {
  return {
    uuid: a.uuid,
    name: a.name,
    email: a.isDefault ? '' : a.email,
    plan: a.plan,
    // report-page §3 bundle.limits.usePDFReports, §6 "PDF download (bundle limit usePDFReports)"
    bundle: { name: a.plan, limits: { usePDFReports: a.features.includes('pdf') } },
    features: a.features,
    default: a.isDefault,
    sysadmin: principal.kind === 'member' && principal.member.sysadmin,
    properties: a.properties,
  }
}

export function presentUser(m: MemberRecord): User {
  return {
    uuid: m.userUuid,
    name: m.name,
    email: m.email,
    sysadmin: m.sysadmin,
    account: { uuid: m.account.uuid, name: m.account.name },
    membership: { uuid: m.membershipUuid, name: m.name, role: m.role },
  }
}

/** GET /api/v1/users/me and GET /api/v1/accounts/{me|default|uuid}; sign-in lives in credentials/. */
export function identityRoutes(app: FastifyInstance, db: Db, _sessionTtlMs?: number): void {
  bindRoute(app, routes.usersMe, async ({ request }) => {
    const p = request.principal
    if (p.kind !== 'member') throw new HttpError(401, 'Not signed in.')
    return presentUser(p.member)
  })

  bindRoute(app, routes.accountGet, async ({ params, request }) => {
    const p = request.principal
    if (params.id === 'me') return presentAccount(p.account, p)
    const uuid = params.id === 'default' ? DEFAULT_ACCOUNT_UUID : params.id
    const account = isUuid(uuid) ? await findAccount(db, uuid) : null
    const visible =
      account &&
      (account.isDefault || account.uuid === p.account.uuid || (p.kind === 'member' && p.member.sysadmin))
    if (!account || !visible) throw new HttpError(404, `There is no account ${params.id} that you may see.`)
    return presentAccount(account, p)
  })
}
