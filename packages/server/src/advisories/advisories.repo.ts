// The advisory store's tables (DESIGN §2 "advisory store"; issue 9): batched upserts incremental by
// `modified`, the (ecosystem, normalised name) index rows replaced with each record, and the lookup of a
// whole graph's advisories in one indexed query. Raw JSON goes in; parsed OsvRecords come out.
import {
  type Ecosystem,
  ecosystemOfOsv,
  normalisePackageName,
  type OsvRecord,
  parseOsvRecord,
  preferredCvss,
  severityOf,
} from '@sextant/engine'
import type { Db } from '../db/connection'
import { inTransaction } from '../db/transaction'

export interface PackageKey {
  ecosystem: Ecosystem
  name: string
}

/** One parsed, validated record ready to store; timestamps already normalised at the edge. */
export interface AdvisoryRow {
  record: OsvRecord
  raw: unknown
  modified: string | null
  published: string | null
  withdrawn: string | null
}

export interface UpsertCounts {
  inserted: number
  updated: number
  unchanged: number
}

/** The distinct (ecosystem, normalised name) pairs a record names; entries of unmodelled ecosystems are left out. */
export function packageKeysOf(record: OsvRecord): PackageKey[] {
  const seen = new Map<string, PackageKey>()
  for (const affected of record.affected) {
    const ecosystem = ecosystemOfOsv(affected.package.ecosystem)
    if (ecosystem === null) continue
    const name = normalisePackageName(ecosystem, affected.package.name)
    if (name === '') continue
    seen.set(`${ecosystem}\u0000${name}`, { ecosystem, name })
  }
  return [...seen.values()]
}

/**
 * id → `modified` (microseconds since the epoch, PostgreSQL's precision; exact in a double until the
 * year 2255) of every record stored from `source` that has one: what a re-import compares a record with
 * before parsing it (issue 20: an unchanged 220k-record file re-imports in seconds). A record stored from
 * another source is parsed and left to the upsert, which keeps it unless it is older. Rows as arrays:
 * at 220,000 rows the driver's building of one object per row was most of the read's cost.
 */
export async function storedModifiedStamps(db: Db, source: string): Promise<Map<string, number>> {
  const rows = await db.query<[string, number]>({
    text: `SELECT id, (extract(epoch FROM modified) * 1000000)::float8 AS us FROM advisories
           WHERE source = $1 AND modified IS NOT NULL`,
    values: [source],
    rowMode: 'array',
  })
  return new Map(rows.rows.map((r) => [r[0], Number(r[1])]))
}

/**
 * Refreshes the planner's statistics of the store after an import changed it: the embedded database runs
 * no autovacuum, and with the statistics of an empty store the planner reads every record where an index
 * lookup would do (issue 20). The alias index's pending list (migration 115's GIN index keeps new entries
 * in a list every lookup reads whole until a vacuum merges them: 4 MB, 16-27 ms per lookup after an
 * import of 226,000 records) is merged into the index here for the same reason.
 */
export async function analyseAdvisoryTables(db: Db): Promise<void> {
  await db.query('ANALYZE advisories, advisory_packages')
  await db.query("SELECT gin_clean_pending_list('advisories_upper_aliases'::regclass)")
}

const upsertSql = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS x(id text, modified timestamptz, published timestamptz, withdrawn timestamptz, aliases jsonb, raw jsonb,
         severity text, cvss real)
)
INSERT INTO advisories AS a (id, modified, published, withdrawn, aliases, raw, source, imported_at, severity, cvss)
SELECT id, modified, published, withdrawn, ARRAY(SELECT jsonb_array_elements_text(aliases)), raw, $2, now(),
  severity, cvss
FROM input
ON CONFLICT (id) DO UPDATE SET
  modified = EXCLUDED.modified, published = EXCLUDED.published, withdrawn = EXCLUDED.withdrawn,
  aliases = EXCLUDED.aliases, raw = EXCLUDED.raw, source = EXCLUDED.source, imported_at = now(),
  severity = EXCLUDED.severity, cvss = EXCLUDED.cvss
WHERE a.modified < EXCLUDED.modified
   -- Without a 'modified' on either side, only a change of content counts as newer.
   OR ((a.modified IS NULL OR EXCLUDED.modified IS NULL) AND a.raw IS DISTINCT FROM EXCLUDED.raw)
