// Numbered SQL migrations (DESIGN §2), applied at start-up under an advisory lock so that several
// processes starting at once apply each migration exactly once.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Db } from './connection'

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url))
// Arbitrary fixed key for pg_advisory_lock: "sextant" in ASCII.
const lockKey = 0x73657874616e74

export interface Migration {
  version: number
  name: string
  sql: string
}

export function listMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f, sql: readFileSync(migrationsDir + f, 'utf8') }))
}

/** Applies pending migrations; answers the versions applied by this call. */
export async function migrate(db: Db): Promise<number[]> {
  const client = await db.connect()
  const applied: number[] = []
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockKey])
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    )
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    )
    for (const m of listMigrations()) {
      if (done.has(m.version)) continue
      await client.query('BEGIN')
      try {
        await client.query(m.sql)
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          m.version,
          m.name,
        ])
        await client.query('COMMIT')
        applied.push(m.version)
      } catch (error) {
        await client.query('ROLLBACK')
        throw new Error(
          `Migration ${m.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => {})
    client.release()
  }
  return applied
}
