// The database reads of /metrics, /readyz and the health check (issue 18): a grouped count, a ping and
// the server's version, run when asked.
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

/** The database server's version line (`PostgreSQL 17.5 on …`), for the health check. */
export async function databaseVersion(db: Db): Promise<string | null> {
  const r = await db.query<{ version: string }>('SELECT version() AS version')
  return r.rows[0]?.version ?? null
}
