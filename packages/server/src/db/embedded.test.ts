// The embedded database under concurrency (DESIGN §1 "Embedded default"): many pooled connections
// sending parameterised (extended-protocol) queries with large parameters and transactions at once
// must each get their own answers — the session is shared, so the host must never interleave them.
import { randomBytes } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../testing/databases'
import { createPool, type Db } from './connection'
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded'
import { inTransaction } from './transaction'

describe('embedded database host', () => {
  const dir = tempDir('emb')
  let embedded: EmbeddedDatabase
  let db: Db

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase(dir)
    db = createPool(embedded.target, 12)
    await db.query('CREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY, body text NOT NULL)')
  })
  afterAll(async () => {
    await db?.end()
    await embedded?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  // issue 20 "peak RSS <= 600 MB embedded": PGlite's initdb grows the WebAssembly memory of the
  // process it runs in for good (650-830 MB against ~200 MB for a host opening an existing folder),
  // so a new folder is initialised by a process of its own and the host never reaches that size.
  it('initialises a new data folder outside the host, whose peak RSS stays that of a reopened folder', () => {
    expect(embedded.permissions.existed).toBe(false)
    const status = readFileSync(`/proc/${embedded.hostPid}/status`, 'utf8')
    const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1])
    expect(peakKb).toBeGreaterThan(0)
    expect(peakKb / 1024).toBeLessThan(450)
  })

  it('keeps concurrent extended-protocol queries with large parameters apart', async () => {
    const results = await Promise.all(
      Array.from({ length: 400 }, async (_, i) => {
        // Simple-protocol statements (no parameters, BEGIN/COMMIT) discard the session's unnamed
        // statement, so they must never land between another connection's Parse and Bind.
        if (i % 4 === 1) return (await db.query<{ n: number }>(`SELECT ${i} AS n`)).rows[0]?.n === i
        if (i % 4 === 2) {
          return inTransaction(
            db,
            async (c) => (await c.query<{ n: number }>('SELECT $1::int AS n', [i])).rows[0]?.n === i,
          )
        }
        const body = randomBytes(i % 3 === 0 ? 300_000 : 200).toString('hex')
        const r = await db.query<{ n: number; body: string }>('SELECT $1::int AS n, $2::text AS body', [
          i,
          body,
        ])
        return r.rows[0]?.n === i && r.rows[0]?.body === body
      }),
    )
    expect(results.every(Boolean)).toBe(true)
  }, 60_000)

  it('keeps transactions isolated from other connections', async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        inTransaction(db, async (client) => {
          await client.query('INSERT INTO t (id, body) VALUES ($1, $2)', [i, 'x'.repeat(50_000)])
          if (i % 2 === 0) throw new Error('roll back')
        }).catch(() => {}),
      ),
    )
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM t')
    expect(Number(rows[0]?.n)).toBe(15)
  }, 60_000)

  it('recovers the session when a client disconnects inside a transaction', async () => {
    const client = await db.connect()
    await client.query('BEGIN')
    await client.query('INSERT INTO t (id, body) VALUES (1000, $1)', ['lost'])
    client.release(new Error('drop this connection'))
    const r = await db.query<{ n: string }>('SELECT count(*) AS n FROM t WHERE id = 1000')
    expect(Number(r.rows[0]?.n)).toBe(0)
  }, 30_000)
})
