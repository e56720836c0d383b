// What every account-configured integration (Datadog, DataTrails; issue 17) needs from the process: the
// database, the way out (service-call.ts, with the SSRF rule and time-out from Config), and the key that
// seals stored secrets (loaded once); and the one way to pick the secret to send to an address
// (stored-secret.ts: the one given, else the stored one for its own origin only) as a Result.
import type { Config } from '../config'
import type { Db } from '../db/connection'
import type { OutboundClient } from '../http-client'
import { fail, ok, type Result } from '../services/result'
import { loadSecretKey } from '../services/secrets'
import type { ServiceHttp } from './service-call'
import { type StoredSecret, secretForTarget } from './stored-secret'

export interface IntegrationDeps {
  db: Db
  http: ServiceHttp
  secretKey: () => Promise<Buffer>
}

export function integrationDeps(db: Db, config: Config, outbound: OutboundClient): IntegrationDeps {
  let key: Promise<Buffer> | null = null
  return {
    db,
    http: { outbound, allowPrivate: config.allowPrivateIntegrations, timeoutMs: config.integrationTimeoutMs },
    secretKey: () => {
      key ??= loadSecretKey(db, config.secretKey)
      return key
    },
  }
}

/**
 * The secret to send to `target`, or 'invalid' naming the body `field`: `required` when none is given
 * or stored, stored-secret's reason when the stored one belongs to another origin.
 */
export async function secretToSend(
  deps: IntegrationDeps,
  stored: StoredSecret | null,
  target: string,
  given: string | undefined,
  field: string,
  required: string,
): Promise<Result<string>> {
  const choice = secretForTarget(await deps.secretKey(), stored, target, given, field)
  if (choice.ok) return ok(choice.secret)
  return fail(
    'invalid',
    choice.reason === 'missing'
      ? `Invalid body: body.${field}: ${required}`
      : `Invalid body: body.${choice.message}`,
  )
}
