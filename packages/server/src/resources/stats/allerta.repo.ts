// The alerts sent to an account per day (issue 16 "Stats"; spec accounts-and-api §7 GET /stats/allerta.json
// and /stats/allerta_{date}.json; shapes: contract stats.routes.ts), counted from the delivery log: each
// item of a sent alert, and of each alert a sent digest carries, by its finding's language and severity.
// Bounded through the index on (account, created_at): a delivery is sent within minutes or hours of being
// stored (retries, a Slack lock of at most a rental time at once), so rows stored more than
// SENT_WITHIN_DAYS before the day are not read; a delivery sent later than that would not be counted.
import type { Db } from '../../db/connection'

const SENT_WITHIN_DAYS = 7

export interface AllertaCount {
  date: string
  ecosystem: string
  severity: string
  alerts: number
  messages: number
}

/** Counts per (UTC day, ecosystem, severity) of alerts sent from `from` to `to` (dates, inclusive). */
export async function allertaCounts(
  db: Db,
  accountUuid: string,
  from: string,
  to: string,
): Promise<AllertaCount[]> {
  const { rows } = await db.query<AllertaCount>(
    `WITH sent AS (
       SELECT d.uuid, d.payload, to_char(d.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date
       FROM notification_deliveries d
       WHERE d.account_uuid = $1 AND d.status = 'sent'
         AND d.created_at >= $2::date - make_interval(days => $4) AND d.created_at < $3::date + 1
         AND d.sent_at >= $2::date AT TIME ZONE 'UTC' AND d.sent_at < ($3::date + 1) AT TIME ZONE 'UTC'
     ),
     items AS (
       SELECT s.uuid, s.date, i.item FROM sent s, jsonb_array_elements(s.payload->'items') AS i(item)
       WHERE s.payload->>'kind' = 'alert'
       UNION ALL
       SELECT s.uuid, s.date, i.item FROM sent s, jsonb_array_elements(s.payload->'alerts') AS a(alert),
              jsonb_array_elements(a.alert->'items') AS i(item)
       WHERE s.payload->>'kind' = 'digest'
     )
     SELECT date, coalesce(item->'finding'->>'language', 'none') AS ecosystem,
            coalesce(item->'finding'->>'severity', 'NONE') AS severity,
            count(*)::int AS alerts, count(DISTINCT uuid)::int AS messages
     FROM items GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [accountUuid, from, to, SENT_WITHIN_DAYS],
  )
  return rows
}

/** Messages (deliveries) sent per UTC day, alerts or not: what `messages` of a day counts. */
export async function messagesSent(
  db: Db,
  accountUuid: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ date: string; n: number }>(
    `SELECT to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::int AS n
     FROM notification_deliveries
     WHERE account_uuid = $1 AND status = 'sent' AND payload->>'kind' IN ('alert', 'digest')
       AND created_at >= $2::date - make_interval(days => $4) AND created_at < $3::date + 1
       AND sent_at >= $2::date AT TIME ZONE 'UTC' AND sent_at < ($3::date + 1) AT TIME ZONE 'UTC'
     GROUP BY 1`,
    [accountUuid, from, to, SENT_WITHIN_DAYS],
  )
  return new Map(rows.map((r) => [r.date, r.n]))
}
