// Storage test modes (DESIGN §9): the embedded PGlite always, and a real PostgreSQL server when
// TEST_DATABASE_URL is set — each test file then gets a database of its own, dropped afterwards.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export type StorageMode = 'embedded' | 'external'

export function storageModes(): StorageMode[] {
  return process.env.TEST_DATABASE_URL ? ['embedded', 'external'] : ['embedded']
}

export interface TestDatabase {
  /** Environment for startSextant: SEXTANT_DATA_DIR for embedded, DATABASE_URL for external. */
  env: Record<string, string>
  dispose(): Promise<void>
}

export function tempDir(prefix: string): string {
  // Short paths: the embedded database's Unix socket lives in the data folder (107-byte limit).
  return mkdtempSync(join(tmpdir(), `sx-${prefix}-`))
}

export async function createTestDatabase(mode: StorageMode): Promise<TestDatabase> {
  if (mode === 'embedded') {
    const dir = tempDir('db')
    return {
      env: { SEXTANT_DATA_DIR: dir },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).')
  const name = `sextant_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    env: { DATABASE_URL: url.toString() },
    dispose: async () => {
      const c = new pg.Client({ connectionString: base })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
