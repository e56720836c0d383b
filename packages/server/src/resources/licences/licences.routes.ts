// Licence routes (spec report-page §5, §7, §8; accounts-and-api §7 "Licences", "Insights, policies"):
// account licence policies, the SPDX search, licence fixes and copyright per library. Fixes and copyright
// belong to the caller's account and apply from the next report (recompute included).
import { randomUUID } from 'node:crypto'
import { licenceMessages, routes } from '@sextant/contract'
import { searchLicences } from '@sextant/engine'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { scopedAccount } from '../members/members.routes'
import {
  deletePolicy,
  findCopyright,
  findOverride,
  findPolicy,
  type LibraryKey,
  listCopyrights,
  listOverrides,
  listPolicies,
  type PolicyFields,
  type StoredCopyright,
  saveCopyright,
  saveOverride,
  savePolicy,
} from './licences.repo'
import {
  policyFieldsFrom,
  presentOverride,
  presentPolicy,
  storedVersion,
  validLicenceId,
} from './licences.service'

const noPolicy = (id: string) => new HttpError(404, `There is no licence policy ${id} in this account.`)

/** The library of the path: language lower-cased, the (URL-decoded) name as sent, '--' for no version. */
function libraryOf(params: { language: string; name: string; version: string }): LibraryKey {
  return {
    language: params.language.trim().toLowerCase(),
    name: params.name.trim(),
    version: storedVersion(params.version),
  }
}

const callerAccount = (request: FastifyRequest) => request.principal.account.uuid

function presentCopyright(key: LibraryKey, stored: StoredCopyright | null) {
  return { ...key, text: stored?.text ?? '', updatedAt: stored?.updatedAt?.toISOString() ?? null }
}

function fieldsOf(p: PolicyFields): PolicyFields {
  const { name, kind, licences, customLicences, projectPatterns, tags, template } = p
  return { name, kind, licences, customLicences, projectPatterns, tags, template }
}

export function licenceRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.licencePolicyList, async ({ request }) =>
    (await listPolicies(db, scopedAccount(request))).map(presentPolicy),
  )

  bindRoute(app, routes.licencePolicyCreate, async ({ body, request }) => {
    const fields = orThrow(policyFieldsFrom(body, null))
    return presentPolicy(await savePolicy(db, scopedAccount(request), randomUUID(), fields))
  })

  bindRoute(app, routes.licencePolicyGet, async ({ params, request }) => {
    const policy = await findPolicy(db, scopedAccount(request), params.policyId)
    if (!policy) throw noPolicy(params.policyId)
    return presentPolicy(policy)
  })

  bindRoute(app, routes.licencePolicyUpdate, async ({ params, body, request }) => {
    const account = scopedAccount(request)
    const policy = await findPolicy(db, account, params.policyId)
    if (!policy) throw noPolicy(params.policyId)
    const fields = orThrow(policyFieldsFrom(body, fieldsOf(policy)))
    return presentPolicy(await savePolicy(db, account, policy.uuid, fields))
  })

  bindRoute(app, routes.licencePolicyDelete, async ({ params, request }) => {
    const account = scopedAccount(request)
    const policy = await findPolicy(db, account, params.policyId)
    if (!policy) throw noPolicy(params.policyId)
    await deletePolicy(db, account, policy.uuid)
    return presentPolicy(policy)
  })

  bindRoute(app, routes.licenceSearch, async ({ query }) => {
    const q = (query.query ?? '').trim()
    if (q.length < 2) throw new HttpError(400, licenceMessages.searchTooShort)
    return searchLicences(q)
  })

  bindRoute(app, routes.licenceFixGet, async ({ params, request }) => {
    const key = libraryOf(params)
    return presentOverride(key, await findOverride(db, callerAccount(request), key))
  })

  bindRoute(app, routes.licenceFixAdd, async ({ params, request }) => {
    const key = libraryOf(params)
    const licence = validLicenceId(params.license)
    if (!licence) throw new HttpError(400, licenceMessages.noValidLicence)
    const account = callerAccount(request)
    const current = (await findOverride(db, account, key))?.licences ?? []
    if (current.includes(licence)) throw new HttpError(409, licenceMessages.licenceExists)
    await saveOverride(db, account, key, [...current, licence])
    return presentOverride(key, await findOverride(db, account, key))
  })

  bindRoute(app, routes.licenceFixRemove, async ({ params, request }) => {
    const key = libraryOf(params)
    const account = callerAccount(request)
    const current = (await findOverride(db, account, key))?.licences ?? []
    const licence = validLicenceId(params.license) ?? params.license
    if (!current.includes(licence))
      throw new HttpError(404, `The licence fix of ${key.name} does not list ${params.license}.`)
    await saveOverride(
      db,
      account,
      key,
      current.filter((l) => l !== licence),
    )
    return presentOverride(key, await findOverride(db, account, key))
  })

  bindRoute(app, routes.licenceFixClear, async ({ params, request }) => {
    const key = libraryOf(params)
    await saveOverride(db, callerAccount(request), key, [])
    return presentOverride(key, null)
  })

  bindRoute(app, routes.copyrightGet, async ({ params, request }) => {
    const key = libraryOf(params)
    return presentCopyright(key, await findCopyright(db, callerAccount(request), key))
  })

  bindRoute(app, routes.copyrightSet, async ({ params, query, request }) => {
    const key = libraryOf(params)
    const text = (query.text ?? '').trim()
    if (text === '') throw new HttpError(400, licenceMessages.copyrightEmpty)
    const account = callerAccount(request)
    await saveCopyright(db, account, key, text)
    return presentCopyright(key, await findCopyright(db, account, key))
  })

  bindRoute(app, routes.accountLicenceOverrides, async ({ request }) =>
    (await listOverrides(db, scopedAccount(request))).map((o) => presentOverride(o, o)),
  )

  bindRoute(app, routes.accountCopyrightOverrides, async ({ request }) =>
    (await listCopyrights(db, scopedAccount(request))).map((c) => presentCopyright(c, c)),
  )
}
