// A database with the schema as it was before one migration (for migration tests: store rows in the
// old shape, then run `migrate`), on PGlite or, when set, a real PostgreSQL. Tests only.
import { rmSync } from 'node:fs'
import pg from 'pg'
import { createPool, type Db } from '../db/connection'
import { startEmbeddedDatabase } from '../db/embedded'
import { listMigrations } from '../db/migrate'
import { createTestDatabase, type StorageMode, tempDir } from './databases'

export interface OldDatabase {
  db: Db
  close(): Promise<void>
}

/** Opens a new database holding every migration numbered below `version`, recorded as applied. */
export async function databaseBefore(mode: StorageMode, version: number): Promise<OldDatabase> {
  let close: () => Promise<void>
  let db: Db
  if (mode === 'embedded') {
    const dir = tempDir('mig')
    const embedded = await startEmbeddedDatabase(dir)
    db = createPool(embedded.target, 2)
    close = async () => {
      await db.end()
      await embedded.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  } else {
    const database = await createTestDatabase(mode)
    db = new pg.Pool({ connectionString: database.env.DATABASE_URL, max: 2 })
    close = async () => {
      await db.end()
      await database.dispose()
    }
  }
  await db.query(
    'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  )
  for (const m of listMigrations().filter((m) => m.version < version)) {
    await db.query(m.sql)
    await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name])
  }
  return { db, close }
}
