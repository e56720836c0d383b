// Alerts in storage (issue 16; migration 076): the report deltas waiting to be evaluated, the items a rule
// has alerted on (one per rule, branch, event and finding, ever), the deliveries to send with their claim
// (one sender at a time, a stale claim taken over) and attempts (the delivery log), and daily digests.
import type { ChannelKind } from '@sextant/contract'
import type { ReportDelta } from '@sextant/engine'
import type { Db, DbClient } from '../db/connection'

export interface PendingDelta {
  report_uuid: string
  project_uuid: string
  branch: string
  delta: ReportDelta
  live: boolean
  status: string
  project_name: string
  account_uuid: string
  team_uuid: string | null
  tags: string[]
}

/** Up to `limit` deltas not evaluated yet, locked for this transaction (another process skips them). */
export async function takePendingDeltas(client: DbClient, limit: number): Promise<PendingDelta[]> {
  const { rows } = await client.query<PendingDelta>(
    `SELECT d.report_uuid, d.project_uuid, d.branch, d.delta, d.live, r.status, p.name AS project_name, p.account_uuid,
            p.team_uuid,
            array(SELECT t.name FROM tags t JOIN project_tags pt ON pt.tag_uuid = t.uuid
                  WHERE pt.project_uuid = p.uuid) AS tags
     FROM report_deltas d JOIN reports r ON r.uuid = d.report_uuid JOIN projects p ON p.uuid = d.project_uuid
     WHERE d.evaluated_at IS NULL ORDER BY d.created_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED`,
    [limit],
  )
  return rows
}

export async function markEvaluated(client: DbClient, reportUuids: readonly string[]): Promise<void> {
  await client.query('UPDATE report_deltas SET evaluated_at = now() WHERE report_uuid = ANY($1::uuid[])', [
    reportUuids,
  ])
}

export async function hasPendingDeltas(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM report_deltas WHERE evaluated_at IS NULL) AS any',
  )
  return rows[0]?.any === true
}

/** Records the items as alerted by the rule; answers those that were not already (the new ones). */
export async function claimAlertItems(
  client: DbClient,
  ruleUuid: string,
  projectUuid: string,
  branch: string,
  items: readonly string[],
): Promise<Set<string>> {
  if (items.length === 0) return new Set()
  const { rows } = await client.query<{ item: string }>(
    `INSERT INTO notification_alerted (rule_uuid, project_uuid, branch, item)
     SELECT $1, $2, $3, unnest($4::text[]) ON CONFLICT DO NOTHING RETURNING item`,
    [ruleUuid, projectUuid, branch, items],
  )
  return new Set(rows.map((r) => r.item))
}

export interface NewDelivery {
  uuid: string
  accountUuid: string
  ruleUuid: string | null
  channelUuid: string
  channelKind: ChannelKind
  projectUuid: string | null
  reportUuid: string | null
  status: 'pending' | 'held'
  payload: object
  items: number
}

