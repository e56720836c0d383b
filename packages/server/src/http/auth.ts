// Who is calling and may they (DESIGN §5 "Auth", spec accounts-and-api §6): `Authorization: Bearer <access
// token>`, `Authorization: Token <api token>`, or no header = the default anonymous account. Resolved once
// per request; then the route's §6 permission (http/permissions.ts) and its account/team scope are
// checked here, in one place, before any handler runs. Another account's uuid answers 404, never data.
import { isTeamRole, type RouteDef, routes } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/connection'
import { findTeam } from '../resources/teams/teams.repo'
import {
  type AccountRecord,
  DEFAULT_ACCOUNT_UUID,
  findAccount,
  findMemberByApiToken,
  findMemberBySession,
  type MemberRecord,
  readAuthEpoch,
} from '../services/identity.repo'
import { digestToken } from '../services/secrets'
import { administersTeam } from '../services/team-admins.repo'
import { HttpError } from './errors'
import { freshEpochReader } from './fresh-epoch'
import { grantOf } from './permissions'

export type Principal =
  | { kind: 'anonymous'; account: AccountRecord }
  | {
      kind: 'member'
      member: MemberRecord
      account: AccountRecord
      /** The session behind a Bearer token (null for API tokens). */
      session: { uuid: string; digest: string; mfaPending: boolean } | null
    }

