// Identifiers of an advisory (DESIGN §4 advisories; issue 9 "one advice showing every identifier"):
// a GHSA and a CVE describing one vulnerability are grouped; the CVE is the one Advice.cve shows.
import type { OsvRecord } from './osv/types'

const CVE = /^CVE-\d{4}-\d{4,}$/
const CWE = /^CWE-\d+$/

/** The record's id followed by its aliases, without duplicates. */
export function identifiersOf(record: OsvRecord): string[] {
  return [...new Set([record.id, ...record.aliases])]
}

/** The CVE among the identifiers (the id itself first, then aliases in order); `null` when none. */
export function cveOf(record: OsvRecord): string | null {
  return identifiersOf(record).find((id) => CVE.test(id)) ?? null
}

/** Every CVE id of the records, in first-seen order. */
export function cvesOf(records: readonly OsvRecord[]): string[] {
  return [...new Set(records.flatMap((r) => identifiersOf(r).filter((id) => CVE.test(id))))]
}

/** CWE ids of the records ('CWE-79'), upper-cased, deduplicated, in first-seen order. */
export function cweIdsOf(records: readonly OsvRecord[]): string[] {
  const ids = records.flatMap((r) => r.cweIds.map((c) => c.trim().toUpperCase()))
  return [...new Set(ids.filter((c) => CWE.test(c)))]
}

/**
 * Groups records that share an identifier (id or alias, transitively): GHSA-x aliasing CVE-y and
 * a record CVE-y become one group. Groups and their members keep the input order.
 */
export function groupByAlias(records: readonly OsvRecord[]): OsvRecord[][] {
  const parent = records.map((_, i) => i)
  const find = (i: number): number => {
    let r = i
    while (parent[r] !== r) r = parent[r] ?? r
    parent[i] = r
    return r
  }
  const owner = new Map<string, number>()
  records.forEach((record, i) => {
    for (const id of identifiersOf(record)) {
      const j = owner.get(id)
      if (j === undefined) owner.set(id, i)
      else {
        const [a, b] = [find(i), find(j)]
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b)
      }
    }
  })
  const groups = new Map<number, OsvRecord[]>()
  records.forEach((record, i) => {
    const root = find(i)
    const g = groups.get(root)
    if (g === undefined) groups.set(root, [record])
    else if (!g.some((r) => r.id === record.id)) g.push(record)
  })
  return [...groups.values()]
}

/**
 * Every identifier of a group but `id` (the advice's own): CVEs first, then the others (GHSA, PYSEC,
 * OSV, ...), each in first-seen order, without duplicates. What the page shows beside the badge.
 */
export function aliasesOf(group: readonly OsvRecord[], id: string): string[] {
  return cveFirst(group.flatMap(identifiersOf).filter((x) => x !== id))
}

/** Identifiers without duplicates, CVEs first, each kind in first-seen order. */
export function cveFirst(ids: readonly string[]): string[] {
  const all = [...new Set(ids)]
  return [...all.filter((x) => CVE.test(x)), ...all.filter((x) => !CVE.test(x))]
}

/** The record that speaks for a group: a GHSA record when there is one (richest data), else the first. */
export function primaryOf(group: readonly OsvRecord[]): OsvRecord | null {
  return group.find((r) => r.id.startsWith('GHSA-')) ?? group[0] ?? null
}