export async function insertDelivery(client: Db | DbClient, d: NewDelivery): Promise<void> {
  await client.query(
    `INSERT INTO notification_deliveries (uuid, account_uuid, rule_uuid, channel_uuid, channel_kind, project_uuid,
                                          report_uuid, status, payload, items)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      d.uuid,
      d.accountUuid,
      d.ruleUuid,
      d.channelUuid,
      d.channelKind,
      d.projectUuid,
      d.reportUuid,
      d.status,
      JSON.stringify(d.payload),
      d.items,
    ],
  )
}

export interface ClaimedDelivery {
  uuid: string
  account_uuid: string
  channel_uuid: string | null
  payload: object
  attempts: number
  event: string
  delivered: string[]
}

/**
 * Claims a pending delivery for one send attempt (status 'sending', attempts + 1); a claim older than
 * `staleMinutes` (a process that died mid-send) may be taken over. Null: sent, failed, or claimed now.
 */
export async function claimDelivery(
  db: Db,
  uuid: string,
  staleMinutes: number,
): Promise<ClaimedDelivery | null> {
  const { rows } = await db.query<ClaimedDelivery>(
    `UPDATE notification_deliveries SET status = 'sending', claimed_at = now(), attempts = attempts + 1
     WHERE uuid = $1 AND (status = 'pending'
       OR (status = 'sending' AND claimed_at < now() - make_interval(mins => $2)))
     RETURNING uuid, account_uuid, channel_uuid, payload, attempts, delivered,
               coalesce(payload->>'event', payload->>'kind') AS event`,
    [uuid, staleMinutes],
  )
  return rows[0] ?? null
}

/** Ends one attempt: sent, failed for good, or back to pending for the next try. Logs it. */
export async function endAttempt(
  db: Db,
  uuid: string,
  attempt: number,
  outcome: {
    status: 'sent' | 'failed' | 'pending'
    ok: boolean
    detail: string
    delivered?: readonly string[]
  },
): Promise<void> {
  await db.query(
    `WITH log AS (INSERT INTO notification_attempts (delivery_uuid, attempt, ok, detail) VALUES ($1, $2, $4, $5)
                  ON CONFLICT DO NOTHING)
     UPDATE notification_deliveries SET status = $3, claimed_at = NULL,
       last_error = CASE WHEN $4 THEN last_error ELSE $5 END,
       sent_at = CASE WHEN $3 = 'sent' THEN now() ELSE sent_at END,
       delivered = delivered || $6::text[]
     WHERE uuid = $1`,
    [uuid, attempt, outcome.status, outcome.ok, outcome.detail, outcome.delivered ?? []],
  )
}

export interface DeliveryRow {
  uuid: string
  rule_uuid: string | null
  channel_uuid: string | null
  channel_kind: ChannelKind | null
  project_uuid: string | null
  report_uuid: string | null
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'held' | 'digested'
  items: number
  attempts: number
  last_error: string | null
  created_at: Date
  sent_at: Date | null
  log: { at: string; ok: boolean; detail: string }[]
}

export async function listDeliveries(
  db: Db,
  accountUuid: string,
  limit: number,
  status: string | null,
): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT d.uuid, d.rule_uuid, d.channel_uuid, d.channel_kind, d.project_uuid, d.report_uuid, d.status, d.items,
            d.attempts, d.last_error, d.created_at, d.sent_at,
            coalesce((SELECT json_agg(json_build_object('at', a.at, 'ok', a.ok, 'detail', a.detail) ORDER BY a.attempt)
                      FROM notification_attempts a WHERE a.delivery_uuid = d.uuid), '[]') AS log
     FROM notification_deliveries d WHERE d.account_uuid = $1 AND ($3::text IS NULL OR d.status = $3)
     ORDER BY d.created_at DESC, d.uuid LIMIT $2`,
    [accountUuid, limit, status],
  )
  return rows
}

export interface HeldGroup {
  rule_uuid: string
  account_uuid: string
  channel_uuid: string
  channel_kind: ChannelKind
  deliveries: string[]
  payloads: object[]
  items: number
}

/** The held digest items, one group per rule, locked; the caller merges each into one delivery. */
export async function takeHeld(client: DbClient): Promise<HeldGroup[]> {
  const { rows } = await client.query<HeldGroup>(
    `WITH held AS (
       SELECT * FROM notification_deliveries WHERE status = 'held' AND rule_uuid IS NOT NULL
         AND channel_uuid IS NOT NULL ORDER BY created_at FOR UPDATE SKIP LOCKED)
     SELECT rule_uuid, min(account_uuid::text) AS account_uuid, min(channel_uuid::text) AS channel_uuid,
            min(channel_kind) AS channel_kind, array_agg(uuid ORDER BY created_at) AS deliveries,
            json_agg(payload ORDER BY created_at) AS payloads, sum(items)::int AS items
     FROM held GROUP BY rule_uuid`,
  )
  return rows
}

export async function markDigested(
  client: DbClient,
  uuids: readonly string[],
  digestUuid: string,
): Promise<void> {
  await client.query(
    `UPDATE notification_deliveries SET status = 'digested', digest_uuid = $2 WHERE uuid = ANY($1::uuid[])`,
    [uuids, digestUuid],
  )
}
