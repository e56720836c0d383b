// A member's own alert e-mails (issue 16 "a per-user alert subscription in account settings"): the e-mail
// channels of the caller's account that list the caller's address, with whether the address still gets
// them and the rules (immediate or daily digest) sending through each; stopping or resuming one is what
// the e-mail's signed unsubscribe link does, for the signed-in caller's own address only.
import { type AlertSubscription, routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import type { Principal } from '../http/auth'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import {
  emailChannelsOf,
  isUnsubscribed,
  listRules,
  resubscribe,
  type StoredChannel,
  type StoredRule,
  unsubscribe,
} from './channels.repo'

async function present(
  db: Db,
  channel: StoredChannel,
  rules: readonly StoredRule[],
  email: string,
): Promise<AlertSubscription> {
  return {
    channelUuid: channel.uuid,
    name: channel.name,
    teamUuid: channel.teamUuid,
    email,
    subscribed: !(await isUnsubscribed(db, channel.uuid, email)),
    rules: rules
      .filter((r) => r.channelUuid === channel.uuid)
      .map((r) => ({ name: r.name, mode: r.mode, enabled: r.enabled })),
  }
}

export function subscriptionRoutes(app: FastifyInstance, db: Db): void {
  const caller = (principal: Principal) => {
    if (principal.kind !== 'member') throw new HttpError(401, 'Not signed in.')
    return { email: principal.member.email, account: principal.account }
  }

  bindRoute(app, routes.mySubscriptions, async ({ request }) => {
    const me = caller(request.principal)
    const [channels, rules] = await Promise.all([
      emailChannelsOf(db, me.account.uuid, me.email),
      listRules(db, me.account.uuid),
    ])
    return Promise.all(channels.map((c) => present(db, c, rules, me.email)))
  })

  bindRoute(app, routes.mySubscriptionSet, async ({ request, params, body }) => {
    const me = caller(request.principal)
    const channel = (await emailChannelsOf(db, me.account.uuid, me.email)).find(
      (c) => c.uuid === params.channelId,
    )
    if (!channel)
      throw new HttpError(
        404,
        `No alert e-mail channel ${params.channelId} sends to ${me.email} in this account.`,
      )
    if (body.subscribed) await resubscribe(db, channel.uuid, me.email)
    else await unsubscribe(db, channel.uuid, me.email)
    return present(db, channel, await listRules(db, me.account.uuid), me.email)
  })
}
