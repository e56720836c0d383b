// Keyset paging of the vulns listing (spec accounts-and-api §7 "Vulnerabilities and languages"; issue 20
// "A store the size of OSV": deep OFFSETs walked the modified index past every skipped row). A cursor is
// the sort key of a page's last advisory (its `modified` to the microsecond, UTC, or null, and its id),
// opaque to callers (base64url of JSON); anything else answers null and the route refuses it.

export interface ListCursor {
  modified: string | null
  id: string
}

/** How the listing's SQL writes `modified` for a cursor (lookups.repo.ts): exact to the microsecond. */
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.modified, cursor.id]), 'utf8').toString('base64url')
}

export function decodeListCursor(text: string): ListCursor | null {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(value) || value.length !== 2) return null
  const [modified, id] = value as unknown[]
  if (typeof id !== 'string' || id === '' || id.length > 300) return null
  if (modified !== null && (typeof modified !== 'string' || !STAMP.test(modified))) return null
  return { modified, id }
}
