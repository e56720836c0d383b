// The analysis claim is a lease with a fencing token (issue 13 item 4; jobs/lease.ts): while its holder's
// lease runs, another worker is told 'held' (pg-boss retries the job later); once it has run out, the
// retry takes the analysis over and stores the report, and the old holder, should it wake up, stores
// nothing: the analysis runs to completion once. The process-level test (a worker killed with SIGKILL)
// is packages/cli/src/launch/crash-recovery.test.ts.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { runAnalysis } from './analyse.job'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const lockfile = readFileSync(new URL('../resources/fixtures/package-lock.json', import.meta.url))

describe.each(storageModes())('analysis leases on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { workers: false })
  }, 60_000)
  afterAll(async () => t?.close())

  it('lets a retry take over an analysis whose lease ran out, and stores it once', async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(lockfile)]), 'package-lock.json')
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      headers: admin,
      body: form,
    })
    const { analysisUuid } = (await res.json()) as { analysisUuid: string }
    const db = t.sextant.db
    // the first worker stops inside the analysis (as a process paused or cut off from the database)
    let inside: () => void = () => {}
    const reached = new Promise<void>((resolve) => {
      inside = resolve
    })
    let wake: () => void = () => {}
    const paused = new Promise<void>((resolve) => {
      wake = resolve
    })
    const first = runAnalysis(db, analysisUuid, {
      advisoriesFor: async () => {
        inside()
        await paused
        return []
      },
    })
    await reached
    // its lease runs: a second worker is told the analysis is held
    expect(await runAnalysis(db, analysisUuid)).toBe('held')
    // its lease runs out (no heartbeat came): the retry takes over and stores the report
    await db.query("UPDATE analyses SET lease_until = now() - interval '1 second' WHERE uuid = $1", [
      analysisUuid,
    ])
    expect(await runAnalysis(db, analysisUuid)).toBe('stored')
    // the first worker wakes up: its claim is gone, it stores nothing
    wake()
    expect(await first).toBe('skipped')
    const row = await db.query<{ status: string; attempts: number; lease_until: Date | null }>(
      'SELECT status, attempts, lease_until FROM analyses WHERE uuid = $1',
      [analysisUuid],
    )
    expect(row.rows[0]).toEqual({ status: 'DONE', attempts: 2, lease_until: null })
    const reports = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM reports WHERE analysis_uuid = $1',
      [analysisUuid],
    )
    expect(reports.rows[0]?.n).toBe(1)
    // a finished analysis is skipped, never analysed again
    expect(await runAnalysis(db, analysisUuid)).toBe('skipped')
  })
})
