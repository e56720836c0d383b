// The SPDX licence list as LicenceRefs (spec report-page §3 License: id, name, uri) and the
// undeclared licence 'NOT DECLARED / NOT FOUND'; also the licence search behind `GET /api/v1/licenses`.
// Data from spdx-license-list (SPDX License List, CC0-1.0), deprecated ids included.
import spdxLicenceList from 'spdx-license-list'
import type { LicenceRef } from '../report/document'
import type { KnownLicenceLeaf, LicenceLeaf } from './expression'
import { formatLicenceLeaf } from './expression'

/** Shown when a component declares no licence at all, or nothing we recognise (spec §3 License). */
export const UNDECLARED_LICENCE: LicenceRef = {
  id: 'NOT DECLARED / NOT FOUND',
  name: 'NOT DECLARED / NOT FOUND',
  uri: null,
  wildcard: false,
  proprietary: false,
}

/** The warning that goes with the undeclared licence (spec §3 License). */
export const NO_VALID_LICENCE_WARNING = 'No valid license found!'

/** An account-defined proprietary licence id (product-notes "Licence policies"). */
export interface CustomLicence {
  id: string
  name?: string
  uri?: string | null
}

const byLowerId = new Map<string, string>(Object.keys(spdxLicenceList).map((id) => [id.toLowerCase(), id]))

/** The canonical spelling of an SPDX id (`mit` → `MIT`); `null` when not on the list. */
export function canonicalSpdxId(id: string): string | null {
  return byLowerId.get(id.toLowerCase()) ?? null
}

/** The SPDX list entry's name and URL for an id, `null` when the id is not on the list. */
export function spdxLicenceInfo(id: string): { name: string; url: string } | null {
  const entry = spdxLicenceList[id]
  return entry ? { name: entry.name, url: entry.url } : null
}

/**
 * The LicenceRef the report shows for one leaf of a licence expression (spec §3 License: id, name, uri,
 * wildcard, proprietary). The spec names the two flags without defining them; we read them as:
 * - wildcard: the licence is granted "or (at your option) any later version" (`Apache-2.0+`,
 *   `GPL-2.0-or-later`), so the id stands for a family of versions rather than one text;
 * - proprietary: the licence is not an open licence from the SPDX list but the owner's own terms:
 *   an account-defined id (product-notes "plus custom proprietary identifiers"), a `LicenseRef-…`
 *   (SPDX's mark for non-listed licences), npm's `UNLICENSED` (no rights granted) or
 *   `SEE LICENSE IN <file>` (npm's form for a custom licence). Text we simply cannot read is neither.
 */
export function describeLicence(leaf: LicenceLeaf, custom: readonly CustomLicence[] = []): LicenceRef {
  const id = formatLicenceLeaf(leaf)
  if (leaf.kind === 'unrecognised') {
    const uri = leaf.seeFile && /^https?:\/\//i.test(leaf.seeFile) ? leaf.seeFile : null
    return { id, name: leaf.text, uri, wildcard: false, proprietary: leaf.seeFile !== null }
  }
  const flags = { wildcard: isWildcard(leaf), proprietary: isProprietary(leaf) }
  if (leaf.custom) {
    const c = custom.find((x) => x.id.toLowerCase() === leaf.id.toLowerCase())
    if (c) return { id, name: c.name ?? c.id, uri: c.uri ?? null, ...flags }
    if (leaf.id === 'UNLICENSED') return { id, name: 'UNLICENSED (no licence granted)', uri: null, ...flags }
    return { id, name: leaf.id, uri: null, ...flags }
  }
  const info = spdxLicenceInfo(leaf.id)
  const base = info?.name ?? leaf.id
  const name = `${base}${leaf.orLater ? ' or later' : ''}${leaf.exception ? ` with ${leaf.exception}` : ''}`
  return { id, name, uri: info?.url ?? null, ...flags }
}

/** `+` on any id, or the GNU `-or-later` ids (which is where `GPL-2.0+` is upgraded to). */
function isWildcard(leaf: KnownLicenceLeaf): boolean {
  return leaf.orLater || leaf.id.endsWith('-or-later')
}

function isProprietary(leaf: KnownLicenceLeaf): boolean {
  return leaf.custom || /^(LicenseRef|DocumentRef)-/i.test(leaf.id)
}

/**
 * Licence search for the licence-fix dialog (spec §2 Licensing, §5: 2 or more characters).
 * Matches id or name case-insensitively; exact id first, then id prefixes, then the rest by id.
 */
export function searchLicences(query: string, limit = 50): { id: string; name: string }[] {
  const q = query.trim().toLowerCase()
  if (q.length < 2) return []
  const hits: { id: string; name: string; rank: number }[] = []
  for (const [id, entry] of Object.entries(spdxLicenceList)) {
    const lid = id.toLowerCase()
    const rank =
      lid === q
        ? 0
        : lid.startsWith(q)
          ? 1
          : lid.includes(q)
            ? 2
            : entry.name.toLowerCase().includes(q)
              ? 3
              : -1
    if (rank >= 0) hits.push({ id, name: entry.name, rank })
  }
  hits.sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id))
  return hits.slice(0, limit).map(({ id, name }) => ({ id, name }))
}
