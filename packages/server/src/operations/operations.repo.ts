// The database reads of /metrics and /readyz (issue 18): a grouped count and a ping, run when asked.
import type { Db } from '../db/connection'

export async function countAnalysesByStatus(db: Db): Promise<Map<string, number>> {
  const r = await db.query<{ status: string; n: string }>(
    'SELECT status, count(*) AS n FROM analyses GROUP BY status',
  )
  return new Map(r.rows.map((row) => [row.status, Number(row.n)]))
}

/** Readiness: the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.query('SELECT 1')
}
