// The metrics integration over HTTP (issue 17 "Metrics integration", acceptance 2 and 3) against a local
// fake Datadog speaking its validate and v2 series APIs: the set-up with a write-only key (sealed at
// rest, never answered, sent only to the address it was saved for), a bad key reported as such by the
// check, send-now delivering exactly the gauges of the latest reports with the right tags and the
// DD-API-KEY header, the scheduled job doing the same, history listing each submission with its result,
// the 'datadog' feature gate and the §6 roles, and no answer of these routes holding the key.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboundClient } from '../../http-client'
import { inviteAndAccept, signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { type FakeDatadog, startFakeDatadog } from '../../testing/fake-datadog'
import {
  startTestInstance,
  TEST_ADMIN,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'
import { leaks, membershipOf, RecordingApi, sessionFor } from '../admin/test-kit'
import { datadogCron, datadogMetricsJob } from './datadog.job'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
const advisory = {
  id: 'GHSA-test-ms00-0003',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0003'],
  summary: 'ms is slow on long strings',
  details: 'A regular expression in ms takes quadratic time on long input.',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'ms' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
    },
  ],
}
const kev = {
  catalogVersion: '2099.01.01',
  vulnerabilities: [{ cveID: 'CVE-2099-0003', dateAdded: '2099-01-01', knownRansomwareCampaignUse: 'Known' }],
}

interface ReportAnswer {
  uuid: string
  outcome: string
  security: {
    score: number | null
    assessed: boolean
    assessments: { reports: { advices: { severity: string; kevEntry: unknown }[] }[] }[]
  }
  stability: { score: number | null; assessed: boolean }
  licensing: { score: number | null; assessed: boolean }
}
interface Series {
  metric: string
  type: number
  points: { timestamp: number; value: number }[]
  tags: string[]
}

