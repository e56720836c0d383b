// Notifications over HTTP (issue 16; spec accounts-and-api §7 "Notifications"): the account's channels
// (secrets sealed for their origin and never answered), rules, delivery log and channel tests; the spec's
// notify_test, send_email and config; one-click unsubscribe. §6 permissions are in the contract (route
// walk); a rule or channel names only teams and channels of its own account.
import {
  type ChannelBody,
  type NotificationChannel,
  type NotificationDelivery,
  type NotificationRule,
  notificationMessages,
  type RuleBody,
  routes,
} from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import type { OutboundClient } from '../http-client'
import { originOf, sealSecretFor } from '../integrations/stored-secret'
import { newUuid } from '../services/secrets'
import { SLACK_API } from './channels/slack'
import {
  deleteChannel,
  deleteRule,
  findChannel,
  findRule,
  listChannels,
  listRules,
  memberEmails,
  type StoredChannel,
  type StoredRule,
  saveChannel,
  saveRule,
  teamInAccount,
  unsubscribe,
} from './channels.repo'
import { type DeliveryRow, listDeliveries } from './deliveries.repo'
import type { Payload } from './message'
import { channelDeps, readUnsubscribeToken, secretKeyOf, sendNow } from './notify.service'

export function presentChannel(c: StoredChannel): NotificationChannel {
  return {
    uuid: c.uuid,
    kind: c.kind,
    name: c.name,
    teamUuid: c.teamUuid,
    settings: c.settings,
    secretSet: c.secret !== null,
    createdAt: c.createdAt.toISOString(),
  }
}

export function presentRule(r: StoredRule): NotificationRule {
  return {
    uuid: r.uuid,
    name: r.name,
    enabled: r.enabled,
    teamUuid: r.teamUuid,
    events: r.events,
    minSeverity: r.minSeverity,
    epssThreshold: r.epssThreshold,
    projects: r.projects,
    channelUuid: r.channelUuid,
    mode: r.mode,
    createdAt: r.createdAt.toISOString(),
  }
}

function presentDelivery(d: DeliveryRow): NotificationDelivery {
  return {
    uuid: d.uuid,
    ruleUuid: d.rule_uuid,
    channelUuid: d.channel_uuid,
    channelKind: d.channel_kind,
    projectUuid: d.project_uuid,
    reportUuid: d.report_uuid,
    status: d.status,
    items: d.items,
    attempts: d.attempts,
    lastError: d.last_error,
    createdAt: new Date(d.created_at).toISOString(),
    sentAt: d.sent_at ? new Date(d.sent_at).toISOString() : null,
    log: d.log.map((l) => ({ at: new Date(l.at).toISOString(), ok: l.ok, detail: l.detail })),
  }
}

/**
 * The stored form of a channel body: what may be answered in `settings`, the secret sealed for the URL
 * it goes to. A secret left out is kept only when the stored one belongs to the same origin (the rule
 * of integrations/stored-secret.ts: never re-aimed at another host).
 */
function storedSecret(
  key: Buffer,
  previous: StoredChannel | null,
  given: string | undefined,
  target: string,
  field: string,
): { sealed: string; url: string } {
  if (given) return { sealed: sealSecretFor(key, given, target), url: target }
  const kept = previous?.secret
  if (kept && originOf(kept.url) !== null && originOf(kept.url) === originOf(target))
    return { ...kept, url: target }
  throw new HttpError(400, notificationMessages.secretNeeded(field))
}

