// The state of each advisory source (spec accounts-and-api §7 "databases"; issue 9): last run, last
// success, last error, what the last run counted and its first warnings, in `advisory_sources`.
import type { AdvisoryDbDetail, AdvisoryDbStatus, AdvisoryRunCounts } from '@sextant/contract'
import type { Db } from '../db/connection'
import type { AdvisorySource } from './sources'

/** How many warnings of a run are kept for the API; the total is in the counts (skipped). */
export const KEPT_WARNINGS = 20

interface SourceRow {
  id: string
  kind: string
  location: string
  status: AdvisoryDbStatus
  last_run_at: Date | null
  last_success_at: Date | null
  last_error: string | null
  record_counts: AdvisoryRunCounts | null
  warnings: string[]
}

function present(row: SourceRow): AdvisoryDbDetail {
  return {
    id: row.id,
    kind: row.kind,
    location: row.location,
    status: row.status,
    lastRunAt: row.last_run_at?.toISOString() ?? null,
    lastSuccessAt: row.last_success_at?.toISOString() ?? null,
    lastError: row.last_error,
    counts: row.record_counts,
    warnings: row.warnings,
  }
}

/** Makes sure each source has a row (its state is kept); a changed location is recorded. */
export async function registerSources(db: Db, sources: readonly AdvisorySource[]): Promise<void> {
  if (sources.length === 0) return
  await db.query(
    `INSERT INTO advisory_sources (id, kind, location)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind, location = EXCLUDED.location
     WHERE advisory_sources.location IS DISTINCT FROM EXCLUDED.location`,
    [sources.map((s) => s.id), sources.map((s) => s.kind), sources.map((s) => s.location)],
  )
}

export async function listSources(db: Db): Promise<AdvisoryDbDetail[]> {
  const r = await db.query<SourceRow>('SELECT * FROM advisory_sources ORDER BY id')
  return r.rows.map(present)
}

export async function findSource(db: Db, id: string): Promise<AdvisoryDbDetail | null> {
  const r = await db.query<SourceRow>('SELECT * FROM advisory_sources WHERE id = $1', [id])
  return r.rows[0] ? present(r.rows[0]) : null
}

/** QUEUED unless a run is under way (a queued sync then follows the running one). */
export async function markQueued(db: Db, id: string): Promise<void> {
  await db.query(
    `UPDATE advisory_sources SET status = 'QUEUED', updated_at = now() WHERE id = $1 AND status <> 'RUNNING'`,
    [id],
  )
}

export async function markRunning(db: Db, source: AdvisorySource): Promise<void> {
  await db.query(
    `INSERT INTO advisory_sources (id, kind, location, status, last_run_at) VALUES ($1, $2, $3, 'RUNNING', now())
     ON CONFLICT (id) DO UPDATE SET location = EXCLUDED.location, status = 'RUNNING', last_run_at = now(),
       updated_at = now()`,
    [source.id, source.kind, source.location],
  )
}

export interface RunOutcome {
  status: Extract<AdvisoryDbStatus, 'OK' | 'PARTIAL' | 'FAILED'>
  error: string | null
  counts: AdvisoryRunCounts
  warnings: string[]
}

export async function recordRun(db: Db, id: string, outcome: RunOutcome): Promise<void> {
  await db.query(
    `UPDATE advisory_sources SET status = $2, last_error = $3, record_counts = $4::jsonb, warnings = $5::jsonb,
       last_success_at = CASE WHEN $2 = 'FAILED' THEN last_success_at ELSE now() END, updated_at = now()
     WHERE id = $1`,
    [
      id,
      outcome.status,
      outcome.error,
      JSON.stringify(outcome.counts),
      JSON.stringify(outcome.warnings.slice(0, KEPT_WARNINGS)),
    ],
  )
}

/** Sources whose last run started over `intervalMs` ago or never; a run cut short by a crash counts too. */
export async function dueSourceIds(db: Db, intervalMs: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM advisory_sources
     WHERE last_run_at IS NULL OR last_run_at < now() - $1 * interval '1 millisecond'
     ORDER BY id`,
    [intervalMs],
  )
  return r.rows.map((row) => row.id)
}

/** Changes whenever a source's run starts or ends (a cheap change detector for the store's state). */
export async function sourcesGeneration(db: Db): Promise<string> {
  const r = await db.query<{ g: string }>(
    `SELECT count(*)::text || '/' || coalesce(max(updated_at)::text, '') AS g FROM advisory_sources`,
  )
  return r.rows[0]?.g ?? ''
}
