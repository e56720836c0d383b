// The metrics integration (spec accounts-and-api §7 "Metrics integration", §6 'datadog' feature, §8;
// issue 17): an account's Datadog site and key (sealed at rest, never answered), the key check against
// Datadog, the submissions made, and a submission now. The scheduled submissions are datadog.job.ts.
// Every route answers 403 unless the account in the path has the 'datadog' feature.
import { DATADOG_FEATURE, type DatadogSetup, datadogMessages, routes } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { accountWithFeature } from '../../http/account-feature'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import type { OutboundClient } from '../../http-client'
import { sealSecretFor } from '../../integrations/stored-secret'
import { findSetup, listSubmissions, type StoredSetup, saveSetup } from './datadog.repo'
import { apiBaseUrl, checkKey, datadogDeps, keyFor, submitAccountMetrics } from './datadog.service'

function presentSetup(s: StoredSetup | null): DatadogSetup {
  return {
    configured: s !== null,
    site: s?.site ?? null,
    baseUrl: s?.baseUrl ?? null,
    apiKeySet: s !== null,
    scheduled: s?.scheduled ?? false,
    updatedAt: s?.updatedAt.toISOString() ?? null,
  }
}

export function datadogRoutes(app: FastifyInstance, db: Db, config: Config, outbound: OutboundClient): void {
  const deps = datadogDeps(db, config, outbound)
  const account = (request: FastifyRequest) =>
    accountWithFeature(db, request, DATADOG_FEATURE, datadogMessages.noFeature)

  bindRoute(app, routes.datadogSetupGet, async ({ request }) =>
    presentSetup(await findSetup(db, await account(request))),
  )

  bindRoute(app, routes.datadogSetupSet, async ({ body, request }) => {
    const uuid = await account(request)
    const stored = await findSetup(db, uuid)
    const baseUrl = apiBaseUrl(body.site, body.baseUrl)
    // A new API address needs the key again; the stored one is sealed for the address it was saved with.
    const apiKey = orThrow(await keyFor(deps, stored, baseUrl, body.apiKey))
    await saveSetup(db, uuid, {
      site: body.site,
      baseUrl,
      apiKeyEncrypted: sealSecretFor(await deps.secretKey(), apiKey, baseUrl),
      scheduled: body.scheduled,
    })
    return presentSetup(await findSetup(db, uuid))
  })

  bindRoute(app, routes.datadogCredentialsCheck, async ({ body, request }) => {
    const uuid = await account(request)
    const stored = await findSetup(db, uuid)
    if (!body.site && !stored) throw new HttpError(400, datadogMessages.notConfigured)
    const baseUrl = body.site ? apiBaseUrl(body.site, body.baseUrl) : stored!.baseUrl
    const apiKey = orThrow(await keyFor(deps, stored, baseUrl, body.apiKey))
    return orThrow(await checkKey(deps, baseUrl, apiKey))
  })

  bindRoute(app, routes.datadogHistory, async ({ request }) => listSubmissions(db, await account(request)))

  bindRoute(app, routes.datadogSendNow, async ({ request }) => {
    const uuid = await account(request)
    const submission = orThrow(await submitAccountMetrics(deps, uuid, 'send-now', new Date()))
    request.log.info({ account: uuid, ok: submission.ok, series: submission.series }, 'datadog metrics sent')
    return submission
  })
}
