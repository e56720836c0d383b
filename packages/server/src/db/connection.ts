// How to reach PostgreSQL: a URL (external server) or host/port (embedded PGlite socket).
// One driver (`pg`) everywhere; pg-boss gets the same target.
import pg from 'pg'

export type ConnectionTarget =
  | { connectionString: string }
  | { host: string; port: number; database: string; user: string }

export function createPool(target: ConnectionTarget, max: number): pg.Pool {
  const pool = new pg.Pool({ ...target, max, idleTimeoutMillis: 30_000 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  return pool
}

export type Db = pg.Pool
export type DbClient = pg.PoolClient

/** True for PostgreSQL's unique_violation (23505): a concurrent write took the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505'
}
