// Storage of the Slack chat-channel locks (issue 16; spec accounts-and-api §4 "Chat-channel locks"; what a
// lock means: contract notification-locks.routes.ts). One row per account (migration 021); borrowing is
// one conditional upsert, so two teams borrowing at once cannot both get the channel.
import { SLACK_LOCK_RENTAL_SECONDS, type SlackLock, type SlackLockState } from '@sextant/contract'
import type { Db } from '../db/connection'

interface LockRow {
  account_uuid: string
  team_uuid: string
  team_name: string | null
  ticket: string
  borrowed_at: Date
  expires_at: Date
  released_at: Date | null
  now: Date
}

const select = `SELECT l.account_uuid, l.team_uuid, t.name AS team_name, l.ticket, l.borrowed_at, l.expires_at,
                       l.released_at, now() AS now
                FROM slack_locks l LEFT JOIN teams t ON t.uuid = l.team_uuid`

function stateOf(row: LockRow | undefined): SlackLockState {
  if (!row || row.released_at) return 'free'
  return row.expires_at > row.now ? 'borrowed' : 'expired'
}

function present(accountUuid: string, row: LockRow | undefined, team: string | null): SlackLock {
  const state = stateOf(row)
  const held = state !== 'free' && row ? row : null
  return {
    accountUuid,
    state,
    teamUuid: held?.team_uuid ?? null,
    teamName: held?.team_name ?? null,
    ticket: held?.ticket ?? null,
    borrowedAt: held?.borrowed_at.toISOString() ?? null,
    expiresAt: held?.expires_at.toISOString() ?? null,
    heldByTeam: team === null ? null : state === 'borrowed' && held?.team_uuid === team,
  }
}

export async function lockOf(db: Db, accountUuid: string, team: string | null = null): Promise<SlackLock> {
  const { rows } = await db.query<LockRow>(`${select} WHERE l.account_uuid = $1`, [accountUuid])
  return present(accountUuid, rows[0], team)
}

export async function lockByTicket(db: Db, accountUuid: string, ticket: string): Promise<SlackLock | null> {
  const { rows } = await db.query<LockRow>(`${select} WHERE l.account_uuid = $1 AND l.ticket = $2`, [
    accountUuid,
    ticket,
  ])
  return rows[0] ? present(accountUuid, rows[0], null) : null
}

/**
 * Takes the channel for `team` (a new ticket), or renews it when `team` holds it (same ticket, a new
 * rental time); answers null, changing nothing, while another team holds it.
 */
export async function borrowLock(
  db: Db,
  accountUuid: string,
  team: string,
  ticket: string,
): Promise<SlackLock | null> {
  const { rowCount } = await db.query(
    `INSERT INTO slack_locks AS l (account_uuid, team_uuid, ticket, borrowed_at, expires_at)
     VALUES ($1, $2, $3, now(), now() + make_interval(secs => $4))
     ON CONFLICT (account_uuid) DO UPDATE SET
       ticket = CASE WHEN l.team_uuid = EXCLUDED.team_uuid AND l.released_at IS NULL AND l.expires_at > now()
                     THEN l.ticket ELSE EXCLUDED.ticket END,
       borrowed_at = CASE WHEN l.team_uuid = EXCLUDED.team_uuid AND l.released_at IS NULL AND l.expires_at > now()
                          THEN l.borrowed_at ELSE now() END,
       team_uuid = EXCLUDED.team_uuid, expires_at = EXCLUDED.expires_at, released_at = NULL
     WHERE l.team_uuid = EXCLUDED.team_uuid OR l.released_at IS NOT NULL OR l.expires_at <= now()`,
    [accountUuid, team, ticket, SLACK_LOCK_RENTAL_SECONDS],
  )
  return rowCount === 1 ? lockOf(db, accountUuid, team) : null
}

/** Gives the channel back; answers false (changing nothing) unless `team` holds it now. */
export async function releaseLock(db: Db, accountUuid: string, team: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE slack_locks SET released_at = now()
     WHERE account_uuid = $1 AND team_uuid = $2 AND released_at IS NULL AND expires_at > now()`,
    [accountUuid, team],
  )
  return rowCount === 1
}

/**
 * Whether a Slack delivery must wait for a lock another holder has: the delivery's team (its rule's, else
 * its channel's; none = account-wide) is not the team holding its account's channel. Null: send it.
 */
export async function slackLockBlocking(
  db: Db,
  deliveryUuid: string,
): Promise<{ team: string; until: Date } | null> {
  const { rows } = await db.query<{ team: string; until: Date }>(
    `SELECT coalesce(t.name, l.team_uuid::text) AS team, l.expires_at AS until
     FROM notification_deliveries d
     JOIN notification_channels c ON c.uuid = d.channel_uuid AND c.kind = 'slack'
     LEFT JOIN notification_rules r ON r.uuid = d.rule_uuid
     JOIN slack_locks l ON l.account_uuid = d.account_uuid AND l.released_at IS NULL AND l.expires_at > now()
     LEFT JOIN teams t ON t.uuid = l.team_uuid
     WHERE d.uuid = $1 AND coalesce(r.team_uuid, c.team_uuid) IS DISTINCT FROM l.team_uuid`,
    [deliveryUuid],
  )
  return rows[0] ?? null
}

/** Says in the delivery log why a pending delivery waits (its attempts are not spent). */
export async function noteWaiting(db: Db, deliveryUuid: string, detail: string): Promise<void> {
  await db.query(
    `UPDATE notification_deliveries SET last_error = $2 WHERE uuid = $1 AND status = 'pending'`,
    [deliveryUuid, detail],
  )
}
