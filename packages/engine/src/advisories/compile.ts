// Compiling one OSV `affected` entry for matching (DESIGN §4 advisories): events read under the
// range's scheme and sorted once, quirks turned into notes. Done when indexing, never per lookup.
// Quirks (corpus README §1): '' events ignored, '1.0' and '7.0.36, 8.2.13' read leniently.
import type { Ecosystem } from '../model'
import type { VersionScheme } from '../versioning/types'
import { ecosystemOfOsv, normalisePackageName } from './ecosystems'
import type { OsvAffected, OsvEventKind, OsvRecord } from './osv/types'
import { readVersion, type SchemeLookup, schemeForRange } from './versions'

export interface CompiledEvent {
  kind: OsvEventKind
  /** '0' for "from the beginning", else a version the range's scheme orders. */
  version: string
}

export interface CompiledRange {
  /** `null` when no scheme orders this range (GIT ranges, ecosystems without a scheme). */
  scheme: VersionScheme | null
  /** Sorted ascending; ties put `introduced` first. */
  events: CompiledEvent[]
  /** Why this range cannot be evaluated at all, else `null`. */
  undecided: string | null
}

export interface CompiledEntry {
  record: OsvRecord
  ecosystem: Ecosystem
  /** Normalised package name (see ecosystems.ts). */
  name: string
  affected: OsvAffected
  /** SEMVER and ECOSYSTEM ranges; GIT ranges are left out (they order commits, not versions). */
  ranges: CompiledRange[]
  versions: ReadonlySet<string>
  /** The ecosystem's own scheme, `null` when it has none. */
  scheme: VersionScheme | null
  /** Leniencies applied while compiling, for the report's notes. */
  notes: string[]
}

const KIND_ORDER: Record<OsvEventKind, number> = { introduced: 0, last_affected: 1, fixed: 2, limit: 3 }

function compileRange(
  type: string,
  events: OsvAffected['ranges'][number]['events'],
  scheme: VersionScheme | null,
  notes: string[],
  id: string,
): CompiledRange {
  if (scheme === null) return { scheme, events: [], undecided: `no version scheme orders this ${type} range` }
  const out: CompiledEvent[] = []
  for (const e of events) {
    if (e.kind === 'introduced' && e.version === '0') {
      out.push({ kind: e.kind, version: '0' })
      continue
    }
    if (e.kind === 'limit' && e.version === '*') continue // OSV: "*" means no limit
    if (e.version.trim() === '') {
      notes.push(`${id}: empty '${e.kind}' event ignored`)
      continue
    }
    const read = readVersion(scheme, e.version)
    if (read === null) {
      return { scheme, events: [], undecided: `'${e.kind}: ${e.version}' is not a version` }
    }
    if (read.coerced) notes.push(`${id}: '${e.kind}: ${e.version}' read as ${read.version}`)
    out.push({ kind: e.kind, version: read.version })
  }
  out.sort((a, b) => {
    if (a.version === '0' || b.version === '0') {
      return a.version === b.version ? KIND_ORDER[a.kind] - KIND_ORDER[b.kind] : a.version === '0' ? -1 : 1
    }
    return (scheme.compare(a.version, b.version) ?? 0) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]
  })
  return { scheme, events: out, undecided: null }
}

/** Compiles one `affected` entry; `null` when its ecosystem is not one we model. */
export function compileEntry(
  record: OsvRecord,
  affected: OsvAffected,
  lookup: SchemeLookup,
): CompiledEntry | null {
  const ecosystem = ecosystemOfOsv(affected.package.ecosystem)
  if (ecosystem === null) return null
  const notes: string[] = []
  const ranges = affected.ranges
    .filter((r) => r.type !== 'GIT')
    .map((r) => compileRange(r.type, r.events, schemeForRange(r.type, ecosystem, lookup), notes, record.id))
  return {
    record,
    ecosystem,
    name: normalisePackageName(ecosystem, affected.package.name),
    affected,
    ranges,
    versions: new Set(affected.versions),
    scheme: lookup(ecosystem),
    notes,
  }
}

/** Every entry of the records that names this package (several per record are possible). */
export function compilePackageEntries(
  records: readonly OsvRecord[],
  ecosystem: Ecosystem,
  name: string,
  lookup: SchemeLookup,
): CompiledEntry[] {
  const wanted = normalisePackageName(ecosystem, name)
  const out: CompiledEntry[] = []
  for (const record of records) {
    for (const affected of record.affected) {
      if (ecosystemOfOsv(affected.package.ecosystem) !== ecosystem) continue
      const entry = compileEntry(record, affected, lookup)
      if (entry !== null && entry.name === wanted) out.push(entry)
    }
  }
  return out
}
