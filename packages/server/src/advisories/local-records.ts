// OSV records of a local source held in memory (issue 15 `sextant scan --offline --advisories PATH`):
// the same formats, limits and per-record checks as an import into the store (readers.ts, toRow),
// and the same rule for a record met twice (the newer `modified` wins), so an offline scan matches
// exactly what a server that imported the same source would.
import type { OsvRecord, OsvWarning } from '@sextant/engine'
import { toRow } from './import.service'
import { defaultImportLimits, readLocalSource, SourceError } from './readers'

export interface LocalAdvisories {
  records: OsvRecord[]
  warnings: OsvWarning[]
}

/** Throws SourceError (with a message to act on) when the source cannot be read at all. */
export async function readLocalAdvisories(path: string): Promise<LocalAdvisories> {
  const byId = new Map<string, { record: OsvRecord; modified: string }>()
  const warnings: OsvWarning[] = []
  for await (const item of readLocalSource(path, defaultImportLimits)) {
    if (item.kind === 'warning') {
      warnings.push(item.warning)
      continue
    }
    // Without ReadOptions.isStored the reader answers every record parsed; 'stored' does not come.
    if (item.kind !== 'record') continue
    const row = toRow(item, defaultImportLimits)
    if (!('record' in row)) {
      warnings.push(row)
      continue
    }
    const modified = row.modified ?? ''
    const seen = byId.get(row.record.id)
    if (!seen || modified >= seen.modified) byId.set(row.record.id, { record: row.record, modified })
  }
  return { records: [...byId.values()].map((e) => e.record), warnings }
}

export { SourceError }
