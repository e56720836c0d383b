// Storage of EPSS scores, KEV entries and CWE names (DESIGN §2; issue 9 "Enrichment"): batched upserts
// that count inserted / updated / unchanged rows (a second import of the same file changes nothing),
// removal of CVEs gone from a snapshot, and the lookups the analysis and the CWE route make.
import type { EnrichmentKind } from '@sextant/contract'
import type { CweEntry, EpssScore, KevEntry } from '@sextant/engine'
import type { Db } from '../db/connection'
import { inTransaction } from '../db/transaction'

export interface WriteCounts {
  inserted: number
  updated: number
  unchanged: number
}

const BATCH = 5_000

const epssSql = `
INSERT INTO epss_scores AS t (cve, epss, percentile, score_date)
SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[], $4::date[])
ON CONFLICT (cve) DO UPDATE SET epss = EXCLUDED.epss, percentile = EXCLUDED.percentile, score_date = EXCLUDED.score_date
WHERE (t.epss, t.percentile, t.score_date) IS DISTINCT FROM (EXCLUDED.epss, EXCLUDED.percentile, EXCLUDED.score_date)
RETURNING (xmax = 0) AS inserted`

const kevSql = `
INSERT INTO kev_entries AS t (cve, date_added, exploited, vendor_project, product, name)
SELECT * FROM unnest($1::text[], $2::date[], $3::bool[], $4::text[], $5::text[], $6::text[])
ON CONFLICT (cve) DO UPDATE SET date_added = EXCLUDED.date_added, exploited = EXCLUDED.exploited,
  vendor_project = EXCLUDED.vendor_project, product = EXCLUDED.product, name = EXCLUDED.name
WHERE (t.date_added, t.exploited, t.vendor_project, t.product, t.name)
  IS DISTINCT FROM (EXCLUDED.date_added, EXCLUDED.exploited, EXCLUDED.vendor_project, EXCLUDED.product, EXCLUDED.name)
RETURNING (xmax = 0) AS inserted`

const cweSql = `
INSERT INTO cwe_names AS t (id, name, description)
SELECT * FROM unnest($1::int[], $2::text[], $3::text[])
ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = COALESCE(EXCLUDED.description, t.description)
WHERE (t.name, t.description) IS DISTINCT FROM (EXCLUDED.name, COALESCE(EXCLUDED.description, t.description))
RETURNING (xmax = 0) AS inserted`

async function writeBatches<Row>(
  db: Db,
  rows: readonly Row[],
  sql: string,
  columns: (batch: readonly Row[]) => unknown[],
): Promise<WriteCounts> {
  const counts = { inserted: 0, updated: 0, unchanged: 0 }
  await inTransaction(db, async (client) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH)
      const written = await client.query<{ inserted: boolean }>(sql, columns(batch))
      const inserted = written.rows.filter((r) => r.inserted).length
      counts.inserted += inserted
      counts.updated += written.rows.length - inserted
      counts.unchanged += batch.length - written.rows.length
    }
  })
  return counts
}

export function writeEpss(
  db: Db,
  rows: readonly EpssScore[],
  scoreDate: string | null,
): Promise<WriteCounts> {
  return writeBatches(db, rows, epssSql, (b) => [
    b.map((r) => r.cve),
    b.map((r) => r.epss),
    b.map((r) => r.percentile),
    b.map(() => scoreDate),
  ])
}

export function writeKev(db: Db, rows: readonly KevEntry[]): Promise<WriteCounts> {
  return writeBatches(db, rows, kevSql, (b) => [
    b.map((r) => r.cve),
    b.map((r) => r.dateAdded),
    b.map((r) => r.exploited),
    b.map((r) => r.vendorProject),
    b.map((r) => r.product),
    b.map((r) => r.name),
  ])
}

/** CWE names are added to, never removed: MITRE deprecates an id, it does not delete it. */
export function writeCwe(db: Db, rows: readonly CweEntry[]): Promise<WriteCounts> {
  return writeBatches(db, rows, cweSql, (b) => [
    b.map((r) => r.id),
    b.map((r) => r.name),
    b.map((r) => r.description),
  ])
}

/** EPSS and KEV files are whole snapshots: a CVE no longer in one is removed. Answers how many. */
export async function removeMissing(db: Db, kind: 'epss' | 'kev', kept: readonly string[]): Promise<number> {
  const table = kind === 'epss' ? 'epss_scores' : 'kev_entries'
  const r = await db.query(`DELETE FROM ${table} WHERE NOT (cve = ANY($1::text[]))`, [kept])
  return r.rowCount ?? 0
}

export async function countRows(db: Db): Promise<Record<EnrichmentKind, number>> {
  const r = await db.query<{ epss: string; kev: string; cwe: string }>(
    `SELECT (SELECT count(*) FROM epss_scores) AS epss, (SELECT count(*) FROM kev_entries) AS kev,
       (SELECT count(*) FROM cwe_names) AS cwe`,
  )
  const row = r.rows[0]
  return { epss: Number(row?.epss ?? 0), kev: Number(row?.kev ?? 0), cwe: Number(row?.cwe ?? 0) }
}

/** EPSS fractions of these CVEs: one indexed query. */
export async function epssOf(db: Db, cves: readonly string[]): Promise<Map<string, number>> {
  if (cves.length === 0) return new Map()
  const r = await db.query<{ cve: string; epss: number }>(
    'SELECT cve, epss FROM epss_scores WHERE cve = ANY($1::text[])',
    [cves],
  )
  return new Map(r.rows.map((row) => [row.cve, Number(row.epss)]))
}

/** KEV entries of these CVEs: one indexed query. */
export async function kevOf(
  db: Db,
  cves: readonly string[],
): Promise<Map<string, { cve: string; exploited: boolean }>> {
  if (cves.length === 0) return new Map()
  const r = await db.query<{ cve: string; exploited: boolean }>(
    'SELECT cve, exploited FROM kev_entries WHERE cve = ANY($1::text[])',
    [cves],
  )
  return new Map(r.rows.map((row) => [row.cve, { cve: row.cve, exploited: row.exploited }]))
}

export async function cweById(db: Db, id: number): Promise<CweEntry | null> {
  const r = await db.query<CweEntry>('SELECT id, name, description FROM cwe_names WHERE id = $1', [id])
  return r.rows[0] ?? null
}