export interface RouteScope {
  /** The account the route acts on, once 'me'/'default' are resolved and the caller may see it. */
  accountUuid: string | null
  teamUuid: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal
    scope: RouteScope
  }
  interface FastifyContextConfig {
    access?: 'public' | 'anonymous' | 'member'
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// Token → principal for a few seconds: an authorised request then costs one read of the revocation
// epoch instead of the member lookup. Every change to what a principal holds (logout, token revoke, role,
// membership, team, user or account change) bumps the epoch in its own transaction (migration 030's
// triggers, whoever writes), and an entry read under another epoch is never used: revocation takes
// effect on every process of a scaled deployment as soon as it is committed (issue 13 item 15).
const CACHE_TTL_MS = 5_000
const CACHE_MAX = 10_000
interface Cached<T> {
  value: T
  /** The epoch read before the value was looked up. */
  epoch: string
  until: number
}
type PrincipalCache = Map<string, Cached<Principal>>
/**
 * Owners the scope check found: a system administrator's account in the path (uuid → itself) and a
 * team's account (team uuid → account uuid); deleting either bumps the epoch like any other change.
 */
type OwnerCache = Map<string, Cached<string>>

/** The epoch, read at most once per request and before any lookup it validates. */
type EpochOf = () => Promise<string>

function remember<T>(cache: Map<string, Cached<T>>, key: string, value: T, epoch: string, until: number) {
  if (cache.size >= CACHE_MAX) cache.clear()
  cache.set(key, { value, epoch, until })
}

async function cachedOwner(
  owners: OwnerCache,
  epochOf: EpochOf,
  key: string,
  find: () => Promise<string | null>,
): Promise<string | null> {
  const epoch = await epochOf()
  const hit = owners.get(key)
  if (hit && hit.epoch === epoch && hit.until > Date.now()) return hit.value
  const owner = await find()
  if (owner) remember(owners, key, owner, epoch, Date.now() + CACHE_TTL_MS)
  else owners.delete(key)
  return owner
}

async function lookUp(
  db: Db,
  cache: PrincipalCache,
  epochOf: EpochOf,
  kind: 'bearer' | 'token',
  digest: string,
): Promise<Principal | null> {
  const epoch = await epochOf()
  const hit = cache.get(digest)
  if (hit && hit.epoch === epoch && hit.until > Date.now()) return hit.value
  let principal: Principal | null = null
  // Never cached past the session's or token's own expiry.
  let until = Date.now() + CACHE_TTL_MS
  if (kind === 'bearer') {
    const s = await findMemberBySession(db, digest)
    if (s) {
      const session = { uuid: s.sessionUuid, digest, mfaPending: s.mfaPending }
      principal = { kind: 'member', member: s, account: s.account, session }
      until = Math.min(until, s.expiresAt.getTime())
    }
  } else {
    const m = await findMemberByApiToken(db, digest)
    if (m) {
      principal = { kind: 'member', member: m, account: m.account, session: null }
      if (m.expiresAt) until = Math.min(until, m.expiresAt.getTime())
    }
  }
  if (principal) remember(cache, digest, principal, epoch, until)
  else cache.delete(digest)
  return principal
}

async function resolve(
  db: Db,
  cache: PrincipalCache,
  epochOf: EpochOf,
  header: string | undefined,
  defaultAccount: AccountRecord,
): Promise<Principal> {
  if (!header) return { kind: 'anonymous', account: defaultAccount }
  const match = /^(Bearer|Token)\s+(\S+)\s*$/i.exec(header)
  if (!match)
    throw new HttpError(
      401,
      "The Authorization header must be 'Bearer <access token>' or 'Token <api token>'.",
    )
  const kind = match[1]!.toLowerCase() === 'token' ? 'token' : 'bearer'
  const secret = kind === 'token' ? match[2]!.toLowerCase() : match[2]!
  const principal = await lookUp(db, cache, epochOf, kind, digestToken(secret))
  if (!principal) {
    throw new HttpError(
      401,
      kind === 'bearer'
        ? 'The access token is invalid or has expired: sign in again.'
        : 'The API token is invalid, expired or revoked.',
    )
  }
  if (principal.kind === 'member' && !principal.account.active && !principal.member.sysadmin)
    throw new HttpError(401, 'This account has been disabled: ask a system administrator to enable it again.')
  return principal
}

const notVisible = (id: string) => new HttpError(404, `There is no account ${id} that you may see.`)

async function scopeOf(
  db: Db,
  owners: OwnerCache,
  epochOf: EpochOf,
  route: RouteDef,
  params: Record<string, string>,
  p: Principal,
): Promise<RouteScope> {
  const scope: RouteScope = { accountUuid: null, teamUuid: null }
  const perm = route.permission
  const sysadmin = p.kind === 'member' && p.member.sysadmin
  if (perm?.accountParam) {
    const id = params[perm.accountParam] ?? ''
    const uuid = id === 'me' ? p.account.uuid : id === 'default' ? DEFAULT_ACCOUNT_UUID : id.toLowerCase()
    if (!UUID.test(uuid)) throw notVisible(id)
    if (uuid !== p.account.uuid) {
      const exists =
        sysadmin &&
        (await cachedOwner(owners, epochOf, `account:${uuid}`, async () =>
          (await findAccount(db, uuid)) ? uuid : null,
        ))
      if (!exists) throw notVisible(id)
    }
    scope.accountUuid = uuid
  }
  if (perm?.teamParam) {
    const id = params[perm.teamParam] ?? ''
    const missing = new HttpError(404, `There is no team ${id} that you may see.`)
    if (!UUID.test(id)) throw missing
    const owner = await cachedOwner(
      owners,
      epochOf,
      `team:${id.toLowerCase()}`,
      async () => (await findTeam(db, id))?.accountUuid ?? null,
    )
    if (!owner || (owner !== p.account.uuid && !sysadmin)) throw missing
    // A team role acts on a team only as its Administrator; account-wide roles act on every team of
    // their account (issue 13 item 8: a TeamAdministrator adding themselves to any team).
    if (
      perm.action !== 'read' &&
      p.kind === 'member' &&
      !sysadmin &&
      isTeamRole(p.member.role) &&
      !(await administersTeam(db, id.toLowerCase(), p.member.membershipUuid))
    )
      throw new HttpError(403, `Your role (${p.member.role}) may act only on the teams you administer.`)
    scope.teamUuid = id.toLowerCase()
    scope.accountUuid = owner
  }
  return scope
}

/** Route definitions by "METHOD path", to find the permission of the route being served. */
function routeIndex(): Map<string, RouteDef> {
  const index = new Map<string, RouteDef>()
  for (const def of Object.values(routes) as RouteDef[]) index.set(`${def.method} ${def.path}`, def)
  return index
}

export function installAuth(app: FastifyInstance, db: Db): void {
  let defaultAccount: AccountRecord | null = null
  const index = routeIndex()
  // One cache per app (tests run several apps, each on its own database, in one process).
  const cache: PrincipalCache = new Map()
  const owners: OwnerCache = new Map()
  // Each request's epoch comes from a read started after it arrived; waiting requests share one.
  const freshEpoch = freshEpochReader(() => readAuthEpoch(db))
  app.decorateRequest('principal')
  app.decorateRequest('scope')
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access
    if (!access || access === 'public') return
    defaultAccount ??= await findAccount(db, DEFAULT_ACCOUNT_UUID)
    if (!defaultAccount)
      throw new Error('The default account is missing: migrations or bootstrap did not run.')
    let epoch: Promise<string> | null = null
    const epochOf = () => {
      epoch ??= freshEpoch()
      return epoch
    }
    const p = await resolve(db, cache, epochOf, request.headers.authorization, defaultAccount)
    request.principal = p
    const route = index.get(`${request.method} ${request.routeOptions.url}`)
    if (
      p.kind === 'member' &&
      p.session?.mfaPending &&
      route?.path !== '/api/v1/mfa/validate/:method' &&
      route?.path !== '/api/v1/mfa/authenticate/sms' &&
      route?.path !== '/api/v1/credentials/logout'
    ) {
      throw new HttpError(
        401,
        'MFA required: send the code of your authenticator app (or a scratch code) to POST /api/v1/mfa/validate/app.',
      )
    }
    if (access === 'member' && p.kind !== 'member') {
      throw new HttpError(
        401,
        'This needs a signed-in user: send Authorization: Bearer <access token> or Token <api token>.',
      )
    }
    const perm = route?.permission
    // A route that may create what it acts on ('new' in its createParam) needs `create` for that call.
    const action =
      perm?.createParam && (request.params as Record<string, string>)[perm.createParam] === 'new'
        ? 'create'
        : perm?.action
    if (perm && action && !grantOf(p, perm.area, action)) {
      if (p.kind !== 'member') throw new HttpError(401, 'This needs a signed-in user with the right role.')
      throw new HttpError(
        403,
        perm.message ?? `Your role (${p.member.role}) may not ${action} ${perm.area} in this account.`,
      )
    }
    request.scope = route
      ? await scopeOf(db, owners, epochOf, route, request.params as Record<string, string>, p)
      : { accountUuid: null, teamUuid: null }
  })
}

export function isSysadmin(p: Principal): boolean {
  return p.kind === 'member' && p.member.sysadmin
}
