// The metrics integration's work (accounts-and-api §7 "Metrics integration", issue 17), for the routes
// and the scheduled job alike: the API address of a site, the key to send there (integrations/
// stored-secret: a stored key goes only to the address it was saved for), the key check, and one
// submission of an account's metrics, always recorded in its history with the result.
import { DATADOG_SITES, type DatadogSite, type DatadogSubmission, datadogMessages } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { type IntegrationDeps, integrationDeps, secretToSend } from '../../integrations/integration-deps'
import { fail, ok, type Result } from '../../services/result'
import { findSetup, insertSubmission, latestReports, reportDocuments, type StoredSetup } from './datadog.repo'
import { datadogSubmit, datadogValidate } from './datadog-client'
import { reportSeries, type Series } from './metrics'

/** Project branches one submission sends at most; the history says when an account has more. */
export const MAX_BRANCHES = 2000
/** Report documents read at once while building the series. */
const DOCUMENTS_PER_READ = 20

export type DatadogDeps = IntegrationDeps
export const datadogDeps = integrationDeps

/** The API address of a named site, or the custom one. */
export function apiBaseUrl(site: string, custom: string | undefined): string {
  return site === 'custom' ? (custom ?? '') : DATADOG_SITES[site as DatadogSite]
}

/** The key to send to `baseUrl`: the given one, else the stored one for its own address only. */
export function keyFor(
  deps: DatadogDeps,
  stored: StoredSetup | null,
  baseUrl: string,
  given: string | undefined,
): Promise<Result<string>> {
  const sealed = stored && { sealed: stored.apiKeyEncrypted, url: stored.baseUrl }
  return secretToSend(deps, sealed, baseUrl, given, 'apiKey', datadogMessages.apiKeyRequired)
}

export async function checkKey(
  deps: DatadogDeps,
  baseUrl: string,
  apiKey: string,
): Promise<Result<{ valid: true; message: string }>> {
  const valid = await datadogValidate(deps.http, { baseUrl, apiKey })
  if (!valid.ok) return valid
  return ok({ valid: true as const, message: `Datadog at ${baseUrl} accepts the API key.` })
}

/** The series of the latest report of every project branch of the account (at most MAX_BRANCHES). */
async function accountSeries(db: Db, accountUuid: string, timestamp: number) {
  const latest = await latestReports(db, accountUuid, MAX_BRANCHES + 1)
  const sent = latest.slice(0, MAX_BRANCHES)
  const series: Series[] = []
  for (let i = 0; i < sent.length; i += DOCUMENTS_PER_READ) {
    const batch = sent.slice(i, i + DOCUMENTS_PER_READ)
    const docs = await reportDocuments(
      db,
      batch.map((b) => b.reportUuid),
    )
    for (const b of batch) {
      const doc = docs.get(b.reportUuid)
      if (doc) series.push(...reportSeries(doc, b, timestamp))
    }
  }
  return { series, branches: sent.length, more: latest.length > MAX_BRANCHES }
}

/**
 * One submission of the account's metrics (send-now or the schedule), recorded in its history whatever
 * the result. 'invalid' without a set-up (nothing is recorded then).
 */
export async function submitAccountMetrics(
  deps: DatadogDeps,
  accountUuid: string,
  trigger: DatadogSubmission['trigger'],
  now: Date,
): Promise<Result<DatadogSubmission>> {
  const setup = await findSetup(deps.db, accountUuid)
  if (!setup) return fail('invalid', datadogMessages.notConfigured)
  const key = await keyFor(deps, setup, setup.baseUrl, undefined)
  if (!key.ok) return key
  const { series, branches, more } = await accountSeries(
    deps.db,
    accountUuid,
    Math.floor(now.getTime() / 1000),
  )
  const limitNote = more ? ` Only the first ${MAX_BRANCHES} project branches were sent.` : ''
  if (series.length === 0)
    return ok(
      await insertSubmission(deps.db, accountUuid, {
        trigger,
        ok: true,
        branches,
        series: 0,
        status: null,
        message: 'Nothing to send: no project branch of this account has a report yet.',
      }),
    )
  const result = await datadogSubmit(deps.http, { baseUrl: setup.baseUrl, apiKey: key.value }, series)
  const message = result.problem
    ? `${result.problem.message}${result.accepted ? ` ${result.accepted} of ${series.length} series were accepted before.` : ''}`
    : `Datadog accepted ${series.length} series of ${branches} project branch${branches === 1 ? '' : 'es'}.${limitNote}`
  return ok(
    await insertSubmission(deps.db, accountUuid, {
      trigger,
      ok: result.problem === null,
      branches,
      series: result.problem ? result.accepted : series.length,
      status: result.status,
      message: result.problem ? `${message}${limitNote}` : message,
    }),
  )
}
