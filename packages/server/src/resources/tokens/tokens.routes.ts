// API and support tokens (spec accounts-and-api §6 "tokens own only" for Collaborators and Viewers; §7
// tokens and support-token): the secret is answered once at creation and never again; revoke is at once
// in this process and within the principal cache window (5 s) elsewhere.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import type { Principal } from '../../http/auth'
import { HttpError } from '../../http/errors'
import { grantOf } from '../../http/permissions'
import { bindRoute } from '../../http/route'
import { findMember } from '../members/members.repo'
import { scopedAccount } from '../members/members.routes'
import {
  createToken,
  findToken,
  firstAdministrator,
  listTokens,
  presentToken,
  revokeToken,
} from './tokens.repo'

export const SUPPORT_TOKEN_DAYS = 7
const DAY_MS = 86_400_000

/** The caller's membership in the account, or null for a sysadmin acting on another account. */
function ownMembership(p: Principal, accountUuid: string): string | null {
  return p.kind === 'member' && p.account.uuid === accountUuid ? p.member.membershipUuid : null
}

export function tokenRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.tokenList, async ({ request }) => {
    const account = scopedAccount(request)
    const own = grantOf(request.principal, 'tokens', 'read') === 'own'
    const tokens = await listTokens(db, account, own ? ownMembership(request.principal, account) : null)
    return tokens.filter((t) => t.kind === 'api').map(presentToken)
  })

  bindRoute(app, routes.tokenCreate, async ({ body, request }) => {
    const account = scopedAccount(request)
    const membership = ownMembership(request.principal, account)
    if (!membership)
      throw new HttpError(400, 'API tokens act as their owner: create them in your own account.')
    const expiresAt = body.expiresInDays ? new Date(Date.now() + body.expiresInDays * DAY_MS) : null
    const { uuid, secret } = await createToken(db, membership, body.name, 'api', expiresAt)
    const token = (await findToken(db, account, uuid))!
    return { ...presentToken(token), token: secret }
  })

  bindRoute(app, routes.tokenRevoke, async ({ params, request }) => {
    const account = scopedAccount(request)
    const token = await findToken(db, account, params.tokenId)
    const own = grantOf(request.principal, 'tokens', 'delete') === 'own'
    if (!token || (own && token.membershipUuid !== ownMembership(request.principal, account)))
      throw new HttpError(404, `There is no API token ${params.tokenId} of yours in this account.`)
    await revokeToken(db, token.uuid)
    return presentToken((await findToken(db, account, token.uuid))!)
  })

  bindRoute(app, routes.supportTokenGet, async ({ request }) => {
    const tokens = await listTokens(db, scopedAccount(request), null)
    const active = tokens.find(
      (t) => t.kind === 'support' && !t.revokedAt && (!t.expiresAt || Date.parse(t.expiresAt) > Date.now()),
    )
    return { active: Boolean(active), expiresAt: active?.expiresAt ?? null }
  })

  bindRoute(app, routes.supportTokenCreate, async ({ request }) => {
    const account = scopedAccount(request)
    const p = request.principal
    // The support token acts as the account's first Administrator, so support sees what an admin sees.
    const admin =
      (await findMember(db, account, ownMembership(p, account) ?? ''))?.membershipUuid ??
      (await firstAdministrator(db, account))
    if (!admin) throw new HttpError(409, 'The account has no Administrator for the support token to act as.')
    for (const old of await listTokens(db, account, null))
      if (old.kind === 'support' && !old.revokedAt) {
        await revokeToken(db, old.uuid)
      }
    const { uuid, secret } = await createToken(
      db,
      admin,
      'support token',
      'support',
      new Date(Date.now() + SUPPORT_TOKEN_DAYS * DAY_MS),
    )
    return { ...presentToken((await findToken(db, account, uuid))!), token: secret }
  })
}
