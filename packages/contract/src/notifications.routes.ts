// Route definitions of notifications (issue 16; spec accounts-and-api §7 "Notifications"). §6 has no
// notifications area: channels and rules are the account's configuration (Administrators create, change
// and delete them; team administrators have no configuration), the delivery log is read like it, and the
// spec's own calls (notify_test, send_email) send through the account's configuration, so they need
// configuration edit too. GET /api/v1/notifications/config is account read: it answers no secret.
// Unsubscribing is public: the signed link of one e-mail names the recipient and the channel. A member's
// own subscriptions (users/me/notifications) need no §6 area: they read and change only the caller's address.
import { z } from 'zod'
import {
  accountNotificationsParams,
  channelBodySchema,
  channelParams,
  channelSchema,
  deliveriesQuerySchema,
  deliverySchema,
  ruleBodySchema,
  ruleParams,
  ruleSchema,
} from './notifications'
import type { RouteDef } from './routes'

const base = '/api/v1/accounts/:id/notifications'
const config = (action: 'read' | 'create' | 'edit' | 'delete') =>
  ({ area: 'configuration', action, accountParam: 'id' }) as const

export const notifyTestQuerySchema = z.object({
  type: z.enum(['email', 'slack', 'webhook']),
  /** Only the channels of this team (default: every channel of that type in the account). */
  team: z.uuid().optional(),
})
export const sendEmailBodySchema = z.object({
  subject: z.string().trim().min(1).max(200),
  content: z.string().min(1).max(20_000),
  /** Spelt so by the spec. Members of the caller's account only. */
  recepients: z.array(z.email()).min(1).max(50),
})
export const sentSchema = z.object({
  sent: z.number(),
  failed: z.array(z.object({ channelUuid: z.string().nullable(), reason: z.string() })),
})
export const notificationConfigSchema = z.object({
  accountUuid: z.string(),
  /** Whether the server has an SMTP server (SEXTANT_SMTP_URL); without one e-mails are logged, not sent. */
  smtp: z.boolean(),
  channels: z.array(channelSchema),
  rules: z.array(ruleSchema),
})
export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(500) })
export const unsubscribedSchema = z.object({
  email: z.string(),
  channelUuid: z.string(),
  unsubscribed: z.boolean(),
})

/**
 * One e-mail channel of the caller's account that lists the caller's address (issue 16 "a per-user alert
 * subscription in account settings"): whether that address still gets its alerts, and the rules sending
 * through it (immediate or the daily digest).
 */
export const subscriptionSchema = z.object({
  channelUuid: z.string(),
  name: z.string(),
  teamUuid: z.string().nullable(),
  email: z.string(),
  subscribed: z.boolean(),
  rules: z.array(z.object({ name: z.string(), mode: z.enum(['immediate', 'digest']), enabled: z.boolean() })),
})
export type AlertSubscription = z.infer<typeof subscriptionSchema>
export const subscriptionBodySchema = z.object({ subscribed: z.boolean() })

