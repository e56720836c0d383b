// Notification channels and rules in storage (issue 16; migration 076). A channel's secret is stored
// sealed for the origin of `secret_url` (integrations/stored-secret.ts) and only ever leaves this file
// sealed; `settings` is what may be answered.
import type { ChannelKind, NotificationEvent, ProjectSelection } from '@sextant/contract'
import type { Severity } from '@sextant/engine'
import type { Db, DbClient } from '../db/connection'

export interface StoredChannel {
  uuid: string
  accountUuid: string
  teamUuid: string | null
  kind: ChannelKind
  name: string
  settings: Record<string, unknown>
  secret: { sealed: string; url: string } | null
  createdAt: Date
}

interface ChannelRow {
  uuid: string
  account_uuid: string
  team_uuid: string | null
  kind: ChannelKind
  name: string
  settings: Record<string, unknown>
  secret: string | null
  secret_url: string | null
  created_at: Date
}

const channelOf = (r: ChannelRow): StoredChannel => ({
  uuid: r.uuid,
  accountUuid: r.account_uuid,
  teamUuid: r.team_uuid,
  kind: r.kind,
  name: r.name,
  settings: r.settings,
  secret: r.secret && r.secret_url ? { sealed: r.secret, url: r.secret_url } : null,
  createdAt: new Date(r.created_at),
})

export async function listChannels(
  db: Db | DbClient,
  accountUuid: string,
  kind?: ChannelKind,
): Promise<StoredChannel[]> {
  const { rows } = await db.query<ChannelRow>(
    `SELECT * FROM notification_channels WHERE account_uuid = $1 AND ($2::text IS NULL OR kind = $2)
     ORDER BY created_at, uuid`,
    [accountUuid, kind ?? null],
  )
  return rows.map(channelOf)
}

export async function findChannel(
  db: Db | DbClient,
  accountUuid: string,
  uuid: string,
): Promise<StoredChannel | null> {
  const { rows } = await db.query<ChannelRow>(
    'SELECT * FROM notification_channels WHERE account_uuid = $1 AND uuid = $2',
    [accountUuid, uuid],
  )
  return rows[0] ? channelOf(rows[0]) : null
}

export async function saveChannel(db: Db, c: Omit<StoredChannel, 'createdAt'>): Promise<StoredChannel> {
  const { rows } = await db.query<ChannelRow>(
    `INSERT INTO notification_channels (uuid, account_uuid, team_uuid, kind, name, settings, secret, secret_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (uuid) DO UPDATE SET team_uuid = $3, kind = $4, name = $5, settings = $6, secret = $7, secret_url = $8
       WHERE notification_channels.account_uuid = $2
     RETURNING *`,
    [
      c.uuid,
      c.accountUuid,
      c.teamUuid,
      c.kind,
      c.name,
      JSON.stringify(c.settings),
      c.secret?.sealed ?? null,
      c.secret?.url ?? null,
    ],
  )
  return channelOf(rows[0]!)
}

export async function deleteChannel(db: Db, accountUuid: string, uuid: string): Promise<boolean> {
  const r = await db.query('DELETE FROM notification_channels WHERE account_uuid = $1 AND uuid = $2', [
    accountUuid,
    uuid,
  ])
  return (r.rowCount ?? 0) > 0
}

export async function teamInAccount(db: Db, accountUuid: string, teamUuid: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM teams WHERE uuid = $1 AND account_uuid = $2', [
    teamUuid,
    accountUuid,
  ])
  return rows.length > 0
}

/** The addresses among `emails` that belong to members of the account (case-insensitively). */
export async function memberEmails(
  db: Db,
  accountUuid: string,
  emails: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT DISTINCT lower(u.email) AS email FROM memberships m JOIN users u ON u.uuid = m.user_uuid
     WHERE m.account_uuid = $1 AND lower(u.email) = ANY($2::text[])`,
    [accountUuid, emails.map((e) => e.toLowerCase())],
  )
  return rows.map((r) => r.email)
}

export async function unsubscribe(db: Db, channelUuid: string, email: string): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO notification_unsubscribes (channel_uuid, email)
     SELECT uuid, $2 FROM notification_channels WHERE uuid = $1 ON CONFLICT DO NOTHING`,
    [channelUuid, email.toLowerCase()],
  )
  return (r.rowCount ?? 0) > 0 || (await isUnsubscribed(db, channelUuid, email))
}