RETURNING a.id, (xmax = 0) AS inserted`

/** What the library lookups filter on: the engine's severity and CVSS base score of a record. */
export function facetsOf(record: OsvRecord): { severity: string; cvss: number | null } {
  return { severity: severityOf(record), cvss: preferredCvss(record)?.score ?? null }
}

/**
 * Stores one batch in one transaction. A record already stored with the same or a newer `modified` is
 * left alone (unchanged); a newer one replaces it, index rows included. Duplicates within the batch: the
 * newest wins.
 */
export async function upsertAdvisories(
  db: Db,
  rows: readonly AdvisoryRow[],
  source: string,
): Promise<UpsertCounts> {
  const byId = new Map<string, AdvisoryRow>()
  for (const row of rows) {
    const seen = byId.get(row.record.id)
    if (seen === undefined || (row.modified ?? '') >= (seen.modified ?? '')) byId.set(row.record.id, row)
  }
  const unique = [...byId.values()]
  if (unique.length === 0) return { inserted: 0, updated: 0, unchanged: 0 }
  const payload = unique.map((r) => ({
    id: r.record.id,
    modified: r.modified,
    published: r.published,
    withdrawn: r.withdrawn,
    aliases: r.record.aliases,
    raw: r.raw,
    ...facetsOf(r.record),
  }))
  return inTransaction(db, async (client) => {
    const written = await client.query<{ id: string; inserted: boolean }>(upsertSql, [
      JSON.stringify(payload),
      source,
    ])
    const changed = written.rows.map((r) => r.id)
    if (changed.length > 0) {
      // The packages a changed record named before the change are touched too (a package dropped from
      // its affected list): recorded for re-assessment with those it names now (issue 14).
      await client.query(
        `INSERT INTO advisory_changes (advisory_id, ecosystem, name)
         SELECT advisory_id, ecosystem, name FROM advisory_packages WHERE advisory_id = ANY($1::text[])
         ON CONFLICT DO NOTHING`,
        [changed],
      )
      await client.query('DELETE FROM advisory_packages WHERE advisory_id = ANY($1::text[])', [changed])
      const ecosystems: string[] = []
      const names: string[] = []
      const ids: string[] = []
      for (const id of changed) {
        for (const key of packageKeysOf(byId.get(id)!.record)) {
          ecosystems.push(key.ecosystem)
          names.push(key.name)
          ids.push(id)
        }
      }
      await client.query(
        `INSERT INTO advisory_packages (ecosystem, name, advisory_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
        [ecosystems, names, ids],
      )
      await client.query(
        `INSERT INTO advisory_changes (ecosystem, name, advisory_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
        [ecosystems, names, ids],
      )
    }
    const inserted = written.rows.filter((r) => r.inserted).length
    return {
      inserted,
      updated: written.rows.length - inserted,
      unchanged: unique.length - written.rows.length,
    }
  })
}

/** Parsed records kept per process, keyed by id; an entry is reused only while its `modified` matches. */
export type ParsedRecordCache = Map<string, { modified: string; record: OsvRecord }>

/** The ids and `modified` of the records naming one of the (ecosystem $1, name $2) pairs. */
export const graphLookupSql = `SELECT a.id, a.modified::text AS modified FROM advisories a
  WHERE a.id IN (
    SELECT p.advisory_id FROM advisory_packages p
    WHERE (p.ecosystem, p.name) IN (SELECT * FROM unnest($1::text[], $2::text[]))
  )
  ORDER BY a.id`

/** The records with these ids ($1). */
export const recordsByIdSql =
  'SELECT id, modified::text AS modified, raw FROM advisories WHERE id = ANY($1::text[])'

/**
 * Every stored record naming one of the packages (withdrawn ones included: the engine keeps them out
 * of matches). One indexed query finds the ids and versions for the whole graph; only records this
 * process has not parsed at that `modified` are read and parsed (a second, by-id query).
 */
export async function recordsFor(
  db: Db,
  keys: readonly PackageKey[],
  cache?: ParsedRecordCache,
): Promise<OsvRecord[]> {
  const seen = new Set<string>()
  const ecosystems: string[] = []
  const names: string[] = []
  for (const key of keys) {
    const name = normalisePackageName(key.ecosystem, key.name)
    const k = `${key.ecosystem}\u0000${name}`
    if (seen.has(k)) continue
    seen.add(k)
    ecosystems.push(key.ecosystem)
    names.push(name)
  }
  if (ecosystems.length === 0) return []
  const ids = await db.query<{ id: string; modified: string }>(graphLookupSql, [ecosystems, names])
  const missing = ids.rows.filter((r) => cache?.get(r.id)?.modified !== r.modified).map((r) => r.id)
  const fresh = new Map<string, OsvRecord>()
  if (missing.length > 0) {
    const result = await db.query<{ id: string; modified: string; raw: unknown }>(recordsByIdSql, [missing])
    for (const row of result.rows) {
      // Stored rows passed the parser on import; a row that no longer parses (a newer, stricter parser)
      // is left out rather than failing the analysis.
      const parsed = parseOsvRecord(row.raw)
      if (!parsed.ok) continue
      fresh.set(row.id, parsed.record)
      cache?.set(row.id, { modified: row.modified, record: parsed.record })
    }
  }
  const records: OsvRecord[] = []
  for (const { id } of ids.rows) {
    const record = fresh.get(id) ?? cache?.get(id)?.record
    if (record) records.push(record)
  }
  return records
}

export interface AdvisoryCounts {
  total: number
  withdrawn: number
  /** Advisories naming at least one package of the ecosystem (ours: npm, maven, pypi, ...). */
  byEcosystem: Record<string, number>
}

/**
 * The store's stamp: changes whenever an import stores or replaces a record (migration 077 indexes
 * imported_at, so this is one index probe). What kept counts are checked against. Records are never
 * deleted but by hand; an import committing after a later one can leave the stamp as it was, so what is
 * kept by it is also kept for a bounded time only.
 */
export async function advisoryStoreStamp(db: Db): Promise<string> {
  const r = await db.query<{ stamp: string | null }>('SELECT max(imported_at)::text AS stamp FROM advisories')
  return r.rows[0]?.stamp ?? ''
}

/** How long counts kept by the store's stamp serve at most. */
export const keptCountTtlMs = 5 * 60_000

const keptCounts = new WeakMap<Db, { stamp: string; at: number; value: Promise<AdvisoryCounts> }>()

/**
 * What the store holds, kept while its stamp is unchanged (issue 20: at 226,000 records the counts read
 * every record and package row, 1-2.6 s, for the public GET /api/v1/stats/advisories-dbs and each
 * refresh of the store's snapshot).
 */
export async function countAdvisories(db: Db): Promise<AdvisoryCounts> {
  const stamp = await advisoryStoreStamp(db)
  const now = Date.now()
  const kept = keptCounts.get(db)
  if (kept && kept.stamp === stamp && now - kept.at <= keptCountTtlMs) return kept.value
  const value = readAdvisoryCounts(db)
  keptCounts.set(db, { stamp, at: now, value })
  value.catch(() => {
    if (keptCounts.get(db)?.value === value) keptCounts.delete(db)
  })
  return value
}

async function readAdvisoryCounts(db: Db): Promise<AdvisoryCounts> {
  const totals = await db.query<{ total: number; withdrawn: number }>(
    'SELECT count(*)::int AS total, count(withdrawn)::int AS withdrawn FROM advisories',
  )
  // Distinct pairs first: hashed, where count(DISTINCT) sorts every package row (1.1 s against 2.6 s).
  const per = await db.query<{ ecosystem: string; n: number }>(
    `SELECT ecosystem, count(*)::int AS n
     FROM (SELECT DISTINCT ecosystem, advisory_id FROM advisory_packages) AS pairs
     GROUP BY ecosystem ORDER BY ecosystem`,
  )
  return {
    total: totals.rows[0]?.total ?? 0,
    withdrawn: totals.rows[0]?.withdrawn ?? 0,
    byEcosystem: Object.fromEntries(per.rows.map((r) => [r.ecosystem, r.n])),
  }
}

export async function hasAdvisories(db: Db): Promise<boolean> {
  const r = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM advisories) AS any')
  return r.rows[0]?.any === true
}
