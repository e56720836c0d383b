// The state of each enrichment source (issue 9 "every import keeps its last-run state"): last run, last
// success, last error, counts, first warnings and the snapshot's version, one row per kind.
import type { AdvisoryDbStatus, EnrichmentDb, EnrichmentKind, EnrichmentRunCounts } from '@sextant/contract'
import type { Db } from '../db/connection'
import { countRows } from './enrichment.repo'
import { ENRICHMENT_KINDS, type EnrichmentSource } from './sources'

/** How many warnings of a run are kept; the total is counts.skipped. */
export const KEPT_WARNINGS = 20

interface Row {
  id: EnrichmentKind
  location: string
  status: AdvisoryDbStatus
  last_run_at: Date | null
  last_success_at: Date | null
  last_error: string | null
  counts: EnrichmentRunCounts | null
  warnings: string[]
  data_version: string | null
}

export interface EnrichmentSourceState extends EnrichmentDb {
  location: string | null
  warnings: string[]
}

export interface EnrichmentOutcome {
  status: 'OK' | 'PARTIAL' | 'FAILED'
  error: string | null
  counts: EnrichmentRunCounts
  warnings: string[]
  version: string | null
}

export async function registerEnrichmentSources(db: Db, sources: readonly EnrichmentSource[]): Promise<void> {
  for (const s of sources)
    await db.query(
      `INSERT INTO enrichment_sources (id, location) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET location = EXCLUDED.location
       WHERE enrichment_sources.location IS DISTINCT FROM EXCLUDED.location`,
      [s.kind, s.location],
    )
}

export async function markEnrichmentRunning(db: Db, source: EnrichmentSource): Promise<void> {
  await db.query(
    `INSERT INTO enrichment_sources (id, location, status, last_run_at) VALUES ($1, $2, 'RUNNING', now())
     ON CONFLICT (id) DO UPDATE SET location = EXCLUDED.location, status = 'RUNNING', last_run_at = now(),
       updated_at = now()`,
    [source.kind, source.location],
  )
}

export async function recordEnrichmentRun(
  db: Db,
  kind: EnrichmentKind,
  outcome: EnrichmentOutcome,
): Promise<void> {
  await db.query(
    `UPDATE enrichment_sources SET status = $2, last_error = $3, counts = $4::jsonb, warnings = $5::jsonb,
       data_version = CASE WHEN $2 = 'FAILED' THEN data_version ELSE $6 END,
       last_success_at = CASE WHEN $2 = 'FAILED' THEN last_success_at ELSE now() END, updated_at = now()
     WHERE id = $1`,
    [
      kind,
      outcome.status,
      outcome.error,
      JSON.stringify(outcome.counts),
      JSON.stringify(outcome.warnings.slice(0, KEPT_WARNINGS)),
      outcome.version,
    ],
  )
}

/** Kinds whose last run started over `intervalMs` ago, or never. */
export async function dueEnrichmentKinds(db: Db, intervalMs: number): Promise<EnrichmentKind[]> {
  const r = await db.query<{ id: EnrichmentKind }>(
    `SELECT id FROM enrichment_sources
     WHERE last_run_at IS NULL OR last_run_at < now() - $1 * interval '1 millisecond' ORDER BY id`,
    [intervalMs],
  )
  return r.rows.map((row) => row.id)
}

/** Every kind, in the order epss, kev, cwe; a kind never configured nor imported answers NEVER_RUN. */
export async function listEnrichmentSources(db: Db): Promise<EnrichmentSourceState[]> {
  const [r, rows] = await Promise.all([db.query<Row>('SELECT * FROM enrichment_sources'), countRows(db)])
  const byId = new Map(r.rows.map((row) => [row.id, row]))
  return ENRICHMENT_KINDS.map((kind) => {
    const row = byId.get(kind)
    return {
      id: kind,
      location: row?.location ?? null,
      status: row?.status ?? 'NEVER_RUN',
      lastRunAt: row?.last_run_at?.toISOString() ?? null,
      lastSuccessAt: row?.last_success_at?.toISOString() ?? null,
      lastError: row?.last_error ?? null,
      counts: row?.counts ?? null,
      warnings: row?.warnings ?? [],
      version: row?.data_version ?? null,
      rows: rows[kind],
    }
  })
}