/** Undoes an unsubscribe: the address gets the channel's e-mails again. */
export async function resubscribe(db: Db, channelUuid: string, email: string): Promise<void> {
  await db.query('DELETE FROM notification_unsubscribes WHERE channel_uuid = $1 AND email = $2', [
    channelUuid,
    email.toLowerCase(),
  ])
}

/** The account's e-mail channels whose recipients include `email` (case-insensitively), oldest first. */
export async function emailChannelsOf(db: Db, accountUuid: string, email: string): Promise<StoredChannel[]> {
  const { rows } = await db.query<ChannelRow>(
    `SELECT * FROM notification_channels WHERE account_uuid = $1 AND kind = 'email'
       AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(settings->'recipients') r WHERE lower(r) = lower($2))
     ORDER BY created_at, uuid`,
    [accountUuid, email],
  )
  return rows.map(channelOf)
}

export async function isUnsubscribed(db: Db, channelUuid: string, email: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM notification_unsubscribes WHERE channel_uuid = $1 AND email = $2',
    [channelUuid, email.toLowerCase()],
  )
  return rows.length > 0
}

export async function unsubscribedOf(db: Db, channelUuid: string): Promise<Set<string>> {
  const { rows } = await db.query<{ email: string }>(
    'SELECT email FROM notification_unsubscribes WHERE channel_uuid = $1',
    [channelUuid],
  )
  return new Set(rows.map((r) => r.email))
}

export interface StoredRule {
  uuid: string
  accountUuid: string
  teamUuid: string | null
  channelUuid: string
  name: string
  enabled: boolean
  events: NotificationEvent[]
  minSeverity: Severity
  epssThreshold: number | null
  projects: ProjectSelection
  mode: 'immediate' | 'digest'
  createdAt: Date
}

interface RuleRow {
  uuid: string
  account_uuid: string
  team_uuid: string | null
  channel_uuid: string
  name: string
  enabled: boolean
  events: NotificationEvent[]
  min_severity: Severity
  epss_threshold: number | null
  projects: ProjectSelection
  mode: 'immediate' | 'digest'
  created_at: Date
}

const ruleOf = (r: RuleRow): StoredRule => ({
  uuid: r.uuid,
  accountUuid: r.account_uuid,
  teamUuid: r.team_uuid,
  channelUuid: r.channel_uuid,
  name: r.name,
  enabled: r.enabled,
  events: r.events,
  minSeverity: r.min_severity,
  epssThreshold: r.epss_threshold === null ? null : Number(r.epss_threshold),
  projects: r.projects,
  mode: r.mode,
  createdAt: new Date(r.created_at),
})

export async function listRules(db: Db | DbClient, accountUuid: string): Promise<StoredRule[]> {
  const { rows } = await db.query<RuleRow>(
    'SELECT * FROM notification_rules WHERE account_uuid = $1 ORDER BY created_at, uuid',
    [accountUuid],
  )
  return rows.map(ruleOf)
}

export async function saveRule(db: Db, r: Omit<StoredRule, 'createdAt'>): Promise<StoredRule> {
  const { rows } = await db.query<RuleRow>(
    `INSERT INTO notification_rules (uuid, account_uuid, team_uuid, channel_uuid, name, enabled, events, min_severity,
                                     epss_threshold, projects, mode)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (uuid) DO UPDATE SET team_uuid = $3, channel_uuid = $4, name = $5, enabled = $6, events = $7,
       min_severity = $8, epss_threshold = $9, projects = $10, mode = $11
       WHERE notification_rules.account_uuid = $2
     RETURNING *`,
    [
      r.uuid,
      r.accountUuid,
      r.teamUuid,
      r.channelUuid,
      r.name,
      r.enabled,
      r.events,
      r.minSeverity,
      r.epssThreshold,
      JSON.stringify(r.projects),
      r.mode,
    ],
  )
  return ruleOf(rows[0]!)
}

export async function findRule(db: Db, accountUuid: string, uuid: string): Promise<StoredRule | null> {
  const { rows } = await db.query<RuleRow>(
    'SELECT * FROM notification_rules WHERE account_uuid = $1 AND uuid = $2',
    [accountUuid, uuid],
  )
  return rows[0] ? ruleOf(rows[0]) : null
}

export async function deleteRule(db: Db, accountUuid: string, uuid: string): Promise<boolean> {
  const r = await db.query('DELETE FROM notification_rules WHERE account_uuid = $1 AND uuid = $2', [
    accountUuid,
    uuid,
  ])
  return (r.rowCount ?? 0) > 0
}