export const notificationRouteDefs = {
  notificationChannelList: {
    method: 'GET',
    path: `${base}/channels`,
    access: 'member',
    summary: "The account's notification channels (secrets never answered: secretSet only).",
    params: accountNotificationsParams,
    permission: config('read'),
    status: 200,
    response: z.array(channelSchema),
  },
  notificationChannelCreate: {
    method: 'POST',
    path: `${base}/channels`,
    access: 'member',
    summary:
      'Add a channel: e-mail {recipients}, Slack {mode webhook + webhookUrl | bot + token, channel}, webhook {url, secret}. Every address passes the SSRF rules when used.',
    params: accountNotificationsParams,
    body: channelBodySchema,
    permission: config('create'),
    status: 200,
    response: channelSchema,
  },
  notificationChannelUpdate: {
    method: 'POST',
    path: `${base}/channels/:channelId`,
    access: 'member',
    summary:
      'Change a channel; a secret left out is kept only while the URL keeps the origin it was saved for.',
    params: channelParams,
    body: channelBodySchema,
    permission: config('edit'),
    status: 200,
    response: channelSchema,
  },
  notificationChannelDelete: {
    method: 'DELETE',
    path: `${base}/channels/:channelId`,
    access: 'member',
    summary: 'Remove a channel and the rules sending through it.',
    params: channelParams,
    permission: config('delete'),
    status: 200,
    response: z.object({ deleted: z.boolean() }),
  },
  notificationChannelTest: {
    method: 'POST',
    path: `${base}/channels/:channelId/test`,
    access: 'member',
    summary: 'Send a test message through the channel now; 200 with the failure reason when it failed.',
    params: channelParams,
    permission: config('edit'),
    status: 200,
    response: sentSchema,
  },
  notificationRuleList: {
    method: 'GET',
    path: `${base}/rules`,
    access: 'member',
    summary: "The account's notification rules.",
    params: accountNotificationsParams,
    permission: config('read'),
    status: 200,
    response: z.array(ruleSchema),
  },
  notificationRuleCreate: {
    method: 'POST',
    path: `${base}/rules`,
    access: 'member',
    summary:
      'Add a rule {name, events, minSeverity, epssThreshold, projects (all | tag | name pattern), teamUuid, channelUuid, mode immediate|digest}.',
    params: accountNotificationsParams,
    body: ruleBodySchema,
    permission: config('create'),
    status: 200,
    response: ruleSchema,
  },
  notificationRuleUpdate: {
    method: 'POST',
    path: `${base}/rules/:ruleId`,
    access: 'member',
    summary: 'Replace a rule.',
    params: ruleParams,
    body: ruleBodySchema,
    permission: config('edit'),
    status: 200,
    response: ruleSchema,
  },
  notificationRuleDelete: {
    method: 'DELETE',
    path: `${base}/rules/:ruleId`,
    access: 'member',
    summary: 'Remove a rule (its delivery log stays).',
    params: ruleParams,
    permission: config('delete'),
    status: 200,
    response: z.object({ deleted: z.boolean() }),
  },
  notificationDeliveries: {
    method: 'GET',
    path: `${base}/deliveries`,
    access: 'member',
    summary: 'The delivery log, newest first: each alert, its status, attempts and the reason of a failure.',
    params: accountNotificationsParams,
    query: deliveriesQuerySchema,
    permission: config('read'),
    status: 200,
    response: z.array(deliverySchema),
  },
  notifyTest: {
    method: 'POST',
    path: '/api/v1/notifications/notify_test',
    access: 'member',
    summary:
      "Send a test message through the caller's account channels of a type (email, slack or webhook), or only a team's.",
    query: notifyTestQuerySchema,
    permission: { area: 'configuration', action: 'edit' },
    status: 200,
    response: sentSchema,
  },
  sendEmail: {
    method: 'POST',
    path: '/api/v1/notifications/send_email',
    access: 'member',
    summary: 'Send an e-mail {subject, content, recepients} to members of the caller’s account.',
    body: sendEmailBodySchema,
    permission: { area: 'configuration', action: 'edit' },
    status: 200,
    response: sentSchema,
  },
  notificationConfig: {
    method: 'GET',
    path: '/api/v1/notifications/config',
    access: 'member',
    summary:
      "The caller's account notification configuration: SMTP available, channels and rules (no secret).",
    permission: { area: 'account', action: 'read' },
    status: 200,
    response: notificationConfigSchema,
  },
  notificationUnsubscribe: {
    method: 'POST',
    path: '/api/v1/notifications/unsubscribe',
    access: 'public',
    summary:
      'One-click unsubscribe (RFC 8058) with the signed token of an alert e-mail: that address gets no more mail from that channel.',
    query: unsubscribeQuerySchema,
    status: 200,
    response: unsubscribedSchema,
  },
  notificationUnsubscribeLink: {
    method: 'GET',
    path: '/api/v1/notifications/unsubscribe',
    access: 'public',
    summary: 'The unsubscribe link of an alert e-mail: does what POST does (idempotent).',
    query: unsubscribeQuerySchema,
    status: 200,
    response: unsubscribedSchema,
  },
  mySubscriptions: {
    method: 'GET',
    path: '/api/v1/users/me/notifications',
    access: 'member',
    summary:
      "The caller's alert e-mails: each e-mail channel of their account that lists their address, whether they still get it, and its rules.",
    status: 200,
    response: z.array(subscriptionSchema),
  },
  mySubscriptionSet: {
    method: 'POST',
    path: '/api/v1/users/me/notifications/:channelId',
    access: 'member',
    summary:
      "Stop or resume the caller's own alert e-mails of one channel (what the e-mail's unsubscribe link does; 404 for a channel not sending to them).",
    params: z.object({ channelId: z.string().min(1) }),
    body: subscriptionBodySchema,
    status: 200,
    response: subscriptionSchema,
  },
} as const satisfies Record<string, RouteDef>
