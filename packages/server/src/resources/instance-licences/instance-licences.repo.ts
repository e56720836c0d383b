// Instance licences in storage (migration 094; issue 17 "Instance licences"): installed licences, the
// account each is activated for, and activation and release, which set the account's plan and features
// in the same transaction as the licence row.
import type { InstanceLicence, LicenceTerms } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'

interface Row {
  id: string
  licensee: string
  plan: string
  seats: number
  issued_at: Date
  expires_at: Date
  installed_at: Date
  account_uuid: string | null
  activated_at: Date | null
}

const COLUMNS = 'id, licensee, plan, seats, issued_at, expires_at, installed_at, account_uuid, activated_at'

const licenceOf = (r: Row, now: Date): InstanceLicence => ({
  id: r.id,
  licensee: r.licensee,
  plan: r.plan,
  seats: r.seats,
  issuedAt: new Date(r.issued_at).toISOString(),
  expiresAt: new Date(r.expires_at).toISOString(),
  installedAt: new Date(r.installed_at).toISOString(),
  accountUuid: r.account_uuid,
  activatedAt: r.activated_at ? new Date(r.activated_at).toISOString() : null,
  expired: new Date(r.expires_at).getTime() <= now.getTime(),
})

export async function listLicences(db: Db, now: Date): Promise<InstanceLicence[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM instance_licences ORDER BY installed_at, id`)
  return rows.map((r) => licenceOf(r, now))
}

export async function findLicence(db: Db, id: string, now: Date): Promise<InstanceLicence | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM instance_licences WHERE id = $1`, [id])
  return rows[0] ? licenceOf(rows[0], now) : null
}

/** Installs (or replaces, while free) a licence; 'taken' when one with its id is activated. */
export async function installLicence(db: Db, terms: LicenceTerms, file: string): Promise<'ok' | 'taken'> {
  const { rowCount } = await db.query(
    `INSERT INTO instance_licences (id, file, licensee, plan, seats, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET file = $2, licensee = $3, plan = $4, seats = $5, issued_at = $6, expires_at = $7,
       installed_at = now()
     WHERE instance_licences.account_uuid IS NULL`,
    [terms.id, file, terms.licensee, terms.plan, terms.seats, terms.issuedAt, terms.expiresAt],
  )
  return (rowCount ?? 0) > 0 ? 'ok' : 'taken'
}

export async function memberCount(db: Db, accountUuid: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM memberships WHERE account_uuid = $1',
    [accountUuid],
  )
  return Number(rows[0]?.n ?? 0)
}

export async function licenceOfAccount(db: Db, accountUuid: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM instance_licences WHERE account_uuid = $1',
    [accountUuid],
  )
  return rows[0]?.id ?? null
}

/** Assigns a free licence and sets the account's plan and features; false when it was taken meanwhile. */
export async function activateLicence(
  db: Db,
  id: string,
  accountUuid: string,
  plan: string,
  features: string[],
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE instance_licences l SET account_uuid = $2, activated_at = now(), previous_plan = a.plan,
         previous_features = a.features
       FROM accounts a WHERE l.id = $1 AND l.account_uuid IS NULL AND a.uuid = $2`,
      [id, accountUuid],
    )
    if (!rowCount) return false
    await tx.query('UPDATE accounts SET plan = $2, features = $3 WHERE uuid = $1', [
      accountUuid,
      plan,
      features,
    ])
    return true
  })
}

/** Frees a licence; its account gets back the plan and features it had. False when it was free. */
export async function releaseLicence(db: Db, id: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.query<{
      account_uuid: string
      previous_plan: string
      previous_features: string[]
    }>(
      `SELECT account_uuid, previous_plan, previous_features FROM instance_licences
       WHERE id = $1 AND account_uuid IS NOT NULL FOR UPDATE`,
      [id],
    )
    const r = rows[0]
    if (!r) return false
    await tx.query('UPDATE accounts SET plan = $2, features = $3 WHERE uuid = $1', [
      r.account_uuid,
      r.previous_plan,
      r.previous_features,
    ])
    await tx.query(
      `UPDATE instance_licences SET account_uuid = NULL, activated_at = NULL, previous_plan = NULL,
         previous_features = NULL WHERE id = $1`,
      [id],
    )
    return true
  })
}