function channelFrom(
  key: Buffer,
  accountUuid: string,
  uuid: string,
  body: ChannelBody,
  previous: StoredChannel | null,
): Omit<StoredChannel, 'createdAt'> {
  const base = { uuid, accountUuid, teamUuid: body.teamUuid ?? null, kind: body.kind, name: body.name }
  const same = previous?.kind === body.kind ? previous : null
  if (body.kind === 'email') return { ...base, settings: { recipients: body.recipients }, secret: null }
  if (body.kind === 'webhook')
    return {
      ...base,
      settings: { url: body.url },
      secret: storedSecret(key, same, body.secret, body.url, 'secret'),
    }
  if (body.mode === 'webhook') {
    const kept = same?.settings.mode === 'webhook' ? same : null
    const url = body.webhookUrl ?? kept?.secret?.url
    if (!url) throw new HttpError(400, notificationMessages.secretNeeded('webhookUrl'))
    // The webhook URL is the secret itself: it is kept sealed only, and the stored URL it belongs to is
    // its origin, so no plain column holds its path (migration 116 strips rows stored before).
    return {
      ...base,
      settings: { mode: 'webhook' },
      secret: storedSecret(key, kept, body.webhookUrl, originOf(url) ?? url, 'webhookUrl'),
    }
  }
  if (!body.channel) throw new HttpError(400, 'channel: the Slack channel id or #name a bot posts in.')
  const apiUrl = (body.apiUrl ?? SLACK_API).replace(/\/+$/, '')
  const kept = same?.settings.mode === 'bot' ? same : null
  return {
    ...base,
    settings: { mode: 'bot', channel: body.channel, apiUrl },
    secret: storedSecret(key, kept, body.token, `${apiUrl}/chat.postMessage`, 'token'),
  }
}

