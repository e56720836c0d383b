// The licence fix and copyright dialogs' rules (report-page §2 Dialogs, §4 "License fix", §5 licence fix
// and copyright validation, §8 partial failure): a local change set over the current licences,
// removing then re-adding cancels the removal, the search hints, and the global alert's text.
import type { LicenceChangeFailure } from '@sextant/sdk'

export const licenceFixMessages = {
  nothingSelected: 'Select a license to add ',
  exists: 'License already exists',
  noChanges: 'No changes were made to current licenses.',
  searchMinimum: 'Enter a minimum of 2 characters',
  searchEmpty: 'Search licenses, e.g. GPL',
  failed: 'An error occurred when processing the request',
  notAdded: 'Licenses not added',
  notRemoved: 'Licenses not removed',
  copyrightEmpty: 'Please fill in the field',
  copyrightUnchanged: 'Apply changes to the field',
} as const

/** §5 "Errors hide after 5 s". */
export const FIX_ERROR_MS = 5_000

export interface LicenceChangeSet {
  /** The licences the library has now (its fix, else what the report shows). */
  current: string[]
  added: string[]
  removed: string[]
}

export function changeSet(current: readonly string[]): LicenceChangeSet {
  return { current: [...current], added: [], removed: [] }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** What the dialog shows as 'Current Licenses:': kept ones, then added ones, each with its state. */
export function shownLicences(set: LicenceChangeSet): { id: string; state: 'kept' | 'added' | 'removed' }[] {
  return [
    ...set.current.map((id) => ({
      id,
      state: set.removed.some((r) => same(r, id)) ? ('removed' as const) : ('kept' as const),
    })),
    ...set.added.map((id) => ({ id, state: 'added' as const })),
  ]
}

/** Add: nothing selected and an existing licence are refused; re-adding a removed one cancels the removal. */
export function addLicence(
  set: LicenceChangeSet,
  licence: string | null,
): { set: LicenceChangeSet; error: string | null } {
  const id = licence?.trim() ?? ''
  if (id === '') return { set, error: licenceFixMessages.nothingSelected }
  if (set.removed.some((r) => same(r, id)))
    return { set: { ...set, removed: set.removed.filter((r) => !same(r, id)) }, error: null }
  if (set.current.some((c) => same(c, id)) || set.added.some((a) => same(a, id)))
    return { set, error: licenceFixMessages.exists }
  return { set: { ...set, added: [...set.added, id] }, error: null }
}

/** Remove: an added licence is simply dropped; a current one is marked for removal. */
export function removeLicence(set: LicenceChangeSet, licence: string): LicenceChangeSet {
  if (set.added.some((a) => same(a, licence)))
    return { ...set, added: set.added.filter((a) => !same(a, licence)) }
  if (set.removed.some((r) => same(r, licence))) return set
  return { ...set, removed: [...set.removed, licence] }
}

export function hasChanges(set: LicenceChangeSet): boolean {
  return set.added.length > 0 || set.removed.length > 0
}

/** The hint under the search box (§5: empty and one-character queries). */
export function searchHint(query: string): string | null {
  const q = query.trim()
  if (q === '') return licenceFixMessages.searchEmpty
  if (q.length < 2) return licenceFixMessages.searchMinimum
  return null
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The global alert of a partial failure (§4, §8); null when everything went through. */
export function failureAlertHtml(
  notAdded: LicenceChangeFailure[],
  notDeleted: LicenceChangeFailure[],
): string | null {
  if (notAdded.length === 0 && notDeleted.length === 0) return null
  const list = (title: string, items: LicenceChangeFailure[]) =>
    items.length === 0
      ? ''
      : `<p><strong>${title}</strong></p><ul>${items
          .map((i) => `<li><strong>${escapeHtml(i.license)}</strong>: ${escapeHtml(i.reason)}</li>`)
          .join('')}</ul>`
  return `<p>${licenceFixMessages.failed}</p>${list(licenceFixMessages.notAdded, notAdded)}${list(
    licenceFixMessages.notRemoved,
    notDeleted,
  )}`
}

/** §5 copyright: empty and unchanged texts are refused. */
export function copyrightError(text: string, stored: string): string | null {
  if (text.trim() === '') return licenceFixMessages.copyrightEmpty
  if (text.trim() === stored.trim()) return licenceFixMessages.copyrightUnchanged
  return null
}

/** The report's licences of a result as fix candidates: SPDX-like ids only (not 'NOT DECLARED…', not prose). */
export function reportedLicences(result: { licenses: readonly { id: string }[] }): string[] {
  return result.licenses.map((l) => l.id).filter((id) => /^[A-Za-z0-9.+-]+$/.test(id))
}

/** The licences the library should have after Confirm. */
export function targetLicences(set: LicenceChangeSet): string[] {
  return [...set.current.filter((c) => !set.removed.some((r) => same(r, c))), ...set.added]
}

/** The add and remove calls that turn what the server holds into the target list. */
export function requestsFor(
  held: readonly string[],
  target: readonly string[],
): { add: string[]; remove: string[] } {
  return {
    add: target.filter((t) => !held.some((h) => same(h, t))),
    remove: held.filter((h) => !target.some((t) => same(h, t))),
  }
}
