// `sextant enrichment import <epss|kev|cwe> <path|url>` without a running server (issue 9 CLI): imports
// one file or URL into the opened database and records the run in enrichment_sources like a sync does.
import type { EnrichmentKind } from '@sextant/contract'
import type { Db } from '../db/connection'
import { type EnrichmentImportResult, formatEnrichmentWarning, importEnrichment } from './import.service'
import type { ReadOptions } from './read-source'
import { markEnrichmentRunning, recordEnrichmentRun } from './sources.repo'

export async function importEnrichmentSource(
  db: Db,
  kind: EnrichmentKind,
  location: string,
  options: ReadOptions = {},
): Promise<EnrichmentImportResult> {
  const result = await importEnrichment(db, kind, location, options)
  // A source that could not be read at all (a mistyped path, a refused URL) leaves no state behind.
  if (!result.ok && result.counts.total === 0 && result.warnings.length === 0) return result
  const warnings = result.warnings.map(formatEnrichmentWarning)
  await markEnrichmentRunning(db, { kind, location })
  await recordEnrichmentRun(db, kind, {
    status: result.ok ? (warnings.length ? 'PARTIAL' : 'OK') : 'FAILED',
    error: result.error,
    counts: result.counts,
    warnings,
    version: result.version,
  })
  return result
}
