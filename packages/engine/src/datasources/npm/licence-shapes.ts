// npm manifest licence shapes (issue 5 "Datasources"; npm docs "license"): an SPDX string or
// expression, a `{type, url}` object, an array of either, or the legacy `licenses: [{type, url}]`.
// Flattened to strings here; engine/licences normalises them to SPDX.
import { canonicalSpdxId } from '../../licences/catalogue'

/** The exact SPDX id a licence URL ends with (`…/licenses/BSD-3-Clause.php`), or null. */
function spdxIdOfUrl(url: string): string | null {
  const segment =
    url
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? ''
  return canonicalSpdxId(segment.replace(/\.(html?|php|txt|md)$/i, ''))
}

/** Strings as declared (a `{type}` gives its type, a bare `{url}` its url); `dropped` counts unusable values. */
export function flattenNpmLicence(value: unknown, depth = 0): { licences: string[]; dropped: number } {
  if (value === undefined || value === null) return { licences: [], dropped: 0 }
  if (typeof value === 'string') return { licences: value.trim() ? [value.trim()] : [], dropped: 0 }
  if (Array.isArray(value) && depth === 0) {
    const out = { licences: [] as string[], dropped: 0 }
    for (const item of value) {
      const r = flattenNpmLicence(item, depth + 1)
      out.licences.push(...r.licences)
      out.dropped += r.dropped
    }
    return out
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>
    // {type: "BSD", url: ".../licenses/BSD-3-Clause"}: the URL names the exact licence, the type does not.
    const exact = typeof o.url === 'string' ? spdxIdOfUrl(o.url) : null
    if (exact && typeof o.type === 'string' && canonicalSpdxId(o.type.trim()) === null) {
      return { licences: [exact], dropped: 0 }
    }
    for (const key of ['type', 'name', 'license', 'url']) {
      const v = o[key]
      if (typeof v === 'string' && v.trim() !== '') return { licences: [v.trim()], dropped: 0 }
    }
  }
  return { licences: [], dropped: 1 }
}