describe.each(storageModes())('datadog integration on %s storage', (mode) => {
  let t: TestInstance
  let dd: FakeDatadog
  let other: FakeDatadog
  let api: RecordingApi
  let account = ''
  let accountName = ''
  const auth = { admin: '', viewer: '', noFeature: '' }
  const reports = new Map<string, ReportAnswer>()
  let projectName = ''
  const base = () => `/api/v1/integrations/datadog/accounts/${account}`
  const setupCustom = (apiKey?: string, url = dd.url) =>
    api.call('POST', `${base()}/setup`, {
      auth: auth.admin,
      body: { site: 'custom', baseUrl: url, ...(apiKey ? { apiKey } : {}) },
    })

  beforeAll(async () => {
    dd = await startFakeDatadog()
    other = await startFakeDatadog('dd-other-site-key-999999999999')
    const dir = mkdtempSync(join(tmpdir(), 'sx-dd-'))
    writeFileSync(join(dir, 'ms.jsonl'), `${JSON.stringify(advisory)}\n`)
    writeFileSync(join(dir, 'kev.json'), JSON.stringify(kev))
    t = await startTestInstance(mode, {
      SEXTANT_ADVISORY_SOURCES: join(dir, 'ms.jsonl'),
      SEXTANT_KEV_SOURCE: join(dir, 'kev.json'),
      SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      SEXTANT_INTEGRATION_TIMEOUT_SECONDS: '2',
      SEXTANT_DATADOG_INTERVAL_MINUTES: '30',
      SEXTANT_REGISTRATION: 'open',
    })
    api = new RecordingApi(t.url)
    const deadline = Date.now() + 30_000
    for (;;) {
      const advisories = await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).text()
      const enrichment = await (await fetch(`${t.url}/api/v1/stats/enrichment-dbs`)).text()
      if ((advisories.includes('"npm"') && enrichment.includes('"OK"')) || Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 200))
    }
    const db = t.sextant.db
    const admin = await membershipOf(db, TEST_ADMIN.email)
    account = admin.account
    accountName = (await db.query<{ name: string }>('SELECT name FROM accounts WHERE uuid = $1', [account]))
      .rows[0]!.name
    const login = await api.call('POST', '/api/v1/credentials/login', { body: TEST_ADMIN })
    auth.admin = `Bearer ${login.json.accessToken}`
    await inviteAndAccept(t, auth.admin, account, { name: 'Viewer', email: 'viewer@dd.test', role: 'Viewer' })
    auth.viewer = await sessionFor(db, (await membershipOf(db, 'viewer@dd.test')).uuid)
    const carol = await signUp(t, { email: 'carol@nodd.test', password: 'carol-password-1' })
    await db.query("UPDATE accounts SET features = '{members,jira}' WHERE uuid = $1", [
      (await membershipOf(db, 'carol@nodd.test')).account,
    ])
    auth.noFeature = `Bearer ${carol.accessToken}`

    // One project with two branches, each with a report.
    const token = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
    let pid = 'new'
    for (const branch of ['main', 'release/1.x']) {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(fixture('package.json'))]), 'package.json')
      form.append('file', new Blob([new Uint8Array(fixture('package-lock.json'))]), 'package-lock.json')
      const up = await fetch(
        `${t.url}/api/v1/uploads/${pid}/manifests?branch=${encodeURIComponent(branch)}&private=true`,
        { method: 'POST', headers: token, body: form },
      )
      expect(up.status).toBe(202)
      pid = ((await up.json()) as { projectUuid: string }).projectUuid
      reports.set(branch, (await waitForReport(t.url, pid, branch, token)) as unknown as ReportAnswer)
    }
    projectName = (await db.query<{ name: string }>('SELECT name FROM projects WHERE uuid = $1', [pid]))
      .rows[0]!.name
  }, 90_000)
  afterAll(async () => {
    await t?.close()
    await dd?.close()
    await other?.close()
  })

  /** The gauges one report must become: its scores, its HIGH findings of ms (all in KEV), its outcome. */
  function expected(branch: string): Record<string, number> {
    const r = reports.get(branch)!
    const want: Record<string, number> = {}
    if (r.security.score !== null) want['sextant.score.security'] = r.security.score
    if (r.stability.score !== null) want['sextant.score.stability'] = r.stability.score
    if (r.licensing.score !== null) want['sextant.score.licensing'] = r.licensing.score
    expect(r.security.assessed).toBe(true)
    const advices = r.security.assessments.flatMap((a) => a.reports).flatMap((c) => c.advices)
    expect(advices.length).toBeGreaterThan(0)
    expect(advices.every((a) => a.severity === 'HIGH' && a.kevEntry)).toBe(true)
    Object.assign(want, {
      'sextant.findings.critical': 0,
      'sextant.findings.high': advices.length,
      'sextant.findings.medium': 0,
      'sextant.findings.low': 0,
      'sextant.findings.kev': advices.length,
    })
    // Offline, the registry is not reached: stability is not assessed and must not be sent as 0.
    expect(r.stability.assessed).toBe(false)
    if (r.outcome === 'PASS') want['sextant.outcome'] = 1
    if (r.outcome === 'FAIL') want['sextant.outcome'] = 0
    return want
  }

  function delivered(series: Series[], branch: string, tag = `branch:${branch}`) {
    const mine = series.filter((s) => s.tags.includes(tag))
    for (const s of mine) {
      expect(s.type).toBe(3)
      expect(s.points).toHaveLength(1)
      expect(s.tags).toEqual([
        `project:${projectName.toLowerCase()}`,
        tag,
        `account:${accountName.toLowerCase().replace(/[^\p{L}\p{N}_\-:./]/gu, '_')}`,
        'team:everyone',
      ])
    }
    return Object.fromEntries(mine.map((s) => [s.metric, s.points[0]!.value]))
  }

  it('answers an unconfigured set-up and needs the key the first time', async () => {
    const get = await api.call('GET', `${base()}/setup`, { auth: auth.admin })
    expect(get.status).toBe(200)
    expect(get.json).toMatchObject({ configured: false, apiKeySet: false, site: null })
    const send = await api.call('POST', `${base()}/send-now`, { auth: auth.admin })
    expect(send.status).toBe(400)
    expect(send.json.message).toContain('not set up')
    const first = await setupCustom()
    expect(first.status).toBe(400)
    expect(first.json.message).toContain('apiKey')
    const noUrl = await api.call('POST', `${base()}/setup`, {
      auth: auth.admin,
      body: { site: 'custom', apiKey: 'x' },
    })
    expect(noUrl.status).toBe(400)
    expect(noUrl.json.message).toContain('baseUrl')
  })

  it('reports a bad key as such, and a good one as valid (GET /api/v1/validate with DD-API-KEY)', async () => {
    const bad = await api.call('POST', `${base()}/credentials-check`, {
      auth: auth.admin,
      body: { site: 'custom', baseUrl: dd.url, apiKey: 'not-the-key' },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toBe('Datadog refused the API key (HTTP 403): check apiKey and site.')
    const good = await api.call('POST', `${base()}/credentials-check`, {
      auth: auth.admin,
      body: { site: 'custom', baseUrl: dd.url, apiKey: dd.apiKey },
    })
    expect(good.status, good.text).toBe(200)
    expect(good.json.valid).toBe(true)
    expect(dd.requests.map((r) => [r.method, r.path, r.apiKey])).toEqual([
      ['GET', '/api/v1/validate', 'not-the-key'],
      ['GET', '/api/v1/validate', dd.apiKey],
    ])
  })

  it('keeps the key sealed and write-only, for its own address only', async () => {
    const saved = await setupCustom(dd.apiKey)
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({
      configured: true,
      site: 'custom',
      baseUrl: dd.url,
      apiKeySet: true,
      scheduled: true,
    })
    const stored = await t.sextant.db.query<{ row: string }>(
      'SELECT datadog_setups::text AS row FROM datadog_setups',
    )
    expect(stored.rows[0]!.row).not.toContain(dd.apiKey)
    // Another address without the key: refused, and that address hears nothing.
    const moved = await setupCustom(undefined, other.url)
    expect(moved.status).toBe(400)
    expect(moved.json.message).toMatch(/apiKey: the stored one was saved for/)
    const check = await api.call('POST', `${base()}/credentials-check`, {
      auth: auth.admin,
      body: { site: 'custom', baseUrl: other.url },
    })
    expect(check.status).toBe(400)
    expect(other.requests).toEqual([])
    // The stored key still checks against its own address; saving again without it keeps it.
    const own = await api.call('POST', `${base()}/credentials-check`, { auth: auth.admin, body: {} })
    expect(own.status, own.text).toBe(200)
    expect((await setupCustom()).status).toBe(200)
  })

  it('sends now exactly the gauges of the latest report of each branch, tagged, with the key header', async () => {
    const before = dd.requests.length
    const sent = await api.call('POST', `${base()}/send-now`, { auth: auth.admin })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.json).toMatchObject({ trigger: 'send-now', ok: true, branches: 2, status: 202 })
    const posts = dd.requests.slice(before)
    expect(posts.map((r) => [r.method, r.path, r.apiKey, r.contentType])).toEqual([
      ['POST', '/api/v2/series', dd.apiKey, 'application/json'],
    ])
    const series = (posts[0]!.body as { series: Series[] }).series
    for (const branch of ['main', 'release/1.x']) expect(delivered(series, branch)).toEqual(expected(branch))
    expect(series).toHaveLength(Object.keys(expected('main')).length * 2)
    expect(sent.json.series).toBe(series.length)
    expect(dd.series).toEqual(series)
    const now = Date.now() / 1000
    for (const s of series) expect(Math.abs(s.points[0]!.timestamp - now)).toBeLessThan(300)
  })

  it('records a refused submission with Datadog’s answer', async () => {
    // A key Datadog does not take (saving does not check it).
    expect((await setupCustom('revoked-key-0000')).status).toBe(200)
    const sent = await api.call('POST', `${base()}/send-now`, { auth: auth.admin })
    expect(sent.status).toBe(200)
    expect(sent.json).toMatchObject({ ok: false, status: 403, series: 0 })
    expect(sent.json.message).toContain('Datadog refused the API key (HTTP 403)')
    expect((await setupCustom(dd.apiKey)).status).toBe(200)
  })

  it('submits on a pg-boss schedule, through the same path', async () => {
    expect(datadogCron(30)).toBe('*/30 * * * *')
    expect(datadogCron(60)).toBe('0 * * * *')
    expect(datadogCron(0)).toBeNull()
    const schedules = (await t.sextant.boss.getSchedules()) as { name: string; cron: string }[]
    expect(schedules.find((s) => s.name === 'datadog.metrics')?.cron).toBe('*/30 * * * *')
    const before = dd.series.length
    const outbound = createOutboundClient(t.sextant.config.outbound)
    try {
      await datadogMetricsJob.handle(
        {},
        {
          db: t.sextant.db,
          boss: t.sextant.boss,
          config: t.sextant.config,
          logger: t.sextant.logger,
          outbound,
          sources: undefined as never,
          signal: new AbortController().signal,
          wake: () => {},
        },
      )
    } finally {
      await outbound.close()
    }
    const scheduled = dd.series.slice(before) as Series[]
    for (const branch of ['main', 'release/1.x'])
      expect(delivered(scheduled, branch)).toEqual(expected(branch))
  })

  it('lists each submission, newest first, with its result', async () => {
    const history = await api.call('GET', `${base()}/history`, { auth: auth.viewer })
    expect(history.status).toBe(200)
    const rows = history.json as unknown as { trigger: string; ok: boolean; status: number | null }[]
    expect(rows.map((r) => [r.trigger, r.ok, r.status])).toEqual([
      ['schedule', true, 202],
      ['send-now', false, 403],
      ['send-now', true, 202],
    ])
  })

  it('follows the §6 roles and the datadog feature', async () => {
    expect((await api.call('GET', `${base()}/setup`, { auth: auth.viewer })).status).toBe(200)
    for (const [method, path] of [
      ['POST', 'send-now'],
      ['POST', 'setup'],
      ['POST', 'credentials-check'],
    ] as const) {
      const r = await api.call(method, `${base()}/${path}`, { auth: auth.viewer, body: {} })
      expect(r.status, path).toBe(403)
    }
    const none = await api.call('GET', '/api/v1/integrations/datadog/accounts/me/setup', {
      auth: auth.noFeature,
    })
    expect(none.status).toBe(403)
    expect(none.json.message).toContain("feature 'datadog'")
  })

  it('never answers the stored keys', () => {
    const secrets = [dd.apiKey, other.apiKey, 'revoked-key-0000'].map((value) => ({ value, createdBy: null }))
    const mine = api.answers.filter((a) => a.path.includes('/integrations/datadog/'))
    expect(mine.length).toBeGreaterThan(15)
    expect(leaks(mine, secrets)).toEqual([])
  })
})
