// A worker killed mid-analysis (issue 13 item 4; server jobs/lease.ts): the job it held is retried by
// another worker within a minute or two (lease 60 s, maintenance every 20 s, retry delay) instead of
// pg-boss's 15-minute expiry, and the analysis runs to completion exactly once. Worker A's registry never
// answers, so A is caught inside the analysis; A is killed with SIGKILL (no clean stop, no lease given
// back); worker B, started afterwards, completes it. The bound is the test's patience (3 minutes, well
// under the 16 minutes of the old expiry); the time taken is printed.
// Needs a real PostgreSQL: TEST_DATABASE_URL (CI sets it). Without it the test is reported as skipped, by name.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SextantProcess, spawnSextant } from '../testing/process'

const base = process.env.TEST_DATABASE_URL
const sbom = readFileSync(new URL('../../../server/src/resources/fixtures/small.cdx.json', import.meta.url))
const PATIENCE_MS = 180_000

describe.skipIf(!base)('a worker killed mid-analysis (needs TEST_DATABASE_URL)', () => {
  const name = `sextant_crash_${randomBytes(5).toString('hex')}`
  let url = ''
  const procs: SextantProcess[] = []
  let registry: Server
  let registryUrl = ''
  let asked: () => void
  const registryAsked = new Promise<void>((resolve) => {
    asked = resolve
  })

  beforeAll(async () => {
    // A registry that takes every request and never answers: the analysis waits inside it.
    registry = createServer(() => asked())
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve))
    registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const u = new URL(base!)
    u.pathname = `/${name}`
    url = u.toString()
    procs.push(await spawnSextant(['serve', '--no-workers'], { DATABASE_URL: url }))
  }, 120_000)

  afterAll(async () => {
    for (const p of procs) await p.stop('SIGTERM')
    registry?.closeAllConnections()
    registry?.close()
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }, 60_000)

  it(
    'retries the analysis on another worker within minutes, and runs it to completion once',
    async () => {
      const workerA = await spawnSextant(['worker'], {
        DATABASE_URL: url,
        SEXTANT_OFFLINE: 'false',
        SEXTANT_NPM_REGISTRY: registryUrl,
      })
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
      const res = await fetch(`${procs[0]!.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
        method: 'POST',
        body: form,
      })
      expect(res.status).toBe(202)
      const { analysisUuid } = (await res.json()) as { analysisUuid: string }
      await registryAsked
      const db = new pg.Client({ connectionString: url })
      await db.connect()
      try {
        const held = await db.query('SELECT status, attempts FROM analyses WHERE uuid = $1', [analysisUuid])
        expect(held.rows[0]).toEqual({ status: 'RUNNING', attempts: 1 })
        await workerA.stop('SIGKILL')
        const killedAt = Date.now()
        procs.push(await spawnSextant(['worker'], { DATABASE_URL: url }))

        let status = ''
        while (Date.now() - killedAt < PATIENCE_MS) {
          status = (await db.query('SELECT status FROM analyses WHERE uuid = $1', [analysisUuid])).rows[0]
            .status
          if (status === 'DONE' || status === 'FAILED') break
          await new Promise((r) => setTimeout(r, 1000))
        }
        console.log(
          `analysis completed by the second worker ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`,
        )
        expect(status).toBe('DONE')
        const row = await db.query('SELECT attempts, claim, lease_until FROM analyses WHERE uuid = $1', [
          analysisUuid,
        ])
        // two claims: the killed worker's and the one that completed it; one report
        expect(row.rows[0].attempts).toBe(2)
        expect(row.rows[0].lease_until).toBeNull()
        const reports = await db.query('SELECT count(*)::int AS n FROM reports WHERE analysis_uuid = $1', [
          analysisUuid,
        ])
        expect(reports.rows[0].n).toBe(1)
        const report = await fetch(
          `${procs[0]!.url}/api/v1/reports/${(await db.query('SELECT project_uuid FROM analyses WHERE uuid = $1', [analysisUuid])).rows[0].project_uuid}/full?branch=main`,
        )
        expect(report.status).toBe(200)
      } finally {
        await db.end()
      }
    },
    PATIENCE_MS + 60_000,
  )
})
