// The account-wide report views over HTTP on both storages (spec accounts-and-api §7 "Projects and
// reports", "Insights", "Vulnerabilities"; §6): latest reports, overview with trends, project summary,
// project count, security metrics and dependency insights with every filter; another account's ids
// answer 404 without data; bad parameters answer 400 naming the parameter.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../../testing/accounts'
import { storageModes } from '../../testing/databases'
import { startTestInstance, type TestInstance, waitForReport } from '../../testing/instance'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
const advisory = {
  id: 'GHSA-test-ms00-0001',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0001'],
  summary: 'ms is slow on long strings',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'ms' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
    },
  ],
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely in these assertions
type Json = Record<string, any>

describe.each(storageModes())('account-wide report views on %s storage', (mode) => {
  let t: TestInstance
  const alice: Record<string, string> = {}
  const bob: Record<string, string> = {}
  let accountA = ''
  const projectsA: string[] = []
  let projectB = ''

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const r = await fetch(`${t.url}${path}`, { headers })
    return { status: r.status, text: await r.clone().text(), json: (await r.json()) as Json }
  }

  async function register(email: string, password: string, into: Record<string, string>) {
    const session = await signUp(t, { email, password })
    into.authorization = `Bearer ${session.accessToken}`
    return session.user.account.uuid
  }

  async function upload(headers: Record<string, string>, name: string, files: [string, Buffer][]) {
    const form = new FormData()
    for (const [file, data] of files) form.append('file', new Blob([new Uint8Array(data)]), file)
    const kind = files[0]![0].endsWith('.cdx.json') ? 'sbom-cdx.json' : 'manifests'
    const r = await fetch(`${t.url}/api/v1/uploads/new/${kind}?branch=main&name=${name}`, {
      method: 'POST',
      headers,
      body: form,
    })
    expect(r.status).toBe(202)
    const pid = ((await r.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, pid, 'main', headers)
    return pid
  }

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sx-insights-'))
    writeFileSync(join(dir, 'ms.jsonl'), `${JSON.stringify(advisory)}\n`)
    t = await startTestInstance(mode, {
      SEXTANT_ADVISORY_SOURCES: join(dir, 'ms.jsonl'),
      SEXTANT_REGISTRATION: 'open',
    })
    const deadline = Date.now() + 30_000
    while (
      !JSON.stringify(await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).json()).includes('"npm"')
    ) {
      if (Date.now() > deadline) throw new Error('the advisory fixture was not imported')
      await new Promise((r) => setTimeout(r, 200))
    }
    accountA = await register('alice@insights.test', 'alice-password-1', alice)
    await register('bob@insights.test', 'bob-password-12', bob)
    const manifests: [string, Buffer][] = [
      ['package.json', fixture('package.json')],
      ['package-lock.json', fixture('package-lock.json')],
    ]
    projectsA.push(await upload(alice, 'alpha', manifests))
    projectsA.push(await upload(alice, 'beta', manifests))
    projectB = await upload(bob, 'bob-secret', [['bom.cdx.json', fixture('small.cdx.json')]])
  }, 120_000)
  afterAll(async () => t?.close())

  it("GET /api/v2/reports answers the latest report of each of the caller's branches only", async () => {
    const a = await get('/api/v2/reports', alice)
    expect(a.status).toBe(200)
    expect(a.json.map((r: Json) => r.projectName)).toEqual(['alpha', 'beta'])
    // offline without a registry: stability and licensing not assessed (PARTIAL, no score), security is
    expect(a.json[0]).toMatchObject({
      branch: 'main',
      projectUuid: projectsA[0],
      status: 'PARTIAL',
      stability: null,
      assessment: { security: 'complete', stability: 'none', licensing: 'none' },
    })
    expect(a.json[0].security).toBeLessThan(100)
    const b = await get('/api/v2/reports', bob)
    expect(b.json.map((r: Json) => r.projectUuid)).toEqual([projectB])
    expect((await get('/api/v2/reports')).status).toBe(401)
  })

  it('GET /api/v3/reports counts outcomes and gives each branch its trend; 400 names sinceDaysAgo', async () => {
    const v3 = await get('/api/v3/reports?sinceDaysAgo=30', alice)
    expect(v3.status).toBe(200)
    expect(v3.json).toMatchObject({ sinceDaysAgo: 30, projects: 2, projectsWithoutReport: 0 })
    const { PASS, FAIL, UNDECLARED } = v3.json.outcomes
    expect(PASS + FAIL + UNDECLARED).toBe(2)
    expect(v3.json.reports[0].trend).toHaveLength(1)
    expect(v3.json.reports[0].trend[0].reportUuid).toBe(v3.json.reports[0].reportUuid)
    for (const bad of ['abc', '0', '4000', '1.5']) {
      const r = await get(`/api/v3/reports?sinceDaysAgo=${bad}`, alice)
      expect(r.status).toBe(400)
      expect(r.json.message).toContain('sinceDaysAgo')
    }
    const flag = await get('/api/v3/reports?nocache=maybe', alice)
    expect(flag.status).toBe(400)
    expect(flag.json.message).toContain('nocache must be true or false')
  })

  it('serves a cached overview until nocache=true asks for a fresh one', async () => {
    const first = await get('/api/v3/reports', alice)
    await new Promise((r) => setTimeout(r, 5))
    const again = await get('/api/v3/reports', alice)
    expect(again.json.generatedAt).toBe(first.json.generatedAt)
    const fresh = await get('/api/v3/reports?nocache=true', alice)
    expect(fresh.json.generatedAt).not.toBe(first.json.generatedAt)
    expect(fresh.json.reports).toEqual(first.json.reports)
  })

  it('GET /api/v1/reports/{uuid}/summary counts vulnerabilities per branch; other accounts get 404', async () => {
    const s = await get(`/api/v1/reports/${projectsA[0]}/summary?sinceDaysAgo=7`, alice)
    expect(s.status).toBe(200)
    expect(s.json).toMatchObject({ projectUuid: projectsA[0], projectName: 'alpha', sinceDaysAgo: 7 })
    const main = s.json.branches[0]
    expect(main.branch).toBe('main')
    expect(main.vulnerabilities).toMatchObject({ HIGH: 1, CRITICAL: 0 })
    expect(main.vulnerableComponents).toBe(2)
    expect(main.trend).toHaveLength(1)
    for (const caller of [bob, {}]) {
      const denied = await get(`/api/v1/reports/${projectsA[0]}/summary`, caller)
      expect(denied.status).toBe(404)
      expect(denied.text).not.toContain('alpha')
    }
    const bad = await get(`/api/v1/reports/${projectsA[0]}/summary?sinceDaysAgo=-1`, alice)
    expect(bad.status).toBe(400)
    expect(bad.json.message).toContain('sinceDaysAgo')
  })

  it('GET /api/v1/accounts/{id}/projects/count counts own projects only', async () => {
    expect((await get('/api/v1/accounts/me/projects/count', alice)).json).toEqual({ count: 2 })
    expect((await get(`/api/v1/accounts/${accountA}/projects/count`, alice)).json).toEqual({ count: 2 })
    expect((await get('/api/v1/accounts/me/projects/count', bob)).json).toEqual({ count: 1 })
    const cross = await get(`/api/v1/accounts/${accountA}/projects/count`, bob)
    expect(cross.status).toBe(404)
    expect(cross.text).not.toContain('"count"')
  })

  it('GET /api/v1/metrics/security/me sums the latest reports of the account', async () => {
    const m = await get('/api/v1/metrics/security/me', alice)
    expect(m.status).toBe(200)
    expect(m.json).toMatchObject({
      accountUuid: accountA,
      projects: 2,
      branches: 2,
      vulnerableComponents: 2,
      exploited: 0,
      notAssessed: 0,
    })
    expect(m.json.vulnerabilities).toMatchObject({ HIGH: 1, CRITICAL: 0, MEDIUM: 0 })
    expect(m.json.components).toBeGreaterThanOrEqual(6)
    const b = await get('/api/v1/metrics/security/me', bob)
    expect(b.json).toMatchObject({ projects: 1, vulnerableComponents: 0 })
    expect(b.json.vulnerabilities.HIGH).toBe(0)
    expect((await get('/api/v1/metrics/security/me')).status).toBe(401)
  })

  it('GET /api/v2/accounts/{id}/insights/dependencies shows the shared vulnerable components', async () => {
    const path = (q: string, id = 'me') => `/api/v2/accounts/${id}/insights/dependencies?${q}`
    const all = await get(path('sinceDaysAgo=30'), alice)
    expect(all.status).toBe(200)
    expect(all.json).toMatchObject({ reports: 2, total: 1, sinceDaysAgo: 30 })
    const ms = all.json.components[0]
    expect(ms).toMatchObject({
      language: 'nodejs',
      name: 'ms',
      versions: ['2.1.2', '2.1.3'],
      severity: 'HIGH',
    })
    expect(ms.projects.map((p: Json) => p.projectName).sort()).toEqual(['alpha', 'beta'])
    expect(ms.advisories).toEqual([
      expect.objectContaining({ id: 'GHSA-test-ms00-0001', cve: 'CVE-2099-0001', exploited: false }),
    ])
    expect(all.json.advisories[0]).toMatchObject({ id: 'GHSA-test-ms00-0001', components: 1, projects: 2 })

    expect((await get(path('advisory=cve-2099-0001'), alice)).json.total).toBe(1)
    expect((await get(path('advisory=CVE-1999-9'), alice)).json.total).toBe(0)
    expect((await get(path('severity=high,critical'), alice)).json.total).toBe(1)
    expect((await get(path('severity=LOW'), alice)).json.total).toBe(0)
    expect((await get(path('component=debug'), alice)).json.total).toBe(0)
    const debug = await get(path('component=debug&all=true'), alice)
    expect(debug.json.components[0]).toMatchObject({ name: 'debug', severity: 'NONE', advisories: [] })
    const everything = await get(path('all=true&limit=1&offset=1'), alice)
    expect(everything.json.total).toBeGreaterThan(1)
    expect(everything.json.components).toHaveLength(1)
    expect((await get(path('language=python'), alice)).json.total).toBe(0)
    expect((await get(path('', accountA), alice)).json.total).toBe(1)

    const own = await get(path(''), bob)
    expect(own.json).toMatchObject({ reports: 1, total: 0, components: [] })
  })

  it('insights: 400 names the bad parameter; another account answers 404 without data', async () => {
    const path = (q: string, id = 'me') => `/api/v2/accounts/${id}/insights/dependencies?${q}`
    const cases: [string, string][] = [
      ['severity=HIGH,URGENT', 'severity must be a comma-separated list'],
      ['limit=0', 'limit must be between 1 and 500'],
      ['limit=many', 'limit must be a whole number'],
      ['offset=-3', 'offset must be a whole number'],
      ['all=yes', 'all must be true or false'],
      ['sinceDaysAgo=soon', 'sinceDaysAgo must be a whole number'],
    ]
    for (const [q, message] of cases) {
      const r = await get(path(q), alice)
      expect(r.status, q).toBe(400)
      expect(r.json.message, q).toContain(message)
    }
    const cross = await get(path('', accountA), bob)
    expect(cross.status).toBe(404)
    expect(cross.text).not.toMatch(/alpha|"ms"|GHSA/)
    expect((await get(path(''))).status).toBe(401)
  })
})
