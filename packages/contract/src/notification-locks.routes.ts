// Route definitions of the Slack chat-channel locks (issue 16; spec accounts-and-api §3 "chat-channel lock
// with teamUuid and state", §4 "Chat-channel locks: borrow, status, rental time", §7 "Notifications").
// What a lock means here (the spec is silent; ours): a team borrows its account's Slack channel for the
// rental time so that only one system posts alerts to it; while a team holds it, Sextant's own Slack
// alerts of any other holder (other teams, account-wide rules) wait until it is given back or runs out.
// States: 'free' (never borrowed, or given back), 'borrowed' (held, rental time not over), 'expired'
// (held, rental time over: anyone may borrow it). §6 has no area for it; borrowing acts for a team, so
// it is teams edit (Administrators, and team administrators for a team they administer), reading is
// teams read. The ticket names one borrowing (GET …/info?ticket=); it grants nothing by itself.
import { z } from 'zod'
import type { RouteDef } from './routes'

/** How long a borrowing lasts unless renewed (borrowing again as the holder renews it). */
export const SLACK_LOCK_RENTAL_SECONDS = 30 * 60

export const slackLockStates = ['free', 'borrowed', 'expired'] as const
export type SlackLockState = (typeof slackLockStates)[number]

export const slackLockSchema = z.object({
  accountUuid: z.string(),
  state: z.enum(slackLockStates),
  /** The team holding (or that last held) the channel; null when free. */
  teamUuid: z.string().nullable(),
  teamName: z.string().nullable(),
  /** Names this borrowing for GET /api/v2/notifications/slack/info; null when free. */
  ticket: z.string().nullable(),
  borrowedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** With ?team=: whether that team holds the channel now. */
  heldByTeam: z.boolean().nullable(),
})
export type SlackLock = z.infer<typeof slackLockSchema>

export const slackLockInfoSchema = slackLockSchema.extend({
  /** The account's Slack channels the lock covers (names and Slack channels only, no secret). */
  channels: z.array(z.object({ uuid: z.string(), name: z.string(), channel: z.string().nullable() })),
})
export type SlackLockInfo = z.infer<typeof slackLockInfoSchema>

export const slackLockBorrowQuerySchema = z.object({
  teamUuid: z.uuid(),
  /** 'borrowed': take the channel (or renew it as its holder); 'free': give it back (its holder only). */
  state: z.enum(['borrowed', 'free']),
})
export const slackLockStatusQuerySchema = z.object({ team: z.uuid().optional() })
export const slackLockInfoQuerySchema = z.object({ ticket: z.uuid() })

export const slackLockMessages = {
  held: (team: string, until: string) =>
    `The Slack channel is borrowed by team ${team} until ${until}: ask them to give it back, or wait.`,
  notHolder: 'Only the team holding the Slack channel may give it back.',
  unknownTeam: (team: string) => `There is no team ${team} in your account.`,
  unknownTicket: (ticket: string) => `There is no Slack channel borrowing ${ticket} that you may see.`,
  notYourTeam: 'Your role may borrow the Slack channel only for a team you administer.',
} as const

export const notificationLockRouteDefs = {
  slackLockBorrow: {
    method: 'POST',
    path: '/api/v2/notifications/slack/locks/borrow',
    access: 'member',
    summary:
      "Borrow the account's Slack channel for a team for the rental time (state=borrowed; renews when the team holds it), or give it back (state=free). 409 while another team holds it.",
    query: slackLockBorrowQuerySchema,
    permission: { area: 'teams', action: 'edit' },
    status: 200,
    response: slackLockSchema,
  },
  slackLockStatus: {
    method: 'GET',
    path: '/api/v2/notifications/slack/locks/status',
    access: 'member',
    summary: "The state of the account's Slack channel lock; with ?team= whether that team holds it.",
    query: slackLockStatusQuerySchema,
    permission: { area: 'teams', action: 'read' },
    status: 200,
    response: slackLockSchema,
  },
  slackLockRentalTime: {
    method: 'GET',
    path: '/api/v2/notifications/slack/locks/rentalTime',
    access: 'member',
    summary: 'How long a borrowing of the Slack channel lasts, in seconds.',
    permission: { area: 'teams', action: 'read' },
    status: 200,
    response: z.object({ seconds: z.number() }),
  },
  slackInfo: {
    method: 'GET',
    path: '/api/v2/notifications/slack/info',
    access: 'member',
    summary: 'The borrowing a ticket names (its own account only) and the Slack channels it covers.',
    query: slackLockInfoQuerySchema,
    permission: { area: 'teams', action: 'read' },
    status: 200,
    response: slackLockInfoSchema,
  },
} as const satisfies Record<string, RouteDef>
