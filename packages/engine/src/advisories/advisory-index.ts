// The in-memory advisory index (DESIGN §2, §4 advisories): OSV records compiled per
// (ecosystem, normalised package name) so that matching one package is one Map access. Building is
// separate from matching; the server may build it from stored records.
import type { Ecosystem } from '../model'
import { type CompiledEntry, compileEntry, compilePackageEntries } from './compile'
import { normalisePackageName } from './ecosystems'
import { type MatchResult, matchEntries } from './match'
import type { OsvRecord } from './osv/types'
import { defaultSchemeLookup, type SchemeLookup } from './versions'

export interface AdvisoryIndex {
  /** Key: `advisoryKey(ecosystem, name)`. */
  readonly byPackage: ReadonlyMap<string, readonly CompiledEntry[]>
  /** Every record by id, withdrawn ones included (latest `modified` wins on duplicates). */
  readonly records: ReadonlyMap<string, OsvRecord>
  /** Affected entries left out because we do not model their ecosystem, per OSV ecosystem name. */
  readonly unindexedEntries: Readonly<Record<string, number>>
  readonly schemes: SchemeLookup
}

export interface PackageVersion {
  ecosystem: Ecosystem
  name: string
  version: string
}

export function advisoryKey(ecosystem: Ecosystem, name: string): string {
  return `${ecosystem}\u0000${normalisePackageName(ecosystem, name)}`
}

function newer(a: OsvRecord, b: OsvRecord): boolean {
  return (a.modified ?? '') >= (b.modified ?? '')
}

/** Builds the index; `schemes` picks the version scheme per ecosystem (the registry by default). */
export function buildAdvisoryIndex(
  records: Iterable<OsvRecord>,
  schemes: SchemeLookup = defaultSchemeLookup,
): AdvisoryIndex {
  const byId = new Map<string, OsvRecord>()
  for (const r of records) {
    const seen = byId.get(r.id)
    if (seen === undefined || newer(r, seen)) byId.set(r.id, r)
  }
  const byPackage = new Map<string, CompiledEntry[]>()
  const unindexed: Record<string, number> = {}
  for (const record of byId.values()) {
    for (const affected of record.affected) {
      const entry = compileEntry(record, affected, schemes)
      if (entry === null) {
        unindexed[affected.package.ecosystem] = (unindexed[affected.package.ecosystem] ?? 0) + 1
        continue
      }
      const key = `${entry.ecosystem}\u0000${entry.name}`
      const list = byPackage.get(key)
      if (list === undefined) byPackage.set(key, [entry])
      else list.push(entry)
    }
  }
  return { byPackage, records: byId, unindexedEntries: unindexed, schemes }
}

/** The compiled entries naming this package (empty when none). */
export function lookupEntries(
  index: AdvisoryIndex,
  ecosystem: Ecosystem,
  name: string,
): readonly CompiledEntry[] {
  return index.byPackage.get(advisoryKey(ecosystem, name)) ?? []
}

/** Every advisory decision for one component version: one lookup, then pure evaluation. */
export function matchPackage(index: AdvisoryIndex, query: PackageVersion): MatchResult {
  return matchEntries(
    lookupEntries(index, query.ecosystem, query.name),
    query.version,
    index.schemes(query.ecosystem),
  )
}

/** Matching without an index, for a handful of records (tests, one-off lookups). */
export function matchRecords(
  records: readonly OsvRecord[],
  query: PackageVersion,
  schemes: SchemeLookup = defaultSchemeLookup,
): MatchResult {
  const entries = compilePackageEntries(records, query.ecosystem, query.name, schemes)
  return matchEntries(entries, query.version, schemes(query.ecosystem))
}
