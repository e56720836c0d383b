// Issue 13 item 17: the embedded database's files were world-writable (968 of 1,267 files mode 0666 under
// ./data). The folder is private at every start, and so are the files PGlite creates while it runs.
import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../testing/databases'
import { createPool } from './connection'
import { makePrivate } from './data-dir'
import { startEmbeddedDatabase } from './embedded'

/** Every folder and file under `dir` (itself included) with its permission bits, links left out. */
function modes(dir: string): { path: string; mode: number; dir: boolean }[] {
  const out: { path: string; mode: number; dir: boolean }[] = []
  const stack = [dir]
  while (stack.length > 0) {
    const path = stack.pop()!
    const info = lstatSync(path)
    if (info.isSymbolicLink()) continue
    out.push({ path, mode: info.mode & 0o777, dir: info.isDirectory() })
    if (info.isDirectory()) for (const name of readdirSync(path)) stack.push(join(path, name))
  }
  return out
}

const open = (dir: string) => modes(dir).filter((m) => (m.mode & 0o077) !== 0)

describe('the embedded data folder is private (issue 13 item 17)', () => {
  const dir = tempDir('private')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('starts a new data folder with folders 0700 and files 0600, and keeps new files private', async () => {
    const embedded = await startEmbeddedDatabase(dir)
    try {
      expect(open(dir)).toEqual([])
      expect(modes(dir).length).toBeGreaterThan(500)
      const db = createPool(embedded.target, 2)
      await db.query('CREATE TABLE secrets (id int PRIMARY KEY, body text)')
      await db.query(`INSERT INTO secrets SELECT g, repeat('x', 500) FROM generate_series(1, 20000) g`)
      await db.query('CHECKPOINT')
      await db.end()
      expect(open(dir)).toEqual([])
    } finally {
      await embedded.stop()
    }
  }, 60_000)

  it('fixes a data folder left world-readable and writable, and reports what it fixed', async () => {
    for (const m of modes(dir)) chmodSync(m.path, m.dir ? 0o777 : 0o666)
    const before = open(dir).length
    expect(before).toBeGreaterThan(500)
    const embedded = await startEmbeddedDatabase(dir)
    try {
      // PGlite rewrites a few files with mode 0666 as it starts; those are fixed too.
      expect(embedded.permissions.existed).toBe(true)
      expect(embedded.permissions.fixed).toBeGreaterThanOrEqual(before)
      expect(open(dir)).toEqual([])
      const db = createPool(embedded.target, 1)
      expect((await db.query('SELECT count(*)::int AS n FROM secrets')).rows[0].n).toBe(20000)
      await db.end()
    } finally {
      await embedded.stop()
    }
  }, 60_000)

  it('leaves symbolic links and already private entries alone', () => {
    const other = tempDir('private-unit')
    try {
      const { fixed, checked } = makePrivate(other)
      expect(checked).toBe(1)
      expect(fixed).toBe(lstatSync(other).mode & 0o077 ? 1 : 0)
      expect(makePrivate(other)).toEqual({ fixed: 0, checked: 1 })
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })
})