export function notificationRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  outbound: OutboundClient,
): void {
  const accountOf = (scope: { accountUuid: string | null }) => {
    if (!scope.accountUuid) throw new Error('notification routes need the account scope')
    return scope.accountUuid
  }
  const deps = async () => channelDeps(db, config, outbound, await secretKeyOf(db, config))

  async function checkTeam(accountUuid: string, teamUuid: string | null | undefined) {
    if (teamUuid && !(await teamInAccount(db, accountUuid, teamUuid)))
      throw new HttpError(400, notificationMessages.unknownTeam(teamUuid))
  }

  async function checkRecipients(accountUuid: string, recipients: readonly string[]) {
    const members = new Set(await memberEmails(db, accountUuid, recipients))
    const outside = recipients.filter((r) => !members.has(r.toLowerCase()))
    if (outside.length > 0)
      throw new HttpError(400, `${notificationMessages.recipients} Not members: ${outside.join(', ')}.`)
  }

  async function store(accountUuid: string, uuid: string, body: ChannelBody, previous: StoredChannel | null) {
    await checkTeam(accountUuid, body.teamUuid)
    if (body.kind === 'email') await checkRecipients(accountUuid, body.recipients)
    return presentChannel(
      await saveChannel(db, channelFrom(await secretKeyOf(db, config), accountUuid, uuid, body, previous)),
    )
  }

  async function send(channels: readonly StoredChannel[], payload: Payload) {
    const d = await deps()
    const failed: { channelUuid: string | null; reason: string }[] = []
    let sent = 0
    for (const channel of channels) {
      const outcome = await sendNow(d, config, channel, payload, newUuid())
      if (outcome.ok) sent++
      else failed.push({ channelUuid: channel.uuid, reason: outcome.detail })
    }
    return { sent, failed }
  }

  bindRoute(app, routes.notificationChannelList, async ({ request }) =>
    (await listChannels(db, accountOf(request.scope))).map(presentChannel),
  )
  bindRoute(app, routes.notificationChannelCreate, async ({ request, body }) =>
    store(accountOf(request.scope), newUuid(), body, null),
  )
  bindRoute(app, routes.notificationChannelUpdate, async ({ request, params, body }) => {
    const account = accountOf(request.scope)
    const previous = await findChannel(db, account, params.channelId).catch(() => null)
    if (!previous) throw new HttpError(404, notificationMessages.unknownChannel(params.channelId))
    return store(account, previous.uuid, body, previous)
  })
  bindRoute(app, routes.notificationChannelDelete, async ({ request, params }) => {
    const account = accountOf(request.scope)
    if (!(await findChannel(db, account, params.channelId).catch(() => null)))
      throw new HttpError(404, notificationMessages.unknownChannel(params.channelId))
    return { deleted: await deleteChannel(db, account, params.channelId) }
  })
  bindRoute(app, routes.notificationChannelTest, async ({ request, params }) => {
    const channel = await findChannel(db, accountOf(request.scope), params.channelId).catch(() => null)
    if (!channel) throw new HttpError(404, notificationMessages.unknownChannel(params.channelId))
    return send([channel], { kind: 'test', channel: channel.name })
  })

  bindRoute(app, routes.notificationRuleList, async ({ request }) =>
    (await listRules(db, accountOf(request.scope))).map(presentRule),
  )
  async function storeRule(accountUuid: string, uuid: string, body: RuleBody) {
    await checkTeam(accountUuid, body.teamUuid)
    if (!(await findChannel(db, accountUuid, body.channelUuid)))
      throw new HttpError(400, notificationMessages.unknownChannel(body.channelUuid))
    return presentRule(await saveRule(db, { ...body, uuid, accountUuid, teamUuid: body.teamUuid ?? null }))
  }
  bindRoute(app, routes.notificationRuleCreate, async ({ request, body }) =>
    storeRule(accountOf(request.scope), newUuid(), body),
  )
  bindRoute(app, routes.notificationRuleUpdate, async ({ request, params, body }) => {
    const account = accountOf(request.scope)
    const previous = await findRule(db, account, params.ruleId).catch(() => null)
    if (!previous) throw new HttpError(404, notificationMessages.unknownRule(params.ruleId))
    return storeRule(account, previous.uuid, body)
  })
  bindRoute(app, routes.notificationRuleDelete, async ({ request, params }) => {
    const account = accountOf(request.scope)
    if (!(await findRule(db, account, params.ruleId).catch(() => null)))
      throw new HttpError(404, notificationMessages.unknownRule(params.ruleId))
    return { deleted: await deleteRule(db, account, params.ruleId) }
  })
  bindRoute(app, routes.notificationDeliveries, async ({ request, query }) =>
    (await listDeliveries(db, accountOf(request.scope), query.limit, query.status ?? null)).map(
      presentDelivery,
    ),
  )

  // The spec's calls (§7 "Notifications"), on the caller's own account
  bindRoute(app, routes.notifyTest, async ({ request, query }) => {
    const account = request.principal.account.uuid
    await checkTeam(account, query.team)
    const channels = (await listChannels(db, account, query.type)).filter(
      (c) => !query.team || c.teamUuid === query.team,
    )
    if (channels.length === 0) throw new HttpError(404, notificationMessages.noChannel(query.type))
    return send(channels, { kind: 'test', channel: query.type })
  })
  bindRoute(app, routes.sendEmail, async ({ request, body }) => {
    const account = request.principal.account.uuid
    await checkRecipients(account, body.recepients)
    // a channel of its own, never stored: the unsubscribe link names no channel that exists
    const channel: StoredChannel = {
      uuid: newUuid(),
      accountUuid: account,
      teamUuid: null,
      kind: 'email',
      name: 'send_email',
      settings: { recipients: body.recepients },
      secret: null,
      createdAt: new Date(),
    }
    return send([channel], { kind: 'email', subject: body.subject, content: body.content })
  })
  bindRoute(app, routes.notificationConfig, async ({ request }) => {
    const account = request.principal.account.uuid
    const [channels, rules] = await Promise.all([listChannels(db, account), listRules(db, account)])
    return {
      accountUuid: account,
      smtp: config.smtpUrl !== null,
      channels: channels.map(presentChannel),
      rules: rules.map(presentRule),
    }
  })

  const unsubscribeHandler = async ({ query }: { query: { token: string } }) => {
    const read = readUnsubscribeToken(await secretKeyOf(db, config), query.token)
    if (!read) throw new HttpError(400, 'token: this unsubscribe link is not valid.')
    return { ...read, unsubscribed: await unsubscribe(db, read.channelUuid, read.email) }
  }
  bindRoute(app, routes.notificationUnsubscribe, unsubscribeHandler)
  bindRoute(app, routes.notificationUnsubscribeLink, unsubscribeHandler)
}
