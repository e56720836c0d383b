// `sextant advisories import <path|url>` without a running server (issue 9 CLI): on a database opened by
// db/open.ts, imports one source and records it in advisory_sources like a sync does.
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { formatWarning, type ImportOptions, type ImportResult, importAdvisories } from './import.service'
import { configuredSources, sourceIdOf } from './sources'
import { markRunning, recordRun } from './sources.repo'

export interface SourceImportResult extends ImportResult {
  sourceId: string
}

/** Imports one location as a named source: a configured source's id when it is one, else 'import-<name>'. */
export async function importAdvisorySource(
  db: Db,
  config: Pick<Config, 'advisorySources'>,
  location: string,
  options: Omit<ImportOptions, 'source'> = {},
): Promise<SourceImportResult> {
  const configured = configuredSources(config.advisorySources).find((s) => s.location === location)
  const sourceId = configured?.id ?? sourceIdOf(location).replace(/^osv/, 'import')
  const result = await importAdvisories(db, location, { ...options, source: sourceId })
  // A source that could not be read at all leaves no database entry behind (a mistyped path, a refused URL).
  if (!result.ok && result.counts.total === 0) return { ...result, sourceId }
  const warnings = result.warnings.map(formatWarning)
  await markRunning(db, { id: sourceId, kind: 'osv', location })
  await recordRun(db, sourceId, {
    status: result.ok ? (warnings.length ? 'PARTIAL' : 'OK') : 'FAILED',
    error: result.error,
    counts: result.counts,
    warnings,
  })
  return { ...result, sourceId }
}
