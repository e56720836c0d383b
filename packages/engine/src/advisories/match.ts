// Pure matching of one component version against compiled OSV entries (DESIGN §4 advisories;
// corpus README §5 semantics): listed in `versions`, or the last applicable event of a sorted range
// is `introduced`. Withdrawn records never match; unreadable versions are reported, never guessed.
import { isPlaceholderVersion } from '../versioning/placeholder'
import type { VersionScheme } from '../versioning/types'
import type { CompiledEntry, CompiledRange } from './compile'
import type { OsvRecord } from './osv/types'
import { readVersion } from './versions'

export type Verdict = 'affected' | 'not-affected' | 'undecided'

export interface AdvisoryHit {
  record: OsvRecord
  /** 'versions': listed explicitly; 'range': inside an introduced/fixed range. */
  via: 'versions' | 'range'
}

export interface UndecidedAdvisory {
  record: OsvRecord
  reason: string
}

export interface MatchResult {
  /**
   * 'assessed': the version was read and every advisory decided or explained;
   * 'unparseable': the ecosystem's scheme cannot read the version (only exact `versions` listings count);
   * 'no-scheme': no scheme for this ecosystem (same).
   */
  status: 'assessed' | 'unparseable' | 'no-scheme'
  affected: AdvisoryHit[]
  notAffected: OsvRecord[]
  undecided: UndecidedAdvisory[]
  /** Withdrawn records that would otherwise have matched (kept for transparency, never findings). */
  ignoredWithdrawn: OsvRecord[]
  /** Leniencies used: coerced component version, coerced or ignored event versions. */
  notes: string[]
}

interface EntryOutcome {
  verdict: Verdict
  via?: 'versions' | 'range'
  reason?: string
}

interface VersionReader {
  raw: string
  /** The version as `scheme` reads it, `null` when it cannot; computed once per scheme. */
  read(scheme: VersionScheme): string | null
  notes: string[]
}

function versionReader(raw: string): VersionReader {
  const cache = new Map<VersionScheme, string | null>()
  const notes: string[] = []
  return {
    raw,
    notes,
    read(scheme) {
      const hit = cache.get(scheme)
      if (hit !== undefined) return hit
      // `debian`, `2.x`: never coerced into a version nobody released (only exact listings match)
      const r = isPlaceholderVersion(raw) ? null : readVersion(scheme, raw)
      if (r?.coerced) notes.push(`version '${raw}' read as ${r.version} (${scheme.id})`)
      const v = r?.version ?? null
      cache.set(scheme, v)
      return v
    },
  }
}

/** True, false, or `null` when the range cannot be evaluated for this version. */
function inRange(range: CompiledRange, reader: VersionReader): boolean | null {
  const scheme = range.scheme
  if (range.undecided !== null || scheme === null) return null
  const v = reader.read(scheme)
  if (v === null) return null
  let affected = false
  for (const e of range.events) {
    const c = e.version === '0' ? 1 : scheme.compare(v, e.version)
    if (c === null) return null
    switch (e.kind) {
      case 'introduced':
        if (c >= 0) affected = true
        break
      case 'fixed':
        if (c >= 0) affected = false
        break
      case 'last_affected':
        if (c > 0) affected = false
        break
      case 'limit':
        if (c >= 0) return false
        break
    }
  }
  return affected
}

function evaluateEntry(entry: CompiledEntry, reader: VersionReader): EntryOutcome {
  if (listed(entry, reader)) return { verdict: 'affected', via: 'versions' }
  let reason: string | null = null
  for (const range of entry.ranges) {
    const r = inRange(range, reader)
    if (r === true) return { verdict: 'affected', via: 'range' }
    if (r === null)
      reason ??= range.undecided ?? `version '${reader.raw}' cannot be read by the ${range.scheme?.id} scheme`
  }
  if (entry.versions.size > 0 && entry.ranges.length === 0) {
    // A versions-only entry is an enumeration: a version not listed is not affected.
    return { verdict: 'not-affected', via: 'versions' }
  }
  if (entry.ranges.length === 0)
    return { verdict: 'undecided', reason: 'entry has neither versions nor ranges' }
  return reason === null ? { verdict: 'not-affected' } : { verdict: 'undecided', reason }
}

/** Listed as written, or in the canonical form the ecosystem's scheme reads it ('v1.0.0' → '1.0.0'). */
function listed(entry: CompiledEntry, reader: VersionReader): boolean {
  if (entry.versions.size === 0) return false
  if (entry.versions.has(reader.raw)) return true
  const scheme = entry.scheme
  const v = scheme === null ? null : reader.read(scheme)
  return v !== null && entry.versions.has(v)
}

/**
 * Matches one version against the entries naming its package. `scheme` is the ecosystem's
 * scheme (`null` when it has none): it decides whether the version is readable at all.
 */
export function matchEntries(
  entries: readonly CompiledEntry[],
  version: string,
  scheme: VersionScheme | null,
): MatchResult {
  const reader = versionReader(version)
  if (entries.length === 0 && scheme !== null) {
    // Most components have no advisory at all: answer without grouping anything.
    const status = reader.read(scheme) === null ? 'unparseable' : 'assessed'
    return { status, affected: [], notAffected: [], undecided: [], ignoredWithdrawn: [], notes: reader.notes }
  }
  const status = scheme === null ? 'no-scheme' : reader.read(scheme) === null ? 'unparseable' : 'assessed'
  const byRecord = new Map<string, { record: OsvRecord; outcomes: EntryOutcome[] }>()
  for (const entry of entries) {
    const slot = byRecord.get(entry.record.id) ?? { record: entry.record, outcomes: [] }
    slot.outcomes.push(evaluateEntry(entry, reader))
    byRecord.set(entry.record.id, slot)
  }
  const result: MatchResult = {
    status,
    affected: [],
    notAffected: [],
    undecided: [],
    ignoredWithdrawn: [],
    notes: reader.notes,
  }
  for (const { record, outcomes } of byRecord.values()) {
    // One entry saying "affected" is enough; "not affected" needs every entry of the package to
    // say so (an entry we cannot evaluate leaves the advisory undecided, never silently clear).
    const hit = outcomes.find((o) => o.verdict === 'affected')
    if (record.withdrawn !== null) {
      if (hit) result.ignoredWithdrawn.push(record)
      continue
    }
    if (hit) result.affected.push({ record, via: hit.via ?? 'range' })
    else if (outcomes.every((o) => o.verdict === 'not-affected')) result.notAffected.push(record)
    else result.undecided.push({ record, reason: outcomes.find((o) => o.reason)?.reason ?? 'undecided' })
  }
  for (const entry of entries) {
    if (entry.notes.length > 0 && result.affected.some((h) => h.record === entry.record))
      result.notes.push(...entry.notes)
  }
  return result
}
