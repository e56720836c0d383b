// Who is calling (DESIGN §5 "Auth"): `Authorization: Bearer <access token>`, `Authorization: Token <api token>`,
// or no header = the default anonymous account (spec accounts-and-api §6). Resolved once per request.
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

export type Principal =
  | { kind: 'anonymous'; account: AccountRecord }
  | { kind: 'member'; member: MemberRecord; account: AccountRecord }

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal
  }
  interface FastifyContextConfig {
    access?: 'public' | 'anonymous' | 'member'
  }
}

async function resolve(
  db: Db,
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
  const kind = match[1]!.toLowerCase()
  const secret = kind === 'token' ? match[2]!.toLowerCase() : match[2]!
  const digest = digestToken(secret)
  const member =
    kind === 'bearer' ? await findMemberBySession(db, digest) : await findMemberByApiToken(db, digest)
  if (!member) {
    throw new HttpError(
      401,
      kind === 'bearer'
        ? 'The access token is invalid or has expired: sign in again.'
        : 'The API token is invalid, expired or revoked.',
    )
  }
  return { kind: 'member', member, account: member.account }
}

export function installAuth(app: FastifyInstance, db: Db): void {
  let defaultAccount: AccountRecord | null = null
  app.decorateRequest('principal')
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access
    if (!access || access === 'public') return
    defaultAccount ??= await findAccount(db, DEFAULT_ACCOUNT_UUID)
    if (!defaultAccount)
      throw new Error('The default account is missing: migrations or bootstrap did not run.')
    request.principal = await resolve(db, request.headers.authorization, defaultAccount)
    if (access === 'member' && request.principal.kind !== 'member') {
      throw new HttpError(
        401,
        'This needs a signed-in user: send Authorization: Bearer <access token> or Token <api token>.',
      )
    }
  })
}

export function isSysadmin(p: Principal): boolean {
  return p.kind === 'member' && p.member.sysadmin
}
