// The account an integration route acts on (issue 17; accounts-and-api §6 features): the account in the
// path, already scoped by the §6 check (http/auth.ts), which must have the integration's feature
// ('datadog', 'rkvst'…); 403 naming the feature otherwise. Read after the access check, never before.
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/connection'
import { findAccount } from '../services/identity.repo'
import { HttpError } from './errors'

export async function accountWithFeature(
  db: Db,
  request: FastifyRequest,
  feature: string,
  noFeature: string,
): Promise<string> {
  const uuid = request.scope?.accountUuid
  if (!uuid) throw new HttpError(404, 'There is no such account.')
  const account =
    uuid === request.principal.account.uuid ? request.principal.account : await findAccount(db, uuid)
  if (!account?.features.includes(feature)) throw new HttpError(403, noFeature)
  return uuid
}
