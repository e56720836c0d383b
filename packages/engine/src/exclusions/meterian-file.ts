// The in-repository exclusions file `.meterian` (spec report-page §3 "Exclusions file layout"; product-notes
// "The in-repository exclusions file"): a lenient reader (a bad entry becomes a warning naming its JSON
// path, the rest is kept) and the writer behind "Download Exclusions" (readonly entries only when full).

import { isObject } from '../model'
import { type EntryDefaults, parseExclusionEntry } from './entry'
import { type Exclusion, type ExclusionSource, hash53 } from './model'

export const METERIAN_FILE = '.meterian'

export interface FileWarning {
  /** JSON path of the bad entry, e.g. `exclusions.security.cves[2].reason`. */
  path: string
  message: string
}

export interface MeterianFile {
  exclusions: Exclusion[]
  warnings: FileWarning[]
}

const COLLECTIONS: { source: ExclusionSource; path: [string, string] }[] = [
  { source: 'security:advices', path: ['security', 'advices'] },
  { source: 'security:cves', path: ['security', 'cves'] },
  { source: 'security:libraries', path: ['security', 'libraries'] },
  { source: 'stability:libraries', path: ['stability', 'libraries'] },
  { source: 'licensing:libraries', path: ['licensing', 'libraries'] },
]

/** Entries of a file layout object (`{exclusions: {...}}`), each parsed on its own. */
export function exclusionsOfLayout(
  json: unknown,
  defaults: EntryDefaults,
  idOf: (source: ExclusionSource, path: string, entry: unknown) => string,
): MeterianFile {
  const warnings: FileWarning[] = []
  const exclusions: Exclusion[] = []
  if (!isObject(json))
    return { exclusions, warnings: [{ path: '$', message: 'the file must hold a JSON object' }] }
  const root = json.exclusions
  if (root === undefined) return { exclusions, warnings }
  if (!isObject(root)) return { exclusions, warnings: [{ path: 'exclusions', message: 'must be an object' }] }
  for (const { source, path } of COLLECTIONS) {
    const domain = root[path[0]]
    if (domain === undefined) continue
    if (!isObject(domain)) {
      // reported once per domain (security has three collections)
      if (!warnings.some((w) => w.path === `exclusions.${path[0]}`))
        warnings.push({ path: `exclusions.${path[0]}`, message: 'must be an object' })
      continue
    }
    const list = domain[path[1]]
    if (list === undefined) continue
    const at = `exclusions.${path[0]}.${path[1]}`
    if (!Array.isArray(list)) {
      warnings.push({ path: at, message: 'must be a list' })
      continue
    }
    list.forEach((entry, i) => {
      const r = parseExclusionEntry(source, entry, `${at}[${i}]`, defaults)
      if (r.ok) exclusions.push({ ...r.exclusion, id: idOf(source, `${at}[${i}]`, entry) })
      else warnings.push({ path: r.path, message: r.message })
    })
  }
  return { exclusions, warnings }
}

/** Reads `.meterian` text; every entry is readonly and gets an id stable across analyses of the same file. */
export function parseMeterianFile(text: string): MeterianFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return {
      exclusions: [],
      warnings: [{ path: '$', message: `not valid JSON: ${(error as Error).message}` }],
    }
  }
  return exclusionsOfLayout(
    json,
    { readonly: true, creatorUuid: null, scope: 'branch' },
    (_s, path, entry) => `meterian-${hash53(`${path}\n${JSON.stringify(entry)}`).toString(36)}`,
  )
}

export interface MeterianLayout {
  exclusions: {
    security: { advices: object[]; cves: object[]; libraries: object[] }
    stability: { libraries: object[] }
    licensing: { libraries: object[] }
  }
}

/** One exclusion in the file layout (the same object the API's `content` carries). */
export function layoutEntryOf(e: Exclusion): Record<string, unknown> {
  // issue 19: the analysis and expiry travel with the entry, so a downloaded file restores them
  const common = {
    reason: e.reason,
    description: e.description,
    ...(e.analysis
      ? {
          state: e.analysis.state,
          ...(e.analysis.justification ? { justification: e.analysis.justification } : {}),
          ...(e.analysis.responses.length > 0 ? { responses: e.analysis.responses } : {}),
        }
      : {}),
    ...(e.expires ? { expires: e.expires } : {}),
  }
  if (e.source === 'security:advices')
    return e.library
      ? {
          uuid: e.uuid,
          library: { language: e.library.language, name: e.library.name },
          version: e.version ?? '*',
          ...common,
          transitive: e.transitive,
        }
      : { uuid: e.uuid, ...common, transitive: e.transitive }
  if (e.source === 'security:cves')
    return { cve: e.cve, version: e.version, ...common, transitive: e.transitive }
  const library = { language: e.library.language, name: e.library.name }
  if (e.source === 'security:libraries')
    return { library, version: e.version, ...common, transitive: e.transitive }
  return { library, version: e.version, ...common }
}

/** "Download Exclusions": the `.meterian` layout; readonly (file) entries only in the full variant. */
export function writeMeterianFile(
  exclusions: readonly Exclusion[],
  options: { full?: boolean } = {},
): MeterianLayout {
  const out: MeterianLayout = {
    exclusions: {
      security: { advices: [], cves: [], libraries: [] },
      stability: { libraries: [] },
      licensing: { libraries: [] },
    },
  }
  const seen = new Set<string>()
  for (const e of exclusions) {
    if (e.readonly && !options.full) continue
    const entry = layoutEntryOf(e)
    const key = `${e.source}\n${JSON.stringify(entry)}`
    if (seen.has(key)) continue
    seen.add(key)
    if (e.source === 'security:advices') out.exclusions.security.advices.push(entry)
    else if (e.source === 'security:cves') out.exclusions.security.cves.push(entry)
    else if (e.source === 'security:libraries') out.exclusions.security.libraries.push(entry)
    else if (e.source === 'stability:libraries') out.exclusions.stability.libraries.push(entry)
    else out.exclusions.licensing.libraries.push(entry)
  }
  return out
}
