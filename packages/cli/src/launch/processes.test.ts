// Scaled topology (issue 2 acceptance 4; DESIGN §1 "Scaled"): two `serve --no-workers` processes and one
// `worker` on one PostgreSQL server; 20 concurrent uploads → 20 reports, none lost, none analysed twice.
// Needs a real PostgreSQL: TEST_DATABASE_URL (CI sets it). Without it the test is reported as skipped, by name.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SextantProcess, spawnSextant } from '../testing/process'

const base = process.env.TEST_DATABASE_URL
const sbom = readFileSync(new URL('../../../server/src/resources/fixtures/small.cdx.json', import.meta.url))

describe.skipIf(!base)('two API processes and one worker on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const name = `sextant_scale_${randomBytes(5).toString('hex')}`
  let url = ''
  const procs: SextantProcess[] = []

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const u = new URL(base!)
    u.pathname = `/${name}`
    url = u.toString()
    // Started together: migrations and first-start identity must be safe under concurrency.
    procs.push(
      ...(await Promise.all([
        spawnSextant(['serve', '--no-workers'], { DATABASE_URL: url }),
        spawnSextant(['serve', '--no-workers'], { DATABASE_URL: url }),
        spawnSextant(['worker'], { DATABASE_URL: url, SEXTANT_JOB_CONCURRENCY: '3' }),
      ])),
    )
  }, 120_000)

  afterAll(async () => {
    for (const p of procs) await p.stop('SIGTERM')
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }, 60_000)

  it('analyses 20 concurrent uploads exactly once each', async () => {
    const apis = procs.slice(0, 2).map((p) => p.url!)
    const uploads = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
        const res = await fetch(`${apis[i % 2]}/api/v1/uploads/new/sbom-cdx.json?branch=b${i}`, {
          method: 'POST',
          body: form,
        })
        expect(res.status).toBe(202)
        return (await res.json()) as { projectUuid: string; analysisUuid: string }
      }),
    )
    const db = new pg.Client({ connectionString: url })
    await db.connect()
    try {
      const deadline = Date.now() + 60_000
      let done = 0
      while (Date.now() < deadline) {
        done = Number((await db.query(`SELECT count(*) AS n FROM analyses WHERE status = 'DONE'`)).rows[0].n)
        if (done === 20) break
        await new Promise((r) => setTimeout(r, 200))
      }
      expect(done).toBe(20)
      const reports = await db.query(
        'SELECT analysis_uuid, count(*) AS n FROM reports GROUP BY analysis_uuid',
      )
      expect(reports.rows).toHaveLength(20)
      expect(reports.rows.every((r) => Number(r.n) === 1)).toBe(true)
      const attempts = await db.query('SELECT uuid, attempts FROM analyses')
      expect(attempts.rows.map((r) => r.attempts)).toEqual(Array(20).fill(1))
      expect(new Set(reports.rows.map((r) => r.analysis_uuid))).toEqual(
        new Set(uploads.map((u) => u.analysisUuid)),
      )
      // Every API process serves every report: nothing lives in one process's memory.
      for (const [i, u] of uploads.entries()) {
        for (const api of apis)
          expect((await fetch(`${api}/api/v1/reports/${u.projectUuid}/full?branch=b${i}`)).status).toBe(200)
      }
    } finally {
      await db.end()
    }
  }, 120_000)

  it('leaves one administrator although three processes started at once', async () => {
    const db = new pg.Client({ connectionString: url })
    await db.connect()
    const admins = await db.query('SELECT count(*) AS n FROM users WHERE sysadmin')
    await db.end()
    expect(Number(admins.rows[0].n)).toBe(1)
  })
})
