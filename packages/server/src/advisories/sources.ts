// The configured advisory sources (issue 9; DESIGN §3 `advisories.sync`): SEXTANT_ADVISORY_SOURCES
// (files, folders, zips, JSONL, URLs; 'none' for no source at all) or OSV's public npm and Maven exports,
// each with a stable id derived from its location ('osv-npm' for .../npm/all.zip).
import { basename, dirname } from 'node:path'

export interface AdvisorySource {
  id: string
  kind: 'osv'
  location: string
}

export const DEFAULT_ADVISORY_SOURCES = [
  'https://osv-vulnerabilities.storage.googleapis.com/npm/all.zip',
  'https://osv-vulnerabilities.storage.googleapis.com/Maven/all.zip',
] as const

export function isUrlLocation(location: string): boolean {
  return /^https?:\/\//i.test(location)
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

/** 'osv-' + the source's name: the folder of an all.zip, else the file name without its extensions. */
export function sourceIdOf(location: string): string {
  let path = location.replace(/[\\/]+$/, '')
  if (isUrlLocation(location)) {
    try {
      path = decodeURIComponent(new URL(location).pathname).replace(/\/+$/, '')
    } catch {
      // Not a parseable URL: the import will say so; the id still needs a value.
    }
  }
  let name = basename(path)
  if (/^all\.zip$/i.test(name) && dirname(path) !== path) name = basename(dirname(path))
  name = name.replace(/(\.(zip|jsonl|ndjson|json|gz))+$/i, '')
  const s = slug(name)
  return s === '' ? 'osv' : `osv-${s}`
}

/** The sources to sync, with ids unique in the list (a second 'osv-npm' becomes 'osv-npm-2'). */
export function configuredSources(locations: readonly string[] | null): AdvisorySource[] {
  const list = locations ?? DEFAULT_ADVISORY_SOURCES
  if (list.length === 1 && list[0]?.toLowerCase() === 'none') return []
  const used = new Map<string, number>()
  return list.map((location) => {
    const base = sourceIdOf(location)
    const n = (used.get(base) ?? 0) + 1
    used.set(base, n)
    return { id: n === 1 ? base : `${base}-${n}`, kind: 'osv', location }
  })
}
