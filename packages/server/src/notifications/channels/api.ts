// The notification channels (issue 16 "Channels"), one file each, listed here: e-mail (SMTP through
// nodemailer), Slack (incoming webhook or chat.postMessage) and signed generic webhooks. Every one reaches
// the network only through the outbound client; an address a user chose is held to the SSRF rules
// (DESIGN §7) unless the operator allows private integrations. A send answers a value: sent, or failed
// with a reason and whether trying again may help.
import type { ChannelKind } from '@sextant/contract'
import type { OutboundClient } from '../../http-client'
import type { StoredChannel } from '../channels.repo'
import type { Rendered } from '../message'
import { sendEmail } from './email'
import { sendSlack } from './slack'
import { sendWebhook } from './webhook'

/** `delivered`: recipients reached by this attempt (e-mail), kept so a retry does not send to them again. */
export type SendOutcome =
  | { ok: true; detail: string; delivered?: string[] }
  | { ok: false; detail: string; retry: boolean; delivered?: string[] }

export interface ChannelDeps {
  outbound: OutboundClient
  /** Opens the channel's stored secret for `target` only (integrations/stored-secret.ts). */
  secretFor(channel: StoredChannel, target: string, field: string): Promise<string | { problem: string }>
  allowPrivate: boolean
  smtpUrl: string | null
  mailFrom: string
  /** The signed one-click unsubscribe link of one address of one channel. */
  unsubscribeUrl(channel: StoredChannel, email: string): string
  /** Addresses that unsubscribed from the channel. */
  unsubscribed(channel: StoredChannel): Promise<Set<string>>
  timeoutMs: number
}

export interface SendRequest {
  channel: StoredChannel
  rendered: Rendered
  /** The delivery's uuid: the webhook's X-Sextant-Delivery, idempotency for receivers. */
  deliveryUuid: string
  event: string
  /** Recipients earlier attempts reached. */
  delivered: readonly string[]
}

export type ChannelSender = (request: SendRequest, deps: ChannelDeps) => Promise<SendOutcome>

export const channelSenders: Record<ChannelKind, ChannelSender> = {
  email: sendEmail,
  slack: sendSlack,
  webhook: sendWebhook,
}

/** Statuses worth another attempt: time-outs, rate limits and server errors. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

export const reachOf = (deps: ChannelDeps) =>
  ({
    reach: deps.allowPrivate ? 'any' : 'public',
    allowedBy: 'SEXTANT_ALLOW_PRIVATE_INTEGRATIONS=true',
  }) as const
