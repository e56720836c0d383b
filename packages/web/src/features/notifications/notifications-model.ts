// The notifications screen's forms and labels (issue 16 "Screens"; spec accounts-and-api §7
// "Notifications"): a channel or rule form to the contract's body and back, and the words shown for
// events, project selections, channel targets and delivery states. Secrets are never read back: an
// empty secret field on a change means "keep the stored one" (the server keeps it for the same origin).
import type {
  ChannelKind,
  NotificationChannel,
  NotificationDelivery,
  NotificationEvent,
} from '@sextant/contract'
import type { ChannelInput } from '@sextant/sdk'

export const eventLabels: Record<NotificationEvent, string> = {
  'new-finding': 'New finding',
  'new-critical-high': 'New critical or high finding',
  kev: 'Newly exploited (KEV)',
  epss: 'EPSS above a threshold',
  'outcome-fail': 'Outcome PASS → FAIL',
  'licence-violation': 'Licence policy violation',
  'analysis-failed': 'Analysis failed',
}

export const kindLabels: Record<ChannelKind, string> = { email: 'E-mail', slack: 'Slack', webhook: 'Webhook' }

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const
export type MinSeverity = (typeof SEVERITIES)[number]

export type Checked<T> = { ok: true; body: T } | { ok: false; message: string }

export interface ChannelForm {
  kind: ChannelKind
  name: string
  /** '' for the whole account. */
  teamUuid: string
  recipients: string
  slackMode: 'webhook' | 'bot'
  slackChannel: string
  apiUrl: string
  /** Secrets: empty means "keep the stored one" on a change. */
  webhookUrl: string
  token: string
  url: string
  secret: string
}

export function emptyChannelForm(kind: ChannelKind = 'webhook'): ChannelForm {
  return {
    kind,
    name: '',
    teamUuid: '',
    recipients: '',
    slackMode: 'webhook',
    slackChannel: '',
    apiUrl: '',
    webhookUrl: '',
    token: '',
    url: '',
    secret: '',
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

export function channelFormOf(c: NotificationChannel): ChannelForm {
  const s = c.settings
  return {
    ...emptyChannelForm(c.kind),
    name: c.name,
    teamUuid: c.teamUuid ?? '',
    recipients: Array.isArray(s.recipients)
      ? s.recipients.filter((r) => typeof r === 'string').join(', ')
      : '',
    slackMode: s.mode === 'bot' ? 'bot' : 'webhook',
    slackChannel: text(s.channel),
    apiUrl: text(s.apiUrl),
    url: text(s.url),
  }
}

export function splitList(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((v) => v.trim())
    .filter((v) => v !== '')
}

/** The body to send; `stored` is the channel being changed (its secret may be kept). */
export function channelBody(f: ChannelForm, stored: NotificationChannel | null): Checked<ChannelInput> {
  const name = f.name.trim()
  if (!name) return { ok: false, message: 'Give the channel a name.' }
  const team = f.teamUuid ? { teamUuid: f.teamUuid } : {}
  const keeps = stored !== null && stored.kind === f.kind && stored.secretSet
  if (f.kind === 'email') {
    const recipients = splitList(f.recipients)
    if (recipients.length === 0) return { ok: false, message: 'Give at least one recipient e-mail address.' }
    return { ok: true, body: { kind: 'email', name, ...team, recipients } }
  }
  if (f.kind === 'webhook') {
    if (!f.url.trim()) return { ok: false, message: 'Give the URL the webhook posts to.' }
    if (!f.secret && !keeps) return { ok: false, message: 'Give a signing secret (at least 16 characters).' }
    return {
      ok: true,
      body: { kind: 'webhook', name, ...team, url: f.url.trim(), ...(f.secret ? { secret: f.secret } : {}) },
    }
  }
  const sameMode = keeps && stored.settings.mode === f.slackMode
  if (f.slackMode === 'webhook') {
    if (!f.webhookUrl.trim() && !sameMode)
      return { ok: false, message: 'Give the Slack incoming-webhook URL.' }
    return {
      ok: true,
      body: {
        kind: 'slack',
        name,
        ...team,
        mode: 'webhook',
        ...(f.webhookUrl.trim() ? { webhookUrl: f.webhookUrl.trim() } : {}),
      },
    }
  }
  if (!f.slackChannel.trim())
    return { ok: false, message: 'Give the Slack channel id or #name the bot posts in.' }
  if (!f.token.trim() && !sameMode) return { ok: false, message: 'Give the bot token (xoxb-…).' }
  return {
    ok: true,
    body: {
      kind: 'slack',
      name,
      ...team,
      mode: 'bot',
      channel: f.slackChannel.trim(),
      ...(f.apiUrl.trim() ? { apiUrl: f.apiUrl.trim() } : {}),
      ...(f.token.trim() ? { token: f.token.trim() } : {}),
    },
  }
}

/** Where a channel sends, without its secret. */
export function channelTarget(c: NotificationChannel): string {
  const s = c.settings
  if (c.kind === 'email') return Array.isArray(s.recipients) ? s.recipients.join(', ') : ''
  if (c.kind === 'webhook') return text(s.url)
  return s.mode === 'bot' ? `Bot in ${text(s.channel)}` : 'Incoming webhook'
}

export const deliveryStatusLabels: Record<NotificationDelivery['status'], { label: string; color: string }> =
  {
    pending: { label: 'Waiting to send', color: 'gray' },
    sending: { label: 'Sending', color: 'yellow' },
    sent: { label: 'Sent', color: 'green' },
    failed: { label: 'Failed', color: 'red' },
    digest: { label: 'Digest', color: 'blue' },
    digested: { label: 'Sent in a digest', color: 'green' },
    held: { label: 'Waiting for the daily digest', color: 'blue' },
  }

/** Why a delivery failed: the last error, else the last failed attempt's detail. */
export function failureReason(d: NotificationDelivery): string | null {
  if (d.lastError) return d.lastError
  const failed = [...d.log].reverse().find((l) => !l.ok)
  return failed ? failed.detail : null
}
