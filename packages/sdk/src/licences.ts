// Typed calls of the licence API (spec report-page §7 licence calls, §8 licence-fix partial failure;
// accounts-and-api §7 "Licences", "Insights, policies", §8 defaults "empty copyright text"): licence
// policies, the SPDX search, licence fixes per library and copyright texts, and the account overrides.
import type { LicencePolicyBody } from '@sextant/contract'
import { rejectingThrows } from './accounts'
import type { SextantClient } from './client'
import { clientError, isSdkError, sdkMessages } from './errors'
import type { CallResult } from './types'

/** The library a licence fix or copyright text belongs to; version '*' for all, '' stored as '--' (§5). */
export interface LicenceLibrary {
  language: string
  name: string
  version: string
}

/** One licence that could not be added or removed, and why (spec §3 "Override results"). */
export interface LicenceChangeFailure {
  license: string
  reason: string
}

/** What a licence fix changed (spec §3 "License change set" and "Override results"). */
export interface LicenceChangeResult {
  /** The library's licences after the changes that went through. */
  licenses: string[]
  added: string[]
  removed: string[]
  notAdded: LicenceChangeFailure[]
  notDeleted: LicenceChangeFailure[]
}

export const LICENCE_SEARCH_MINIMUM = 2
export const INTERNAL_ERROR_REASON = 'Internal error - Please contact support'

/**
 * §8: "reason is the server message when it carries a path, otherwise 'Internal error - Please contact
 * support'". The original's error bodies named the request path; ours have the one JSON error shape
 * instead, so the reason is the message of an answer in that shape (the server speaking about this
 * licence, e.g. 'License already exists'); a proxy's page, a network failure or a 5xx is internal.
 */
export function licenceFailureReason(error: unknown): string {
  if (isSdkError(error) && error.fromServer && error.status < 500 && error.message) return error.message
  return INTERNAL_ERROR_REASON
}

/** '' is stored as '--' (spec report-page §5 "likewise for a licence fix"). */
function libraryParams(library: LicenceLibrary) {
  if (!library.language?.trim() || !library.name?.trim()) throw clientError(sdkMessages.missingInformation)
  const version = library.version.trim() === '' ? '--' : library.version.trim()
  return { language: library.language, name: library.name, version }
}

function account(id: string | null | undefined): string {
  if (!id?.trim()) throw clientError(sdkMessages.noAccount)
  return id
}

export function licencesApi(client: SextantClient) {
  const api = {
    policies: (accountId: string) => client.call('licencePolicyList', { params: { id: account(accountId) } }),
    policy: (accountId: string, policyId: string) =>
      client.call('licencePolicyGet', { params: { id: account(accountId), policyId } }),
    createPolicy: (accountId: string, body: LicencePolicyBody) =>
      client.call('licencePolicyCreate', { params: { id: account(accountId) }, body }),
    updatePolicy: (accountId: string, policyId: string, body: LicencePolicyBody) =>
      client.call('licencePolicyUpdate', { params: { id: account(accountId), policyId }, body }),
    deletePolicy: (accountId: string, policyId: string) =>
      client.call('licencePolicyDelete', { params: { id: account(accountId), policyId } }),

    /** §7: only with 2+ characters (fewer answers [] without asking); a non-200 answer is ignored ([]). */
    search: async (query: string): Promise<CallResult<'licenceSearch'>> => {
      if (query.trim().length < LICENCE_SEARCH_MINIMUM) return []
      try {
        return await client.call('licenceSearch', { query: { query: query.trim() } })
      } catch (error) {
        if (isSdkError(error)) return []
        throw error
      }
    },

    licences: (library: LicenceLibrary) => client.call('licenceFixGet', { params: libraryParams(library) }),
    addLicence: (library: LicenceLibrary, license: string) =>
      client.call('licenceFixAdd', { params: { ...libraryParams(library), license } }),
    removeLicence: (library: LicenceLibrary, license: string) =>
      client.call('licenceFixRemove', { params: { ...libraryParams(library), license } }),
    clearLicences: (library: LicenceLibrary) =>
      client.call('licenceFixClear', { params: libraryParams(library) }),

    /**
     * The licence fix dialog's Confirm (§4 "License fix"): adds then removes one licence at a time,
     * collecting per-licence failures as notAdded / notDeleted instead of stopping at the first.
     */
    applyLicenceChanges: async (
      library: LicenceLibrary,
      changes: { add: readonly string[]; remove: readonly string[] },
    ): Promise<LicenceChangeResult> => {
      const result: LicenceChangeResult = {
        licenses: [],
        added: [],
        removed: [],
        notAdded: [],
        notDeleted: [],
      }
      let latest: string[] | null = null
      for (const license of changes.add) {
        try {
          latest = (await api.addLicence(library, license)).licences
          result.added.push(license)
        } catch (error) {
          result.notAdded.push({ license, reason: licenceFailureReason(error) })
        }
      }
      for (const license of changes.remove) {
        try {
          latest = (await api.removeLicence(library, license)).licences
          result.removed.push(license)
        } catch (error) {
          result.notDeleted.push({ license, reason: licenceFailureReason(error) })
        }
      }
      result.licenses = latest ?? (await api.licences(library).catch(() => ({ licences: [] }))).licences
      return result
    },

    /** accounts-and-api §8: a failed copyright read answers an empty text. */
    copyright: async (library: LicenceLibrary): Promise<string> => {
      try {
        return (await client.call('copyrightGet', { params: libraryParams(library) })).text
      } catch (error) {
        if (isSdkError(error)) return ''
        throw error
      }
    },
    setCopyright: (library: LicenceLibrary, text: string) =>
      client.call('copyrightSet', { params: libraryParams(library), query: { text } }),

    licenceOverrides: (accountId: string) =>
      client.call('accountLicenceOverrides', { params: { id: account(accountId) } }),
    copyrightOverrides: (accountId: string) =>
      client.call('accountCopyrightOverrides', { params: { id: account(accountId) } }),
  }
  return rejectingThrows(api)
}

export type LicencesApi = ReturnType<typeof licencesApi>
