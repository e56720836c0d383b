// Issue 16 acceptance 6, on each storage mode: a live re-check carries the stability and licensing sections
// of the previous report over (engine report/carry.ts, migration 035) and says so in a note naming the
// report they were built for; its document equals a full rebuild of the same graph (POST …/full) in every
// other part, and reads back whole through the API; a changed exclusion or licence policy makes the next
// live re-check build both sections again, and the one after carries from that new build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedReport } from '../services/reports.repo'
import {
  type ApiAt,
  importRecords,
  osvRecord,
  postJson,
  reportHistoryOf,
  uploadProject,
  waitForReports,
} from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'

/** ms (MIT, declared in the lockfile) and left-pad (no licence) as direct dependencies. */
const LOCK = JSON.stringify({
  name: 'app-carry',
  version: '1.0.0',
  lockfileVersion: 3,
  packages: {
    '': { name: 'app-carry', version: '1.0.0', dependencies: { ms: '2.1.3', 'left-pad': '1.3.0' } },
    'node_modules/ms': { version: '2.1.3', license: 'MIT' },
    'node_modules/left-pad': { version: '1.3.0' },
  },
})

interface Doc {
  uuid: string
  notes: { domain: string; message: string }[]
  security: { assessments: { reports: { advices: { id: string }[] }[] }[] }
  stability: { summary: { exclusions: number } }
  licensing: { reports: { results: { violations: { policyName: string; licence: string }[] }[] }[] }
  [key: string]: unknown
}

const CARRIED = /^Live re-check: only security was re-assessed\. .* report ([0-9a-f-]{36}),/

/** The report the document's stability and licensing sections were carried from; null: built here. */
function carriedFrom(doc: Doc): string | null {
  const notes = doc.notes.flatMap((n) => CARRIED.exec(n.message)?.[1] ?? [])
  expect(notes.length).toBeLessThanOrEqual(1)
  return notes[0] ?? null
}

const advisoryIds = (doc: Doc) =>
  doc.security.assessments.flatMap((a) => a.reports.flatMap((r) => r.advices.map((x) => x.id))).sort()

describe.each(storageModes())('live re-check carrying stability and licensing on %s storage', (mode) => {
  let t: TestInstance
  let api: ApiAt
  beforeAll(async () => {
    t = await startTestInstance(mode)
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
  }, 60_000)
  afterAll(async () => t?.close())

  /** A report as stored (gzip members joined) and as GET …/full answers it: the same JSON. */
  async function documentOf(pid: string, uuid: string): Promise<Doc> {
    const json = (await storedReport(t.sextant.db, pid, uuid))?.json
    if (!json) throw new Error(`no report ${uuid}`)
    const served = await fetch(`${t.url}/api/v1/reports/${pid}/full/${uuid}`, { headers: api.headers })
    expect(served.status).toBe(200)
    const doc = JSON.parse(json) as Doc
    // the API adds presentation fields (totals…) to what is stored
    expect(await served.json()).toMatchObject(doc)
    return doc
  }

  let imports = 0
  /** Imports a new advisory naming ms; answers the branch's next (live) report. */
  async function liveRecheck(pid: string): Promise<Doc> {
    const before = (await reportHistoryOf(api, pid)).length
    imports += 1
    const id = `GHSA-test-carry-${String(imports).padStart(4, '0')}`
    const imported = await importRecords(api, `carry-${imports}.jsonl`, [osvRecord(id, 'ms', '2.1.4')])
    expect(imported.counts.inserted).toBe(1)
    const live = await waitForReports(api, pid, before + 1)
    expect((await reportHistoryOf(api, pid))[0]).toMatchObject({ uuid: live.uuid, live: true })
    const doc = await documentOf(pid, live.uuid)
    expect(advisoryIds(doc)).toContain(id)
    return doc
  }

  it('carries them when nothing they are built from changed, and builds them when something did', {
    timeout: 120_000,
  }, async () => {
    await importRecords(api, 'carry-seed.jsonl', [
      osvRecord('GHSA-test-carry-seed', 'not-a-dependency', '1.0.0'),
    ])
    const pid = await uploadProject(api, 'live-carry', [['package-lock.json', LOCK]])
    const firstUuid = (await reportHistoryOf(api, pid))[0]?.uuid ?? ''
    const first = await documentOf(pid, firstUuid)
    expect(carriedFrom(first)).toBeNull()

    // a live re-check: security re-assessed, stability and licensing those of the first report
    const live = await liveRecheck(pid)
    expect(carriedFrom(live)).toBe(firstUuid)
    expect(live.stability).toEqual(first.stability)
    expect(live.licensing).toEqual(first.licensing)

    // a full rebuild of the same graph on the same data: the same document but for its own fields and note
    const res = await fetch(`${t.url}/api/v1/reports/${pid}/full?branch=main`, {
      method: 'POST',
      headers: api.headers,
    })
    expect(res.status).toBe(202)
    const rebuilt = await documentOf(pid, (await waitForReports(api, pid, 3)).uuid)
    expect(carriedFrom(rebuilt)).toBeNull()
    const own = new Set(['uuid', 'timestamp', 'createdAt', 'downloadKey', 'notes', 'areExclusionsDifferent'])
    expect(Object.keys(live).sort()).toEqual(Object.keys(rebuilt).sort())
    for (const key of Object.keys(rebuilt).filter((k) => !own.has(k)))
      expect([key, live[key]]).toEqual([key, rebuilt[key]])
    expect(live.notes.filter((n) => !CARRIED.test(n.message))).toEqual(rebuilt.notes)

    // the exclusions in force changed (an account-wide stability exclusion of ms): both sections built
    const excluded = await postJson<{ id: string }>(api, '/api/v1/accounts/me/exclusions?domain=stability', {
      library: { language: 'nodejs', name: 'ms' },
      version: '*',
      reason: 'ignored',
      description: 'vendored',
    })
    expect(excluded.id).toBeTruthy()
    const afterExclusion = await liveRecheck(pid)
    expect(carriedFrom(afterExclusion)).toBeNull()
    expect(afterExclusion.stability.summary.exclusions).toBeGreaterThan(rebuilt.stability.summary.exclusions)

    // nothing changed since: carried from that build
    const again = await liveRecheck(pid)
    expect(carriedFrom(again)).toBe(afterExclusion.uuid)
    expect(again.stability).toEqual(afterExclusion.stability)

    // a licence policy now binds the project: both built, with its violation
    await postJson(api, '/api/v1/accounts/me/policies/licenses', {
      name: 'No MIT here',
      kind: 'DENY',
      licences: ['MIT'],
    })
    const afterPolicy = await liveRecheck(pid)
    expect(carriedFrom(afterPolicy)).toBeNull()
    expect(
      afterPolicy.licensing.reports.flatMap((r) =>
        r.results.flatMap((x) => x.violations.map((v) => v.policyName)),
      ),
    ).toEqual(['No MIT here'])
    expect(carriedFrom(await liveRecheck(pid))).toBe(afterPolicy.uuid)
  })
})
