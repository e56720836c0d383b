// Importing one enrichment source (issue 9 "Enrichment": EPSS from FIRST's daily CSV, KEV from CISA's
// catalogue, CWE names from MITRE's list): read the file or URL, parse with the engine (bad lines →
// warnings naming file and line), store, and answer what changed. A source that cannot be read is a value.
import type { EnrichmentKind, EnrichmentRunCounts } from '@sextant/contract'
import { parseCweCsv, parseEpssCsv, parseKevJson, type Warning } from '@sextant/engine'
import type { Db } from '../db/connection'
import { removeMissing, type WriteCounts, writeCwe, writeEpss, writeKev } from './enrichment.repo'
import { type ReadOptions, readSourceText } from './read-source'

export interface EnrichmentImportResult {
  ok: boolean
  error: string | null
  counts: EnrichmentRunCounts
  warnings: Warning[]
  /** The snapshot's own version (EPSS score date, KEV catalogVersion). */
  version: string | null
  durationMs: number
}

/** 'file:line: message' for people (the CLI, the stats route). */
export function formatEnrichmentWarning(w: Warning): string {
  return `${w.file}${w.line ? `:${w.line}` : ''}: ${w.message}`
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

async function store(
  db: Db,
  kind: EnrichmentKind,
  text: string,
  name: string,
): Promise<{
  counts: EnrichmentRunCounts
  warnings: Warning[]
  version: string | null
  error: string | null
}> {
  let rows = 0
  let skipped = 0
  let warnings: Warning[] = []
  let version: string | null = null
  let written: WriteCounts = { inserted: 0, updated: 0, unchanged: 0 }
  let removed = 0
  // A file with nothing usable keeps what is stored rather than emptying the table.
  if (kind === 'epss') {
    const p = parseEpssCsv(text, name)
    ;({ warnings, version, skipped } = p)
    rows = p.rows.length
    if (rows > 0) {
      written = await writeEpss(db, p.rows, version && DATE.test(version) ? version : null)
      removed = await removeMissing(
        db,
        'epss',
        p.rows.map((r) => r.cve),
      )
    }
  } else if (kind === 'kev') {
    const p = parseKevJson(text, name)
    ;({ warnings, version, skipped } = p)
    rows = p.rows.length
    if (rows > 0) {
      written = await writeKev(db, p.rows)
      removed = await removeMissing(
        db,
        'kev',
        p.rows.map((r) => r.cve),
      )
    }
  } else {
    const p = parseCweCsv(text, name)
    ;({ warnings, version, skipped } = p)
    rows = p.rows.length
    if (rows > 0) written = await writeCwe(db, p.rows)
  }
  return {
    counts: { total: rows + skipped, ...written, skipped, removed },
    warnings,
    version,
    error: rows === 0 ? `${name} holds no usable ${kind.toUpperCase()} rows.` : null,
  }
}

/** Imports one EPSS, KEV or CWE file or URL into the store. */
export async function importEnrichment(
  db: Db,
  kind: EnrichmentKind,
  location: string,
  options: ReadOptions = {},
): Promise<EnrichmentImportResult> {
  const started = performance.now()
  const source = await readSourceText(location, options)
  if (!source.ok)
    return {
      ok: false,
      error: source.error,
      counts: { total: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0, removed: 0 },
      warnings: [],
      version: null,
      durationMs: performance.now() - started,
    }
  const r = await store(db, kind, source.text, source.name)
  return { ok: r.error === null, ...r, durationMs: performance.now() - started }
}
