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
