// Retention of deletion requests (spec report-page §9 "deleted within 6 months per data terms"; issue 20
// "Storage that does not grow without bound"): nothing is deleted before the recorded deadline; after it,
// the requested reports, their analyses and upload files go, each request is carried out by exactly one of
// two concurrent workers, other branches and projects are untouched, and the scheduled job does the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lockOf } from '../../testing/advisory-imports'
import { storageModes } from '../../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'
import { RETENTION_QUEUE } from './retention.job'
import { carryOutNextDueRequest } from './retention.repo'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const SEVEN_MONTHS = 7 * 31 * 86_400_000

describe.each(storageModes())('retention of deletion requests on %s storage', (mode) => {
  let t: TestInstance
  let now = new Date()
  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { clock: () => now })
  }, 60_000)
  afterAll(async () => t?.close())

  const upload = async (project: string, branch: string, version: string): Promise<string> => {
    const form = new FormData()
    form.append('file', new Blob([lockOf('ms', version)]), 'package-lock.json')
    const res = await fetch(
      `${t.url}/api/v1/uploads/${project}/manifests?branch=${branch}&name=p-${version}`,
      {
        method: 'POST',
        headers: admin,
        body: form,
      },
    )
    expect(res.status).toBe(202)
    const { projectUuid } = (await res.json()) as { projectUuid: string }
    await waitForReport(t.url, projectUuid, branch, admin)
    return projectUuid
  }
  const ask = async (projectUuid: string, branch: string) => {
    const res = await fetch(`${t.url}/api/v1/reports/${projectUuid}/deletion-requests`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.test', branch }),
    })
    expect(res.status).toBe(201)
    return ((await res.json()) as { uuid: string }).uuid
  }
  const count = async (sql: string, params: unknown[]) =>
    Number((await t.sextant.db.query<{ n: string }>(sql, params)).rows[0]!.n)
  const stored = async (projectUuid: string, branch: string) => ({
    reports: await count('SELECT count(*) AS n FROM reports WHERE project_uuid = $1 AND branch = $2', [
      projectUuid,
      branch,
    ]),
    analyses: await count('SELECT count(*) AS n FROM analyses WHERE project_uuid = $1 AND branch = $2', [
      projectUuid,
      branch,
    ]),
    files: await count(
      `SELECT count(*) AS n FROM analysis_files f JOIN analyses a ON a.uuid = f.analysis_uuid
       WHERE a.project_uuid = $1 AND a.branch = $2`,
      [projectUuid, branch],
    ),
  })

  it('deletes nothing before the deadline, then each requested report once, even with two workers', async () => {
    const a = await upload('new', 'main', '2.1.1')
    await upload(a, 'main', '2.1.2')
    const c = await upload('new', 'main', '2.1.3')
    const requests = [await ask(a, 'main'), await ask(c, 'main')]
    expect(await stored(a, 'main')).toMatchObject({ reports: 2, analyses: 2 })
    expect((await stored(a, 'main')).files).toBeGreaterThan(0)

    expect(await carryOutNextDueRequest(t.sextant.db, now)).toBeNull()
    expect(await stored(a, 'main')).toMatchObject({ reports: 2, analyses: 2 })

    now = new Date(Date.now() + SEVEN_MONTHS)
    const [one, two] = await Promise.all([
      carryOutNextDueRequest(t.sextant.db, now),
      carryOutNextDueRequest(t.sextant.db, now),
    ])
    expect([one?.requestUuid, two?.requestUuid].sort()).toEqual([...requests].sort())
    expect(await carryOutNextDueRequest(t.sextant.db, now)).toBeNull()
    expect(await stored(a, 'main')).toEqual({ reports: 0, analyses: 0, files: 0 })
    expect(await stored(c, 'main')).toEqual({ reports: 0, analyses: 0, files: 0 })
    const report = await fetch(`${t.url}/api/v1/reports/${a}/full?branch=main`, { headers: admin })
    expect(report.status).toBe(404)
    const { rows } = await t.sextant.db.query<{ completed_at: Date | null; reports_deleted: number }>(
      'SELECT completed_at, reports_deleted FROM deletion_requests WHERE uuid = ANY($1::uuid[])',
      [requests],
    )
    expect(rows.map((r) => [r.completed_at?.getTime(), r.reports_deleted]).sort()).toEqual([
      [now.getTime(), 1],
      [now.getTime(), 2],
    ])
  }, 120_000)

  it('the scheduled job carries out a due request on its branch only', async () => {
    now = new Date()
    const b = await upload('new', 'main', '2.1.0')
    await upload(b, 'dev', '2.1.0')
    const request = await ask(b, 'main')

    now = new Date(Date.now() + SEVEN_MONTHS)
    await t.sextant.boss.send(RETENTION_QUEUE, {})
    const deadline = Date.now() + 60_000
    while (
      (await count(
        'SELECT count(*) AS n FROM deletion_requests WHERE uuid = $1 AND completed_at IS NOT NULL',
        [request],
      )) === 0
    ) {
      if (Date.now() > deadline) throw new Error('the retention job did not carry out the request')
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(await stored(b, 'main')).toEqual({ reports: 0, analyses: 0, files: 0 })
    expect(await stored(b, 'dev')).toMatchObject({ reports: 1, analyses: 1 })
    const dev = await fetch(`${t.url}/api/v1/reports/${b}/full?branch=dev`, { headers: admin })
    expect(dev.status).toBe(200)
  }, 120_000)
})
