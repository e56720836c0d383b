// First-start identity (issue 2 "Identity, the minimum"): the default anonymous account, the first
// administrator (from SEXTANT_ADMIN_EMAIL / SEXTANT_ADMIN_PASSWORD, or generated and printed once) and
// the optional SEXTANT_BOOTSTRAP_TOKEN API token. Each is decided once, even with many processes starting.
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { inTransaction } from '../db/transaction'
import {
  claimOnce,
  firstSysadminMembership,
  insertAdministration,
  insertBootstrapToken,
} from './bootstrap.repo'
import { ensureDefaultAccount, insertMembership } from './identity.repo'
import { hashPassword, newPassword } from './secrets'

export interface BootstrapOutcome {
  /** Set only on the start that created the administrator with a generated password. */
  generatedAdmin: { email: string; password: string } | null
  createdAdmin: boolean
  createdBootstrapToken: boolean
}

export async function bootstrapIdentity(db: Db, config: Config): Promise<BootstrapOutcome> {
  const outcome: BootstrapOutcome = {
    generatedAdmin: null,
    createdAdmin: false,
    createdBootstrapToken: false,
  }
  await ensureDefaultAccount(db)

  const password = config.adminPassword ?? newPassword()
  // hashed only on the start that creates the administrator: argon2 costs every later start time for nothing
  await inTransaction(db, async (client) => {
    if (!(await claimOnce(client, 'first-admin'))) return
    const passwordHash = await hashPassword(password)
    const email = config.adminEmail ?? 'admin@sextant.local'
    const { accountUuid, userUuid } = await insertAdministration(client, { email, passwordHash })
    await insertMembership(client, accountUuid, userUuid, 'Administrator')
    outcome.createdAdmin = true
    if (!config.adminPassword) outcome.generatedAdmin = { email, password }
  })

  if (config.bootstrapToken) {
    const token = config.bootstrapToken
    await inTransaction(db, async (client) => {
      if (!(await claimOnce(client, 'bootstrap-token'))) return
      const membership = await firstSysadminMembership(client)
      if (!membership) throw new Error('No administrator exists to own SEXTANT_BOOTSTRAP_TOKEN.')
      await insertBootstrapToken(client, membership, token)
      outcome.createdBootstrapToken = true
    })
  }
  return outcome
}
