// Test helper: OSV records written as raw OSV JSON and passed through the real parser, so tests
// exercise the same shapes as imported data. Used by *.test.ts only.
import { parseOsvRecord } from './osv/schema'
import type { OsvRecord } from './osv/types'

type RawEvent = { introduced: string } | { fixed: string } | { last_affected: string } | { limit: string }

export interface RawEntry {
  ecosystem?: string
  name: string
  events?: RawEvent[]
  /** Several ranges in one entry. */
  ranges?: { type?: string; events: RawEvent[] }[]
  versions?: string[]
  rangeType?: string
}

export function osvRecord(id: string, entries: RawEntry[], extra: Record<string, unknown> = {}): OsvRecord {
  const raw = {
    id,
    modified: '2024-01-01T00:00:00Z',
    affected: entries.map((e) => ({
      package: { ecosystem: e.ecosystem ?? 'npm', name: e.name },
      ranges:
        e.ranges?.map((r) => ({ type: r.type ?? 'ECOSYSTEM', events: r.events })) ??
        (e.events ? [{ type: e.rangeType ?? 'ECOSYSTEM', events: e.events }] : undefined),
      versions: e.versions,
    })),
    ...extra,
  }
  const r = parseOsvRecord(raw)
  if (!r.ok) throw new Error(r.warning.message)
  return r.record
}
