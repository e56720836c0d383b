// First-start identity (issue 2 "Identity, the minimum"): the default anonymous account, the first
// administrator (from SEXTANT_ADMIN_EMAIL / SEXTANT_ADMIN_PASSWORD, or generated and printed once) and
// the optional SEXTANT_BOOTSTRAP_TOKEN API token. Each is decided once, even with many processes starting.
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { inTransaction } from '../db/transaction'
import { ensureDefaultAccount, insertMembership } from './identity.repo'
import { digestToken, hashPassword, newPassword, newUuid } from './secrets'

export interface BootstrapOutcome {
  /** Set only on the start that created the administrator with a generated password. */
  generatedAdmin: { email: string; password: string } | null
  createdAdmin: boolean
  createdBootstrapToken: boolean
}

async function claimOnce(client: { query: Db['query'] }, name: string): Promise<boolean> {
  const r = await client.query(
    'INSERT INTO bootstrap_events (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name',
    [name],
  )
  return (r.rowCount ?? 0) > 0
}

export async function bootstrapIdentity(db: Db, config: Config): Promise<BootstrapOutcome> {
  const outcome: BootstrapOutcome = {
    generatedAdmin: null,
    createdAdmin: false,
    createdBootstrapToken: false,
  }
  await ensureDefaultAccount(db)

  const password = config.adminPassword ?? newPassword()
  const passwordHash = await hashPassword(password)
  await inTransaction(db, async (client) => {
    if (!(await claimOnce(client, 'first-admin'))) return
    const email = config.adminEmail ?? 'admin@sextant.local'
    const accountUuid = newUuid()
    const userUuid = newUuid()
    await client.query('INSERT INTO accounts (uuid, name, email, plan) VALUES ($1, $2, $3, $4)', [
      accountUuid,
      'Administration',
      email,
      'self-hosted',
    ])
    await client.query(
      'INSERT INTO users (uuid, email, name, password_hash, sysadmin) VALUES ($1, $2, $3, $4, true)',
      [userUuid, email, email.split('@')[0] ?? email, passwordHash],
    )
    await insertMembership(client, accountUuid, userUuid, 'Administrator')
    outcome.createdAdmin = true
    if (!config.adminPassword) outcome.generatedAdmin = { email, password }
  })

  if (config.bootstrapToken) {
    const token = config.bootstrapToken
    await inTransaction(db, async (client) => {
      if (!(await claimOnce(client, 'bootstrap-token'))) return
      const { rows } = await client.query<{ uuid: string }>(
        `SELECT m.uuid FROM memberships m JOIN users u ON u.uuid = m.user_uuid
         WHERE u.sysadmin AND m.role = 'Administrator' ORDER BY m.created_at LIMIT 1`,
      )
      const membership = rows[0]
      if (!membership) throw new Error('No administrator exists to own SEXTANT_BOOTSTRAP_TOKEN.')
      await client.query(
        'INSERT INTO api_tokens (uuid, token_hash, membership_uuid, name) VALUES ($1, $2, $3, $4)',
        [newUuid(), digestToken(token), membership.uuid, 'bootstrap token (SEXTANT_BOOTSTRAP_TOKEN)'],
      )
      outcome.createdBootstrapToken = true
    })
  }
  return outcome
}
