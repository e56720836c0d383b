// Sending one notification (issue 16): the channel deps of a process (outbound client, the stored-secret
// rule, SMTP, signed unsubscribe links) and one attempt at a delivery, recorded in the delivery log.
// Used by the send job, the channel test and the spec's notify_test and send_email calls.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import type { OutboundClient } from '../http-client'
import { secretForTarget } from '../integrations/stored-secret'
import { loadSecretKey } from '../services/secrets'
import { type ChannelDeps, channelSenders, type SendOutcome } from './channels/api'
import { findChannel, type StoredChannel, unsubscribedOf } from './channels.repo'
import { claimDelivery, endAttempt } from './deliveries.repo'
import { type Payload, render } from './message'

const keys = new WeakMap<Db, Promise<Buffer>>()
/** The server's secret key (services/secrets.ts), loaded once per database handle. */
export function secretKeyOf(db: Db, config: Config): Promise<Buffer> {
  let key = keys.get(db)
  if (!key) {
    key = loadSecretKey(db, config.secretKey)
    keys.set(db, key)
  }
  return key
}

function unsubscribeMac(key: Buffer, channelUuid: string, email: string): Buffer {
  return createHmac('sha256', key)
    .update(`unsubscribe\u0000${channelUuid}\u0000${email.toLowerCase()}`)
    .digest()
}

/** `<channel>.<base64url e-mail>.<base64url HMAC>`: names one address of one channel, unforgeable. */
export function unsubscribeToken(key: Buffer, channelUuid: string, email: string): string {
  const mac = unsubscribeMac(key, channelUuid, email).toString('base64url')
  return `${channelUuid}.${Buffer.from(email.toLowerCase()).toString('base64url')}.${mac}`
}

export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { channelUuid: string; email: string } | null {
  const [channelUuid, email64, mac64, ...rest] = token.split('.')
  if (!channelUuid || !email64 || !mac64 || rest.length > 0) return null
  const email = Buffer.from(email64, 'base64url').toString('utf8')
  const want = unsubscribeMac(key, channelUuid, email)
  const got = Buffer.from(mac64, 'base64url')
  return got.length === want.length && timingSafeEqual(got, want) ? { channelUuid, email } : null
}

export function channelDeps(db: Db, config: Config, outbound: OutboundClient, key: Buffer): ChannelDeps {
  return {
    outbound,
    async secretFor(channel: StoredChannel, target: string, field: string) {
      const choice = secretForTarget(key, channel.secret, target, undefined, field)
      return choice.ok ? choice.secret : { problem: choice.message }
    },
    allowPrivate: config.allowPrivateIntegrations,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    unsubscribeUrl: (channel, email) =>
      `${config.notify.publicUrl}/api/v1/notifications/unsubscribe?token=${unsubscribeToken(key, channel.uuid, email)}`,
    unsubscribed: (channel) => unsubscribedOf(db, channel.uuid),
    timeoutMs: config.jiraTimeoutMs,
  }
}

/** One send of `payload` through `channel`, outside the delivery log (tests of a channel). */
export async function sendNow(
  deps: ChannelDeps,
  config: Config,
  channel: StoredChannel,
  payload: Payload,
  deliveryUuid: string,
  delivered: readonly string[] = [],
): Promise<SendOutcome> {
  try {
    return await channelSenders[channel.kind](
      {
        channel,
        rendered: render(payload, config.notify.publicUrl),
        deliveryUuid,
        event: payload.kind,
        delivered,
      },
      deps,
    )
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error), retry: true }
  }
}

export type AttemptResult = 'sent' | 'failed' | 'retry' | 'skipped'

/**
 * One attempt at a stored delivery: claimed first (so two processes or a redelivered job never send it
 * twice), then sent and logged. 'retry': the caller lets the job queue try again after its back-off;
 * the last allowed attempt ends 'failed' with the reason.
 */
export async function attemptDelivery(
  db: Db,
  config: Config,
  deps: ChannelDeps,
  deliveryUuid: string,
): Promise<{ result: AttemptResult; detail: string }> {
  const claimed = await claimDelivery(db, deliveryUuid, 10)
  if (!claimed) return { result: 'skipped', detail: 'not pending' }
  const channel = claimed.channel_uuid
    ? await findChannel(db, claimed.account_uuid, claimed.channel_uuid)
    : null
  if (!channel) {
    const detail = 'The channel was removed before the alert could be sent.'
    await endAttempt(db, deliveryUuid, claimed.attempts, { status: 'failed', ok: false, detail })
    return { result: 'failed', detail }
  }
  const outcome = await sendNow(
    deps,
    config,
    channel,
    claimed.payload as Payload,
    deliveryUuid,
    claimed.delivered,
  )
  const delivered = outcome.delivered ?? []
  if (outcome.ok) {
    await endAttempt(db, deliveryUuid, claimed.attempts, {
      status: 'sent',
      ok: true,
      detail: outcome.detail,
      delivered,
    })
    return { result: 'sent', detail: outcome.detail }
  }
  const last = !outcome.retry || claimed.attempts >= config.notify.attempts
  const detail =
    last && outcome.retry ? `${outcome.detail} (gave up after ${claimed.attempts} attempts)` : outcome.detail
  await endAttempt(db, deliveryUuid, claimed.attempts, {
    status: last ? 'failed' : 'pending',
    ok: false,
    detail,
    delivered,
  })
  return { result: last ? 'failed' : 'retry', detail }
}
