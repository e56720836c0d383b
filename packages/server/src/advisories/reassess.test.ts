// Issue 14 acceptance 3 on each storage mode: importing advisories while the server runs (POST
// /api/v1/databases/import, what `sextant advisories import` sends) marks older reports out of date and
// recomputes them in the background from their stored graphs, without a new upload: a report goes from
// "not assessed" to real findings. Only branches whose packages the changed records name are recomputed
// (found through the advisory index), besides those built while the store held nothing of their ecosystem.
import { readFileSync } from 'node:fs'
import type { RecomputeState, Report } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiAt,
  importRecords as importRecordsAt,
  latestReport,
  lockOf,
  osvRecord,
  reportHistoryOf,
  uploadProject,
  waitForReports as waitForReportsAt,
} from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const lockfile = readFileSync(new URL('../resources/fixtures/package-lock.json', import.meta.url))
const manifest = readFileSync(new URL('../resources/fixtures/package.json', import.meta.url))

describe.each(storageModes())('re-assessment after an advisory import on %s storage', (mode) => {
  let t: TestInstance

  const api = (): ApiAt => ({ url: t.url, headers: admin })
  const upload = (name: string, files: [string, Buffer | string][]) => uploadProject(api(), name, files)
  const importRecords = (name: string, records: object[]) => importRecordsAt(api(), name, records)
  const latest = (pid: string) => latestReport(api(), pid)
  const history = (pid: string) => reportHistoryOf(api(), pid)
  const state = async (pid: string) =>
    (await (
      await fetch(`${t.url}/api/v1/reports/${pid}/recompute?branch=main`, { headers: admin })
    ).json()) as RecomputeState

  const waitForReports = (pid: string, count: number, done?: (r: Report) => boolean) =>
    waitForReportsAt(api(), pid, count, done)

  beforeAll(async () => {
    t = await startTestInstance(mode)
  }, 60_000)
  afterAll(async () => t?.close())

  let empty = ''

  it('a report built with an empty advisory store is not assessed, and says why', async () => {
    empty = await upload('before-advisories', [
      ['package.json', manifest],
      ['package-lock.json', lockfile],
    ])
    const report = await latest(empty)
    expect(report.status).toBe('PARTIAL')
    expect(report.security).toMatchObject({ score: null, assessed: false, assessment: { state: 'none' } })
    expect(report.gaps.map((g) => g.kind)).toContain('no-advisory-data')
    expect(report.advisorySnapshot).toMatchObject({ state: 'empty', records: 0 })
    expect(report.gate.failed).toContain('security')
  })

  it('importing through the running server recomputes it into real findings, with no new upload', {
    timeout: 60_000,
  }, async () => {
    const imported = await importRecords('npm.jsonl', [osvRecord('GHSA-test-ms00-0002', 'ms', '2.1.4')])
    expect(imported).toMatchObject({ sourceId: 'import-npm', counts: { inserted: 1 }, reassessing: true })
    const report = await waitForReports(empty, 2, (r) => r.security.assessment.state === 'complete')
    const advices = report.security.assessments.flatMap((a) => a.reports).flatMap((c) => c.advices)
    expect(advices.map((a) => a.id)).toContain('GHSA-test-ms00-0002')
    expect(report.security.score).toEqual(expect.any(Number))
    expect(report.security.score).toBeLessThan(100)
    expect(report.advisorySnapshot).toMatchObject({ state: 'manual', records: 1, byEcosystem: { npm: 1 } })
    // the recompute copied the stored graph: one upload, two reports, the newer one current again
    const { rows } = await t.sextant.db.query<{ source: string }>(
      'SELECT source FROM analyses WHERE project_uuid = $1 ORDER BY created_at',
      [empty],
    )
    expect(rows.map((r) => r.source)).toEqual(['manifests', 'reassess'])
    expect((await state(empty)).outOfDate).toBeNull()
  })

  it('later imports recompute only the branches whose packages the changed records name', async () => {
    const withMs = await upload('uses-ms', [['package-lock.json', lockOf('ms', '2.1.3')]])
    const withLeftPad = await upload('uses-left-pad', [['package-lock.json', lockOf('left-pad', '1.3.0')]])
    const before = await latest(withMs)
    expect(before.security.assessment.state).toBe('complete')
    await importRecords('more.jsonl', [osvRecord('GHSA-test-ms00-0003', 'ms', '2.1.4')])
    const after = await waitForReports(withMs, 2, (r) =>
      r.security.assessments.some((a) =>
        a.reports.some((c) => c.advices.some((x) => x.id === 'GHSA-test-ms00-0003')),
      ),
    )
    expect(after.uuid).not.toBe(before.uuid)
    // left-pad is named by no changed record: its branch was neither marked nor recomputed
    await new Promise((r) => setTimeout(r, 500))
    expect(await history(withLeftPad)).toHaveLength(1)
    const { rows } = await t.sextant.db.query<{ name: string; out_of_date_reason: string | null }>(
      `SELECT p.name, b.out_of_date_reason FROM branches b JOIN projects p ON p.uuid = b.project_uuid
       WHERE b.project_uuid = ANY($1::uuid[]) ORDER BY p.name`,
      [[withMs, withLeftPad]],
    )
    expect(rows).toEqual([
      { name: 'uses-left-pad', out_of_date_reason: null },
      { name: 'uses-ms', out_of_date_reason: 'advisories' },
    ])
  })

  it('the recompute notice says a report is out of date until a newer one exists', async () => {
    const pid = await upload('notice', [['package-lock.json', lockOf('left-pad', '1.3.0')]])
    const db = t.sextant.db
    await db.query(
      `UPDATE branches SET out_of_date_since = now(), out_of_date_reason = 'advisories'
       WHERE project_uuid = $1 AND name = 'main'`,
      [pid],
    )
    expect((await state(pid)).outOfDate).toMatchObject({ reason: 'advisories', since: expect.any(String) })
    await fetch(`${t.url}/api/v1/reports/${pid}/full?branch=main`, { method: 'POST', headers: admin })
    await waitForReports(pid, 2)
    expect((await state(pid)).outOfDate).toBeNull()
  })

  it('refuses an import from anyone but a system administrator, and a file it cannot read', async () => {
    const form = new FormData()
    form.append('file', new Blob(['{}']), 'npm.jsonl')
    const anonymous = await fetch(`${t.url}/api/v1/databases/import`, { method: 'POST', body: form })
    expect(anonymous.status).toBe(401)
    const bad = new FormData()
    bad.append('file', new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]), 'all.zip')
    const broken = await fetch(`${t.url}/api/v1/databases/import`, {
      method: 'POST',
      headers: admin,
      body: bad,
    })
    expect(broken.status).toBe(400)
    expect((await broken.json()).message).toMatch(/zip/i)
  })
})
