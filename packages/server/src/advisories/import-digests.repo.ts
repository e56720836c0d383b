// What the last complete import of each advisory source read (issue 20 "A store the size of OSV": an
// unchanged 220k-record file re-imports in ≤ 5 s): the file's digest, the run's counts and warnings, and
// how many records the store held from the source then (migration 048). Rows are ours, parsed on the way out.
import { type AdvisoryRunCounts, advisoryRunCountsSchema } from '@sextant/contract'
import type { OsvWarning } from '@sextant/engine'
import { z } from 'zod'
import type { Db } from '../db/connection'

export interface KeptImport {
  digest: string
  records: number
  counts: AdvisoryRunCounts
  warnings: OsvWarning[]
}

const warningsSchema = z.array(
  z.object({
    id: z.string().nullable(),
    file: z.string().optional(),
    line: z.number().int().optional(),
    message: z.string(),
  }),
)

/** The kept import of `source`; null when there is none or its row does not read as one. */
export async function readKeptImport(db: Db, source: string): Promise<KeptImport | null> {
  const r = await db.query<{ digest: string; records: number; counts: unknown; warnings: unknown }>(
    'SELECT digest, records, counts, warnings FROM advisory_import_digests WHERE source = $1',
    [source],
  )
  const row = r.rows[0]
  if (!row) return null
  const counts = advisoryRunCountsSchema.safeParse(row.counts)
  const warnings = warningsSchema.safeParse(row.warnings)
  if (!counts.success || !warnings.success) return null
  return {
    digest: row.digest,
    records: row.records,
    counts: counts.data,
    warnings: warnings.data.map((w) => ({
      id: w.id,
      message: w.message,
      ...(w.file === undefined ? {} : { file: w.file }),
      ...(w.line === undefined ? {} : { line: w.line }),
    })),
  }
}

/** How many records the store holds from `source` (migration 048's index). */
export async function countSourceRecords(db: Db, source: string): Promise<number> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM advisories WHERE source = $1', [
    source,
  ])
  return r.rows[0]?.n ?? 0
}

/** Forgets the kept import of `source`: called before an import reads records from it. */
export async function forgetKeptImport(db: Db, source: string): Promise<void> {
  await db.query('DELETE FROM advisory_import_digests WHERE source = $1', [source])
}

/** Keeps a complete import of `source`, with the records the store holds from it now. */
export async function keepImport(db: Db, source: string, kept: Omit<KeptImport, 'records'>): Promise<void> {
  await db.query(
    `INSERT INTO advisory_import_digests (source, digest, records, counts, warnings)
     SELECT $1, $2, count(*), $3::jsonb, $4::jsonb FROM advisories WHERE source = $1
     ON CONFLICT (source) DO UPDATE SET digest = EXCLUDED.digest, records = EXCLUDED.records,
       counts = EXCLUDED.counts, warnings = EXCLUDED.warnings, recorded_at = now()`,
    [source, kept.digest, JSON.stringify(kept.counts), JSON.stringify(kept.warnings)],
  )
}
