// The account configuration applied to analyses (product-notes "Scores" auto-mitigation; spec
// accounts-and-api §2 configuration.analysisScopes, §7 configuration GET/POST): set it, upload, and the
// report shows auto-mitigated advices, a production-only security domain and the changed score; change
// it back, recompute, and the report is back to every advice counted.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const json = { ...admin, 'content-type': 'application/json' }
// ms 2.1.3 (prod) and ms 2.1.2 (dev, under debug) are both affected: CVSS 7.5, HIGH.
const advisory = {
  id: 'GHSA-test-ms00-0002',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0002'],
  summary: 'ms is slow on long strings',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'ms' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
    },
  ],
}
const ALL = ['prod', 'dev', 'test', 'provided', 'optional']

interface Doc {
  scopes: string[]
  analysisScopes?: Record<string, string[]>
  security: {
    score: number
    componentsCount: number
    summary: Record<string, { high: number; exclusions: number }>
    assessments: {
      reports: {
        dependency: { library: { name: string }; version: string }
        advices: {
          id: string
          exclusions?: { automatic?: boolean; description: string; readonly: boolean }[]
        }[]
      }[]
    }[]
  }
}

describe.each(storageModes())('account configuration applied to analyses on %s storage', (mode) => {
  let t: TestInstance
  let pid = ''
  let account = ''
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, { headers: init.body ? json : admin, ...init })
  const configure = (body: unknown) =>
    api(`/api/v1/accounts/${account}/configuration`, { method: 'POST', body: JSON.stringify(body) })
  const history = async () =>
    (await (await api(`/api/v1/reports/${pid}/history?branch=main`)).json()) as { uuid: string }[]
  const latest = async () => (await (await api(`/api/v1/reports/${pid}/full?branch=main`)).json()) as Doc
  const msAdvices = (doc: Doc, version: string) =>
    doc.security.assessments
      .flatMap((a) => a.reports)
      .find((r) => r.dependency.library.name === 'ms' && r.dependency.version === version)?.advices
  async function recompute(): Promise<Doc> {
    const before = (await history()).length
    const res = await api(`/api/v1/reports/${pid}/full?branch=main`, { method: 'POST' })
    expect(res.status).toBe(202)
    const deadline = Date.now() + 20_000
    while ((await history()).length === before) {
      if (Date.now() > deadline) throw new Error('no recomputed report')
      await new Promise((r) => setTimeout(r, 100))
    }
    return latest()
  }

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sx-osv-'))
    writeFileSync(join(dir, 'ms.jsonl'), `${JSON.stringify(advisory)}\n`)
    t = await startTestInstance(mode, {
      SEXTANT_ADVISORY_SOURCES: join(dir, 'ms.jsonl'),
      SEXTANT_OFFLINE: 'true',
    })
    const deadline = Date.now() + 30_000
    for (;;) {
      const stats = (await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).json()) as { total?: number }
      if (JSON.stringify(stats).includes('"npm"') || Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 200))
    }
    account = ((await (await api('/api/v1/accounts/me')).json()) as { uuid: string }).uuid
  }, 60_000)
  afterAll(async () => t?.close())

  it('refuses a domain with no scope, naming the field', async () => {
    const res = await configure({ analysisScopes: { stability: [] } })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toMatch(/analysisScopes.*stability|Choose at least one scope/)
  })

  it('auto-mitigates below the thresholds and narrows security to production, then recompute undoes it', async () => {
    const set = await configure({
      autoMitigation: { cvss: 8, epss: 1, severity: null },
      analysisScopes: { security: ['prod'] },
    })
    expect(set.status).toBe(200)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(fixture('package.json'))]), 'package.json')
    form.append('file', new Blob([new Uint8Array(fixture('package-lock.json'))]), 'package-lock.json')
    const up = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      headers: admin,
      body: form,
    })
    expect(up.status).toBe(202)
    pid = ((await up.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, pid, 'main', admin)

    const narrowed = await latest()
    // the dev ms 2.1.2 is left out of security; the prod ms 2.1.3 advice (CVSS 7.5 < 8, no EPSS) is
    // auto-mitigated: it stays, flagged, out of the totals and the score
    expect(narrowed.analysisScopes).toEqual({ security: ['prod'], stability: ALL, licensing: ALL })
    expect(msAdvices(narrowed, '2.1.2')).toBeUndefined()
    const [advice] = msAdvices(narrowed, '2.1.3') ?? []
    expect(advice?.exclusions).toEqual([
      expect.objectContaining({
        automatic: true,
        readonly: true,
        description:
          "Automatically mitigated by the account's auto-mitigation thresholds: CVSS 7.5 is below 8.0.",
      }),
    ])
    expect(narrowed.security.summary.nodejs).toMatchObject({ high: 0, exclusions: 1 })
    expect(narrowed.security.score).toBe(100)
    // an automatic mitigation is not a stored exclusion: nothing to remove through the exclusions API
    expect(await (await api(`/api/v2/exclusions/${pid}/main`)).json()).toEqual([])

    expect(
      (await configure({ autoMitigation: { cvss: null, epss: null }, analysisScopes: { security: ALL } }))
        .status,
    ).toBe(200)
    const back = await recompute()
    expect(back.analysisScopes?.security).toEqual(ALL)
    expect(msAdvices(back, '2.1.3')?.[0]?.exclusions).toBeUndefined()
    expect(msAdvices(back, '2.1.2')).toHaveLength(1)
    expect(back.security.summary.nodejs).toMatchObject({ high: 2, exclusions: 0 })
    expect(back.security.score).toBe(25)

    // the CVSS threshold at exactly 7.5 is not above the advice: nothing is mitigated
    await configure({ autoMitigation: { cvss: 7.5 } })
    const boundary = await recompute()
    expect(boundary.security.summary.nodejs).toMatchObject({ high: 2, exclusions: 0 })
    await configure({ autoMitigation: { cvss: null } })
  }, 90_000)
})
