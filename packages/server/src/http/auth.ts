// Who is calling and may they (DESIGN §5 "Auth", spec accounts-and-api §6): `Authorization: Bearer <access
// token>`, `Authorization: Token <api token>`, or no header = the default anonymous account. Resolved once
// per request; then the route's §6 permission (http/permissions.ts) and its account/team scope are
// checked here, in one place, before any handler runs. Another account's uuid answers 404, never data.
import { type RouteDef, routes } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/connection'
import {
  type AccountRecord,
  DEFAULT_ACCOUNT_UUID,
  findAccount,
  findMemberByApiToken,
  findMemberBySession,
  type MemberRecord,
} from '../services/identity.repo'
import { digestToken } from '../services/secrets'
import { HttpError } from './errors'
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

// Token → principal for a few seconds: an authorised request costs no query while it is warm.
// Revocation in this process (logout, token revoke, member or account change) empties the entry or the
// cache at once; another process of a scaled deployment notices within CACHE_TTL_MS (5 s).
const CACHE_TTL_MS = 5_000
const CACHE_MAX = 10_000
type PrincipalCache = Map<string, { principal: Principal; until: number }>
/**
 * Owners the scope check found, for the same TTL: a system administrator's account in the path
 * (uuid → itself) and a team's account (team uuid → account uuid). A team never changes account; a
 * deleted account or team empties these at once in this process (forgetAllPrincipals) and its handler
 * answers 404 anyway, so a warm authorised request costs no query at all.
 */
type OwnerCache = Map<string, { owner: string; until: number }>
interface AppCaches {
  principals: PrincipalCache
  owners: OwnerCache
}
// One cache per app (each app has its own database: tests run several in one process); a change
// empties the entry in every cache of this process.
const caches = new Set<AppCaches>()

export function forgetPrincipal(digest: string): void {
  for (const cache of caches) cache.principals.delete(digest)
}
export function forgetAllPrincipals(): void {
  for (const cache of caches) {
    cache.principals.clear()
    cache.owners.clear()
  }
}

async function cachedOwner(
  owners: OwnerCache,
  key: string,
  find: () => Promise<string | null>,
): Promise<string | null> {
  const hit = owners.get(key)
  if (hit && hit.until > Date.now()) return hit.owner
  const owner = await find()
  if (owner) {
    if (owners.size >= CACHE_MAX) owners.clear()
    owners.set(key, { owner, until: Date.now() + CACHE_TTL_MS })
  } else owners.delete(key)
  return owner
}

async function lookUp(
  db: Db,
  cache: PrincipalCache,
  kind: 'bearer' | 'token',
  digest: string,
): Promise<Principal | null> {
  const hit = cache.get(digest)
  if (hit && hit.until > Date.now()) return hit.principal
  let principal: Principal | null = null
  if (kind === 'bearer') {
    const s = await findMemberBySession(db, digest)
    if (s) {
      const session = { uuid: s.sessionUuid, digest, mfaPending: s.mfaPending }
      principal = { kind: 'member', member: s, account: s.account, session }
      // Never cache past the session's own expiry.
      const until = Math.min(Date.now() + CACHE_TTL_MS, s.expiresAt.getTime())
      if (cache.size >= CACHE_MAX) cache.clear()
      cache.set(digest, { principal, until })
      return principal
    }
  } else {
    const m = await findMemberByApiToken(db, digest)
    if (m) principal = { kind: 'member', member: m, account: m.account, session: null }
  }
  if (principal) {
    if (cache.size >= CACHE_MAX) cache.clear()
    cache.set(digest, { principal, until: Date.now() + CACHE_TTL_MS })
  } else cache.delete(digest)
  return principal
}

async function resolve(
  db: Db,
  cache: PrincipalCache,
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
  const principal = await lookUp(db, cache, kind, digestToken(secret))
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
        (await cachedOwner(owners, `account:${uuid}`, async () =>
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
    const owner = await cachedOwner(owners, `team:${id.toLowerCase()}`, async () => {
      const { rows } = await db.query<{ account_uuid: string }>(
        'SELECT account_uuid FROM teams WHERE uuid = $1',
        [id],
      )
      return rows[0]?.account_uuid ?? null
    })
    if (!owner || (owner !== p.account.uuid && !sysadmin)) throw missing
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
  const appCaches: AppCaches = { principals: new Map(), owners: new Map() }
  const cache = appCaches.principals
  caches.add(appCaches)
  app.addHook('onClose', async () => {
    caches.delete(appCaches)
  })
  app.decorateRequest('principal')
  app.decorateRequest('scope')
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access
    if (!access || access === 'public') return
    defaultAccount ??= await findAccount(db, DEFAULT_ACCOUNT_UUID)
    if (!defaultAccount)
      throw new Error('The default account is missing: migrations or bootstrap did not run.')
    const p = await resolve(db, cache, request.headers.authorization, defaultAccount)
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
    if (perm && !grantOf(p, perm.area, perm.action)) {
      if (p.kind !== 'member') throw new HttpError(401, 'This needs a signed-in user with the right role.')
      throw new HttpError(
        403,
        perm.message ?? `Your role (${p.member.role}) may not ${perm.action} ${perm.area} in this account.`,
      )
    }
    request.scope = route
      ? await scopeOf(db, appCaches.owners, route, request.params as Record<string, string>, p)
      : { accountUuid: null, teamUuid: null }
  })
}

export function isSysadmin(p: Principal): boolean {
  return p.kind === 'member' && p.member.sysadmin
}
