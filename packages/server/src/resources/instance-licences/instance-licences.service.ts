// Instance licences (spec accounts-and-api §7 "Licence server", issue 17; our reading in contract
// instance-licences.ts): install a verified licence file, activate it for an account (the plan's features
// follow; refused when expired, for an unknown plan, or with fewer seats than the account's members),
// release it (the account gets its plan and features back). Offline: the signature is the only proof.
import type { InstanceLicence } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { findAccount } from '../../services/identity.repo'
import { fail, ok, type Result } from '../../services/result'
import { planFeatures, plans } from '../accounts/plans'
import {
  activateLicence,
  findLicence,
  installLicence,
  licenceOfAccount,
  memberCount,
  releaseLicence,
} from './instance-licences.repo'
import { expiredMessage, licenceKeyOf, verifiedLicence } from './licence-file'

const noKey =
  'No licence key is configured: set SEXTANT_LICENCE_PUBLIC_KEY to the licence issuer’s Ed25519 public key to install licences.'

export async function install(
  db: Db,
  publicKey: string | null,
  file: string,
  now: Date,
): Promise<Result<InstanceLicence>> {
  if (!publicKey) return fail('unavailable', noKey)
  const key = licenceKeyOf(publicKey)
  if (!key.ok) return key
  const terms = verifiedLicence(file, key.value, now)
  if (!terms.ok) return terms
  if (!plans.some((p) => p.name === terms.value.plan))
    return fail(
      'invalid',
      `Licence ${terms.value.id} grants plan '${terms.value.plan}', which this server does not have (${plans.map((p) => p.name).join(', ')}). Refused.`,
    )
  if ((await installLicence(db, terms.value, file)) === 'taken')
    return fail(
      'conflict',
      `Licence ${terms.value.id} is installed and activated: release it before installing it again.`,
    )
  return ok((await findLicence(db, terms.value.id, now))!)
}

export async function activate(
  db: Db,
  id: string,
  accountUuid: string,
  now: Date,
): Promise<Result<InstanceLicence>> {
  const licence = await findLicence(db, id, now)
  if (!licence) return fail('not-found', `There is no installed licence ${id}.`)
  const account = await findAccount(db, accountUuid)
  if (!account) return fail('not-found', `account: there is no account ${accountUuid}.`)
  if (licence.expired) return fail('invalid', expiredMessage(licence))
  if (licence.accountUuid === accountUuid) return ok(licence)
  if (licence.accountUuid)
    return fail('conflict', `Licence ${id} is activated for another account: release it first.`)
  const held = await licenceOfAccount(db, accountUuid)
  if (held) return fail('conflict', `Account ${accountUuid} already has licence ${held}: release it first.`)
  const members = await memberCount(db, accountUuid)
  if (members > licence.seats)
    return fail(
      'invalid',
      `Licence ${id} grants ${licence.seats} seat${licence.seats === 1 ? '' : 's'}; account ${account.name} has ${members} members. Refused.`,
    )
  if (!(await activateLicence(db, id, accountUuid, licence.plan, planFeatures(licence.plan))))
    return fail('conflict', `Licence ${id} was activated for another account meanwhile.`)
  return ok((await findLicence(db, id, now))!)
}

export async function release(db: Db, id: string, now: Date): Promise<Result<InstanceLicence>> {
  const licence = await findLicence(db, id, now)
  if (!licence) return fail('not-found', `There is no installed licence ${id}.`)
  if (!licence.accountUuid) return fail('conflict', `Licence ${id} is not activated for any account.`)
  await releaseLicence(db, id)
  return ok((await findLicence(db, id, now))!)
}
