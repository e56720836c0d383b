// Notifications (issue 16; spec accounts-and-api §3 "Notification", §7 "Notifications"): channels an
// account sends alerts through (e-mail, Slack, signed webhooks), rules saying which events of which
// projects go to which channel, immediately or in a daily digest, and the delivery log. Secrets (a Slack
// webhook URL or bot token, a webhook's signing secret) are write-only: answers say only that one is set.
import { z } from 'zod'
import { severitySchema } from './report'

export const notificationMessages = {
  unknownChannel: (id: string) => `There is no notification channel ${id} in this account.`,
  unknownRule: (id: string) => `There is no notification rule ${id} in this account.`,
  unknownTeam: (id: string) => `There is no team ${id} in this account.`,
  secretNeeded: (field: string) =>
    `${field}: give the secret to use (it is stored sealed and never answered).`,
  recipients: 'recepients: one to 50 e-mail addresses of members of this account.',
  noChannel: (type: string) => `This account has no ${type} notification channel to test.`,
} as const

export const channelKinds = ['email', 'slack', 'webhook'] as const
export const channelKindSchema = z.enum(channelKinds)
export type ChannelKind = z.infer<typeof channelKindSchema>

/** What a rule alerts on (issue 16 "Notification rules"). */
export const notificationEvents = [
  'new-finding',
  'new-critical-high',
  'kev',
  'epss',
  'outcome-fail',
  'licence-violation',
  'analysis-failed',
] as const
export const notificationEventSchema = z.enum(notificationEvents)
export type NotificationEvent = z.infer<typeof notificationEventSchema>

const httpUrl = (what: string) =>
  z
    .url(`${what} must be an http(s) URL.`)
    .max(2000, `${what} is at most 2000 characters.`)
    .refine((u) => /^https?:\/\//i.test(u), `${what} must be an http(s) URL.`)

const name = z.string().trim().min(1, 'name: 1 to 100 characters.').max(100, 'name: 1 to 100 characters.')

/** Per kind: what is stored in the clear (answered) and the secret (written only). */
export const channelBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email'),
    name,
    teamUuid: z.uuid().nullable().optional(),
    recipients: z.array(z.email('recipients: each one an e-mail address.')).min(1).max(50),
  }),
  z.object({
    kind: z.literal('slack'),
    name,
    teamUuid: z.uuid().nullable().optional(),
    /** 'webhook': an incoming-webhook URL (the secret); 'bot': chat.postMessage with a bot token. */
    mode: z.enum(['webhook', 'bot']),
    /** bot: the channel id or #name to post in. */
    channel: z.string().trim().min(1).max(200).optional(),
    /** bot: the Web API base (default https://slack.com/api). */
    apiUrl: httpUrl('apiUrl').optional(),
    /** webhook: the incoming-webhook URL (secret). Left out on a change: the stored one is kept. */
    webhookUrl: httpUrl('webhookUrl').optional(),
    /** bot: the bot token xoxb-… (secret). Left out on a change: the stored one is kept. */
    token: z.string().trim().min(1).max(500).optional(),
  }),
  z.object({
    kind: z.literal('webhook'),
    name,
    teamUuid: z.uuid().nullable().optional(),
    url: httpUrl('url'),
    /** The HMAC-SHA256 signing key (secret). Left out on a change: the stored one is kept. */
    secret: z.string().min(16, 'secret: at least 16 characters.').max(500).optional(),
  }),
])
export type ChannelBody = z.infer<typeof channelBodySchema>

export const channelSchema = z.object({
  uuid: z.string(),
  kind: channelKindSchema,
  name: z.string(),
  teamUuid: z.string().nullable(),
  /** E-mail: the recipients; Slack: mode, channel, apiUrl; webhook: url. Never a secret. */
  settings: z.record(z.string(), z.unknown()),
  secretSet: z.boolean(),
  createdAt: z.string(),
})
export type NotificationChannel = z.infer<typeof channelSchema>

export const projectSelectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  /** Projects carrying any of these account tags (by name, case-insensitively). */
  z.object({ kind: z.literal('tag'), tags: z.array(z.string().trim().min(1).max(64)).min(1).max(50) }),
  /** Projects whose name matches: `*` any characters, `?` one; case-insensitive. */
  z.object({ kind: z.literal('name'), pattern: z.string().trim().min(1).max(200) }),
])
export type ProjectSelection = z.infer<typeof projectSelectionSchema>

export const ruleBodySchema = z.object({
  name,
  enabled: z.boolean().default(true),
  /** Only projects of this team (null: every project the selection names). */
  teamUuid: z.uuid().nullable().optional(),
  events: z.array(notificationEventSchema).min(1).max(notificationEvents.length),
  /** Security findings below this severity send nothing (default LOW). */
  minSeverity: severitySchema.default('LOW'),
  /** Event 'epss': new findings with an EPSS probability at or above this. */
  epssThreshold: z.number().min(0).max(1).nullable().default(null),
  projects: projectSelectionSchema.default({ kind: 'all' }),
  channelUuid: z.uuid('channelUuid: the uuid of one of the account notification channels.'),
  /** 'immediate': one message per report; 'digest': collected and sent once a day. */
  mode: z.enum(['immediate', 'digest']).default('immediate'),
})
export type RuleBody = z.infer<typeof ruleBodySchema>

export const ruleSchema = ruleBodySchema.extend({
  uuid: z.string(),
  teamUuid: z.string().nullable(),
  createdAt: z.string(),
})
export type NotificationRule = z.infer<typeof ruleSchema>

export const deliveryStatusSchema = z.enum([
  'pending',
  'sending',
  'sent',
  'failed',
  'digest',
  'digested',
  'held',
])

export const deliverySchema = z.object({
  uuid: z.string(),
  ruleUuid: z.string().nullable(),
  channelUuid: z.string().nullable(),
  channelKind: channelKindSchema.nullable(),
  projectUuid: z.string().nullable(),
  reportUuid: z.string().nullable(),
  status: deliveryStatusSchema,
  /** How many findings or events the message carries. */
  items: z.number(),
  attempts: z.number(),
  /** Why the last attempt failed (no secret in it). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Every attempt, oldest first. */
  log: z.array(z.object({ at: z.string(), ok: z.boolean(), detail: z.string() })),
})
export type NotificationDelivery = z.infer<typeof deliverySchema>

export const accountNotificationsParams = z.object({ id: z.string().min(1) })
export const channelParams = accountNotificationsParams.extend({ channelId: z.string().min(1) })
export const ruleParams = accountNotificationsParams.extend({ ruleId: z.string().min(1) })
export const deliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  status: deliveryStatusSchema.optional(),
})
