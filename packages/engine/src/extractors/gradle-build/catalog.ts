// Gradle version catalogs, gradle/libs.versions.toml (Gradle user guide "Version catalogs";
// DESIGN §4 extractors): [versions], [libraries] in every notation, [bundles]; accessors
// (`libs.square.okio`, `libs.bundles.x`) are matched with `-`, `_` and `.` as one separator.
import { parse } from 'smol-toml'
import { isObject } from '../../model/json'

export interface CatalogLibrary {
  alias: string
  group: string
  artifact: string
  /** `null` when the catalog gives no version (a platform or plugin manages it). */
  version: string | null
}

export interface CatalogPlugin {
  id: string
  version: string | null
}

export interface GradleVersionCatalog {
  libraries: Map<string, CatalogLibrary>
  bundles: Map<string, string[]>
  versions: Map<string, string>
  /** [plugins] by accessor key (`libs.plugins.spring.boot` → `spring.boot`). */
  plugins: Map<string, CatalogPlugin>
}

export type CatalogParseResult =
  | { ok: true; catalog: GradleVersionCatalog; problems: string[] }
  | { ok: false; line?: number; message: string }

/** `square-okio`, `square_okio`, `square.okio` and `libs.square.okio` all name the same accessor. */
export function catalogKey(alias: string): string {
  return alias.replace(/[-_.]/g, '.').toLowerCase()
}

type Table = Record<string, unknown>
const isTable = (v: unknown): v is Table => isObject(v)

/** A rich version (`{ strictly, require, prefer }`) read as the version Gradle would pick first. */
function versionText(v: unknown, versions: Map<string, string>): string | null {
  if (typeof v === 'string') return v
  if (!isTable(v)) return null
  if (typeof v.ref === 'string') return versions.get(v.ref) ?? null
  for (const k of ['strictly', 'require', 'prefer']) if (typeof v[k] === 'string') return v[k] as string
  return null
}

export function parseGradleVersionCatalog(text: string): CatalogParseResult {
  let doc: Table
  try {
    doc = parse(text) as Table
  } catch (e) {
    const line = isTable(e) && typeof e.line === 'number' ? e.line : undefined
    return {
      ok: false,
      ...(line !== undefined ? { line } : {}),
      message: `malformed TOML: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
    }
  }
  const problems: string[] = []
  const versions = new Map<string, string>()
  if (isTable(doc.versions)) {
    for (const [k, v] of Object.entries(doc.versions)) {
      const t = versionText(v, new Map())
      if (t !== null) versions.set(k, t)
    }
  }
  const libraries = new Map<string, CatalogLibrary>()
  if (isTable(doc.libraries)) {
    for (const [alias, v] of Object.entries(doc.libraries)) {
      let module: string | undefined
      let version: string | null = null
      if (typeof v === 'string') {
        const parts = v.split(':')
        module = parts.slice(0, 2).join(':')
        version = parts[2] ?? null
      } else if (isTable(v)) {
        module =
          typeof v.module === 'string'
            ? v.module
            : typeof v.group === 'string' && typeof v.name === 'string'
              ? `${v.group}:${v.name}`
              : undefined
        version =
          isTable(v.version) || typeof v.version === 'string' ? versionText(v.version, versions) : null
        if (version === null && isTable(v.version) && typeof v.version.ref === 'string')
          problems.push(`library ${alias}: version.ref ${v.version.ref} is not in [versions]`)
      }
      const [group, artifact] = (module ?? '').split(':')
      if (!group || !artifact) {
        problems.push(`library ${alias}: no module group:name`)
        continue
      }
      libraries.set(catalogKey(alias), { alias, group, artifact, version })
    }
  }
  const bundles = new Map<string, string[]>()
  if (isTable(doc.bundles)) {
    for (const [name, v] of Object.entries(doc.bundles)) {
      if (Array.isArray(v))
        bundles.set(catalogKey(name), v.filter((x): x is string => typeof x === 'string').map(catalogKey))
    }
  }
  const plugins = new Map<string, CatalogPlugin>()
  if (isTable(doc.plugins)) {
    for (const [alias, v] of Object.entries(doc.plugins)) {
      if (typeof v === 'string') {
        const [id, version] = v.split(':')
        if (id) plugins.set(catalogKey(alias), { id, version: version ?? null })
      } else if (isTable(v) && typeof v.id === 'string')
        plugins.set(catalogKey(alias), { id: v.id, version: versionText(v.version, versions) })
      else problems.push(`plugin ${alias}: no id`)
    }
  }
  return { ok: true, catalog: { libraries, bundles, versions, plugins }, problems }
}
