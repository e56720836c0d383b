// An advisory's affected versions for one npm package as a single npm range (issue 9 oracle: npm's
// bulk advisory endpoint wants `vulnerable_versions`, one per advisory id, all ranges merged).
// Built from the compiled entries, so the same leniencies apply as in matching.
import { type CompiledEntry, compilePackageEntries } from './compile'
import type { OsvRecord } from './osv/types'
import { defaultSchemeLookup, type SchemeLookup } from './versions'

function rangeText(events: CompiledEntry['ranges'][number]['events']): string[] {
  const parts: string[] = []
  let start: string | null = null
  for (const e of events) {
    if (e.kind === 'introduced') {
      if (start === null) start = e.version === '0' ? '>=0.0.0-0' : `>=${e.version}`
      continue
    }
    if (start === null) continue
    if (e.kind === 'fixed' || e.kind === 'limit') parts.push(`${start} <${e.version}`)
    else parts.push(`${start} <=${e.version}`)
    start = null
  }
  if (start !== null) parts.push(start)
  return parts
}

/**
 * `vulnerable_versions` for one advisory and one npm package, e.g. '>=0.0.0-0 <4.17.21 || =5.0.0';
 * `null` when the advisory has no evaluable entry for the package. Evaluate with
 * `{ includePrerelease: true }`: OSV ranges cover pre-releases too.
 */
export function npmVulnerableVersions(
  record: OsvRecord,
  name: string,
  schemes: SchemeLookup = defaultSchemeLookup,
): string | null {
  const parts: string[] = []
  for (const entry of compilePackageEntries([record], 'npm', name, schemes)) {
    for (const range of entry.ranges) if (range.undecided === null) parts.push(...rangeText(range.events))
    for (const v of entry.versions) parts.push(`=${v}`)
  }
  const unique = [...new Set(parts)]
  return unique.length === 0 ? null : unique.join(' || ')
}
