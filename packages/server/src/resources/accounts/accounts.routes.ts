// Accounts (spec accounts-and-api §7 Accounts; §5 validation): GET/POST /api/v1/accounts, POST/DELETE
// /api/v1/accounts/{uuid} (?check=), activation, properties (experimental, autogroupings, generic),
// payg tokens and configuration. Account scope and role were checked by http/auth.ts.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { isSysadmin } from '../../http/auth'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { findAccount } from '../../services/identity.repo'
import { sendPasswordReset } from '../credentials/credentials.service'
import { type MailTransport, mailTransportFor, publicUrl } from '../credentials/mail'
import { presentAccount } from '../identity.routes'
import { scopedAccount } from '../members/members.routes'
import {
  createAccount,
  deleteAccount,
  listAccounts,
  paygTokens,
  presentSummary,
  setAccountActive,
  updateAccount,
} from './accounts.repo'
import { readConfiguration, writeConfiguration } from './configuration'
import { readProperty, setProperty } from './properties'

export function accountRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  mail: MailTransport = mailTransportFor(config, app.log),
): void {
  async function account(uuid: string) {
    const found = await findAccount(db, uuid)
    if (!found) throw new HttpError(404, `There is no account ${uuid}.`)
    return found
  }

  bindRoute(app, routes.accountList, async ({ query, request }) => {
    const p = request.principal
    const q = query.q?.trim()
    let email: string | null = null
    if (q) {
      const match = /^member_email=(.+)$/.exec(q)
      if (!match) throw new HttpError(400, 'Search with ?q=member_email={email}.')
      email = match[1]!.trim()
    }
    const user = p.kind === 'member' && !p.member.sysadmin ? p.member.userUuid : null
    return (await listAccounts(db, user, email)).map(presentSummary)
  })

  bindRoute(app, routes.accountCreate, async ({ body }) => {
    const { uuid, newUser } = await createAccount(db, body.name, body.email)
    if (newUser) await sendPasswordReset(db, mail, body.email, publicUrl(app.server.address(), config))
    return presentSummary(await account(uuid))
  })

  bindRoute(app, routes.accountUpdate, async ({ body, request }) => {
    const uuid = scopedAccount(request)
    await updateAccount(db, uuid, { name: body.name ?? null, email: body.email ?? null })
    return presentAccount(await account(uuid), request.principal)
  })

  bindRoute(app, routes.accountDelete, async ({ query, request }) => {
    const target = await account(scopedAccount(request))
    if (target.isDefault) throw new HttpError(409, 'The default (public) account cannot be deleted.')
    if (query.check?.trim() !== target.name)
      throw new HttpError(
        400,
        `To delete the account with all its projects, repeat its name in ?check= (${target.name}).`,
      )
    await deleteAccount(db, target.uuid)
    return { message: `The account ${target.name} and everything in it were deleted.` }
  })

  bindRoute(app, routes.accountActivation, async ({ query, request }) => {
    const target = await account(scopedAccount(request))
    if (target.isDefault) throw new HttpError(409, 'The default (public) account is always active.')
    if (
      query.active === 'false' &&
      target.uuid === request.principal.account.uuid &&
      !isSysadmin(request.principal)
    )
      throw new HttpError(409, 'Disabling your own account would lock you out: ask a system administrator.')
    await setAccountActive(db, target.uuid, query.active === 'true')
    return presentSummary(await account(target.uuid))
  })

  for (const [route, name] of [
    [routes.accountExperimental, 'experimental'],
    [routes.accountAutogroupings, 'autogroupings'],
  ] as const) {
    bindRoute(app, route, async ({ body, request }) =>
      orThrow(await setProperty(db, 'accounts', scopedAccount(request), name, body)),
    )
  }
  bindRoute(app, routes.accountPropertyGet, async ({ params, request }) =>
    orThrow(await readProperty(db, 'accounts', scopedAccount(request), params.name)),
  )
  bindRoute(app, routes.accountPropertySet, async ({ params, body, request }) =>
    orThrow(await setProperty(db, 'accounts', scopedAccount(request), params.name, body)),
  )

  bindRoute(app, routes.accountPayg, async ({ request }) => ({
    tokens: await paygTokens(db, scopedAccount(request)),
  }))

  bindRoute(app, routes.accountConfigurationGet, async ({ request }) =>
    readConfiguration(db, scopedAccount(request)),
  )
  bindRoute(app, routes.accountConfigurationSet, async ({ body, request }) =>
    writeConfiguration(db, scopedAccount(request), body),
  )
}
