// Accounts in storage for administration (spec accounts-and-api §3 Account, §7 Accounts): listing,
// search by member e-mail, creation with the first Administrator, activation, deletion.
import type { AccountSummary } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { inTransaction } from '../../db/transaction'
import {
  type AccountRecord,
  type AccountRow,
  insertMembership,
  toAccount,
} from '../../services/identity.repo'
import { newUuid } from '../../services/secrets'

export function presentSummary(a: AccountRecord): AccountSummary {
  return {
    uuid: a.uuid,
    name: a.name,
    email: a.isDefault ? '' : a.email,
    plan: a.plan,
    features: a.features,
    active: a.active,
    default: a.isDefault,
  }
}

/** Accounts a user belongs to (every account for null), optionally those with a member of that e-mail. */
export async function listAccounts(
  db: Db,
  userUuid: string | null,
  memberEmail: string | null,
): Promise<AccountRecord[]> {
  const { rows } = await db.query<AccountRow>(
    `SELECT a.* FROM accounts a
     WHERE ($1::uuid IS NULL OR EXISTS (SELECT 1 FROM memberships m WHERE m.account_uuid = a.uuid AND m.user_uuid = $1))
       AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM memberships m JOIN users u ON u.uuid = m.user_uuid
                                        WHERE m.account_uuid = a.uuid AND lower(u.email) = lower($2)))
     ORDER BY a.is_default DESC, lower(a.name)`,
    [userUuid, memberEmail],
  )
  return rows.map(toAccount)
}

/** A new account; the user of `email` (created without a password when new) becomes its Administrator. */
export async function createAccount(
  db: Db,
  name: string,
  email: string,
): Promise<{ uuid: string; newUser: boolean }> {
  return inTransaction(db, async (client) => {
    const uuid = newUuid()
    await client.query('INSERT INTO accounts (uuid, name, email) VALUES ($1, $2, $3)', [uuid, name, email])
    const { rows } = await client.query<{ uuid: string }>(
      'SELECT uuid FROM users WHERE lower(email) = lower($1)',
      [email],
    )
    let userUuid = rows[0]?.uuid
    const newUser = !userUuid
    if (!userUuid) {
      userUuid = newUuid()
      await client.query('INSERT INTO users (uuid, email, name) VALUES ($1, $2, $3)', [
        userUuid,
        email,
        email.split('@')[0] ?? email,
      ])
    }
    await insertMembership(client, uuid, userUuid, 'Administrator')
    return { uuid, newUser }
  })
}

/** Changes name and e-mail; a field left null keeps its value. */
export async function updateAccount(
  db: Db,
  uuid: string,
  change: { name: string | null; email: string | null },
): Promise<void> {
  await db.query(
    'UPDATE accounts SET name = coalesce($2, name), email = coalesce($3, email) WHERE uuid = $1',
    [uuid, change.name, change.email],
  )
}

/** Deletes the account; its projects, teams and memberships go with it (ON DELETE CASCADE). */
export async function deleteAccount(db: Db, uuid: string): Promise<void> {
  await db.query('DELETE FROM accounts WHERE uuid = $1', [uuid])
}

export async function setAccountActive(db: Db, uuid: string, active: boolean): Promise<void> {
  await db.query('UPDATE accounts SET active = $2 WHERE uuid = $1', [uuid, active])
}

/** The account's pay-as-you-go tokens; 0 for an unknown account. */
export async function paygTokens(db: Db, uuid: string): Promise<number> {
  const { rows } = await db.query<{ payg_tokens: number }>(
    'SELECT payg_tokens FROM accounts WHERE uuid = $1',
    [uuid],
  )
  return rows[0]?.payg_tokens ?? 0
}

/** The configuration as stored (unchecked JSON); null when the account has none. */
export async function storedConfiguration(db: Db, uuid: string): Promise<unknown> {
  const { rows } = await db.query<{ configuration: unknown }>(
    'SELECT configuration FROM accounts WHERE uuid = $1',
    [uuid],
  )
  return rows[0]?.configuration ?? null
}

export async function saveConfiguration(db: Db, uuid: string, configuration: object): Promise<void> {
  await db.query('UPDATE accounts SET configuration = $2 WHERE uuid = $1', [
    uuid,
    JSON.stringify(configuration),
  ])
}

/** A system administrator's plan and feature change (admin routes). */
export async function setPlanAndFeatures(
  db: Db,
  uuid: string,
  plan: string,
  features: readonly string[],
): Promise<void> {
  await db.query('UPDATE accounts SET plan = $2, features = $3 WHERE uuid = $1', [uuid, plan, features])
}
