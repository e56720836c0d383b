// Licence policies, search, fixes and copyright over HTTP (issue 5 "Licensing", "Licence fixes and
// copyright"; spec report-page §5, §7, §8): a DENY "no GPL" policy makes a GPL component a violation
// with its policyName and the licensing score 0 in the next report; a fix replaces a scoped package's licence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const json = { ...admin, 'content-type': 'application/json' }

const sbom = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', name: 'licence-app', version: '1.0.0', 'bom-ref': 'root' } },
  components: [
    {
      type: 'library',
      'bom-ref': 'express',
      name: 'express',
      version: '4.17.1',
      purl: 'pkg:npm/express@4.17.1',
      licenses: [{ license: { id: 'MIT' } }],
    },
    {
      type: 'library',
      'bom-ref': 'gpl-lib',
      name: 'gpl-lib',
      version: '1.0.0',
      purl: 'pkg:npm/gpl-lib@1.0.0',
      licenses: [{ license: { id: 'GPL-3.0-only' } }],
    },
    {
      type: 'library',
      'bom-ref': 'later-lib',
      name: 'later-lib',
      version: '3.1.0',
      purl: 'pkg:npm/later-lib@3.1.0',
      licenses: [{ expression: 'LGPL-2.1-or-later OR LicenseRef-Acme-EULA' }],
    },
    {
      type: 'library',
      'bom-ref': 'widget',
      group: '@acme',
      name: 'widget',
      version: '2.0.0',
      purl: 'pkg:npm/%40acme/widget@2.0.0',
    },
  ],
  dependencies: [{ ref: 'root', dependsOn: ['express', 'gpl-lib', 'later-lib', 'widget'] }],
}

interface Result {
  library: { name: string }
  licenses: { id: string; wildcard: boolean; proprietary: boolean }[]
  violations: { policyName: string; licence: string }[]
  copyright?: string
}
interface Doc {
  licensing: {
    score: number | null
    assessment: { state: string; components: number; assessedComponents: number; partialScore: number | null }
    reports: { results: Result[] }[]
  }
}

describe.each(storageModes())('licences on %s storage', (mode) => {
  let t: TestInstance
  let pid = ''
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, { headers: init.body ? json : admin, ...init })
  const post = (path: string, body?: unknown) =>
    api(path, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const history = async () =>
    (await (await api(`/api/v1/reports/${pid}/history?branch=main`)).json()) as unknown[]
  const latest = async () => (await (await api(`/api/v1/reports/${pid}/full?branch=main`)).json()) as Doc
  const resultOf = (doc: Doc, name: string) =>
    doc.licensing.reports.flatMap((r) => r.results).find((r) => r.library.name === name)!
  async function recompute(): Promise<Doc> {
    const before = (await history()).length
    expect((await post(`/api/v1/reports/${pid}/full?branch=main`)).status).toBe(202)
    const deadline = Date.now() + 20_000
    while ((await history()).length === before) {
      if (Date.now() > deadline) throw new Error('no recomputed report')
      await new Promise((r) => setTimeout(r, 100))
    }
    return latest()
  }
  const library = `/api/v1/licenses/library/nodejs/${encodeURIComponent('@acme/widget')}/*`

  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_OFFLINE: 'true' })
    const form = new FormData()
    form.append('file', new Blob([JSON.stringify(sbom)]), 'bom.json')
    const up = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
      method: 'POST',
      headers: admin,
      body: form,
    })
    expect(up.status).toBe(202)
    pid = ((await up.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, pid, 'main', admin)
  }, 60_000)
  afterAll(async () => t?.close())

  it('has no violation before any policy', async () => {
    const doc = await latest()
    expect(resultOf(doc, 'gpl-lib').violations).toEqual([])
    // @acme/widget declares no licence and this instance reaches no registry: licensing is partial (no
    // score), and the score over the other three components shows no violation
    expect(doc.licensing.score).toBeNull()
    expect(doc.licensing.assessment).toMatchObject({ state: 'partial', components: 4, assessedComponents: 3 })
    expect(doc.licensing.assessment.partialScore).toBeGreaterThan(0)
  })

  it('validates and stores licence policies', async () => {
    const bad = await post('/api/v1/accounts/me/policies/licenses', {
      name: 'Typo',
      kind: 'DENY',
      licences: ['GPL-3.0-nope'],
    })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toMatch(/GPL-3.0-nope/)
    expect((await post('/api/v1/accounts/me/policies/licenses', { name: 'Empty' })).status).toBe(400)

    const gpl = await post('/api/v1/accounts/me/policies/licenses', { template: 'no-gpl' })
    expect(gpl.status).toBe(200)
    const created = (await gpl.json()) as { id: string; name: string; licences: string[]; kind: string }
    expect(created).toMatchObject({ name: 'No GPL', kind: 'DENY', template: 'no-gpl' })
    expect(created.licences).toContain('GPL-3.0-only')

    const other = await post('/api/v1/accounts/me/policies/licenses', {
      name: 'Elsewhere',
      kind: 'DENY',
      licences: ['mit'],
      customLicences: ['Acme-Proprietary'],
      projectPatterns: ['other-*'],
    })
    expect(other.status).toBe(200)
    const elsewhere = (await other.json()) as { id: string }
    expect(elsewhere).toMatchObject({ licences: ['MIT'], customLicences: ['Acme-Proprietary'] })

    const renamed = await post(`/api/v1/accounts/me/policies/licenses/${elsewhere.id}`, { name: 'Others' })
    expect(await renamed.json()).toMatchObject({ name: 'Others', licences: ['MIT'] })
    const list = (await (await api('/api/v1/accounts/me/policies/licenses')).json()) as { name: string }[]
    expect(list.map((p) => p.name)).toEqual(['No GPL', 'Others'])
    expect((await api(`/api/v1/accounts/me/policies/licenses/${created.id}`)).status).toBe(200)
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await api(`/api/v1/accounts/me/policies/licenses/${missing}`, { method: 'DELETE' })).status).toBe(
      404,
    )
  })

  it('searches licences with 2 or more characters', async () => {
    const short = await api('/api/v1/licenses?query=G')
    expect(short.status).toBe(400)
    expect(((await short.json()) as { message: string }).message).toBe('Enter a minimum of 2 characters')
    const hits = (await (await api('/api/v1/licenses?query=gpl-3')).json()) as { id: string; name: string }[]
    expect(hits.map((h) => h.id)).toContain('GPL-3.0-only')
  })

  it('keeps licence fixes and copyright of a scoped package', async () => {
    expect((await post(`${library}/Apache-2.0`)).status).toBe(200)
    const again = await post(`${library}/apache-2.0`)
    expect(again.status).toBe(409)
    expect(((await again.json()) as { message: string }).message).toBe('License already exists')
    const bogus = await post(`${library}/not-a-licence`)
    expect(bogus.status).toBe(400)
    expect(((await bogus.json()) as { message: string }).message).toBe(
      'We were not able to find a valid license.',
    )
    expect(await (await api(library)).json()).toMatchObject({
      name: '@acme/widget',
      version: '*',
      licences: ['Apache-2.0'],
    })
    const overrides = await (await api('/api/v1/accounts/me/overrides/licenses')).json()
    expect(overrides).toEqual([expect.objectContaining({ language: 'nodejs', name: '@acme/widget' })])

    const empty = await post(`${library}/copyright?text=%20`)
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { message: string }).message).toBe('Please fill in the field')
    expect((await post(`${library}/copyright?text=${encodeURIComponent('(c) Acme Ltd')}`)).status).toBe(200)
    expect(await (await api(`${library}/copyright`)).json()).toMatchObject({ text: '(c) Acme Ltd' })
    const copyrights = await (await api('/api/v1/accounts/me/overrides/copyrights')).json()
    expect(copyrights).toEqual([expect.objectContaining({ name: '@acme/widget', text: '(c) Acme Ltd' })])
  })

  it('applies the policies and fixes in the next report', async () => {
    const doc = await recompute()
    expect(resultOf(doc, 'gpl-lib').violations).toEqual([{ policyName: 'No GPL', licence: 'GPL-3.0-only' }])
    // The MIT policy binds only other-* projects.
    expect(resultOf(doc, 'express').violations).toEqual([])
    expect(resultOf(doc, '@acme/widget').licenses.map((l) => l.id)).toEqual(['Apache-2.0'])
    // the licence fix made widget assessed: licensing is complete and the forbidden GPL sets it to 0
    expect(doc.licensing.assessment.state).toBe('complete')
    expect(doc.licensing.score).toBe(0)
  })

  it('flags "or later" licences as wildcard and LicenseRef ones as proprietary (spec §3 License)', async () => {
    const doc = await latest()
    expect(resultOf(doc, 'later-lib').licenses).toEqual([
      expect.objectContaining({ id: 'LGPL-2.1-or-later', wildcard: true, proprietary: false }),
      expect.objectContaining({ id: 'LicenseRef-Acme-EULA', wildcard: false, proprietary: true }),
    ])
    expect(resultOf(doc, 'express').licenses).toEqual([
      expect.objectContaining({ id: 'MIT', wildcard: false, proprietary: false }),
    ])
  })

  it('shows the copyright text in the report and the CycloneDX export after recompute', async () => {
    const text = '(c) 2024 Acme Widgets Ltd'
    expect((await post(`${library}/copyright?text=${encodeURIComponent(text)}`)).status).toBe(200)
    // only for the version the text was set for: gpl-lib 2.0.0 does not exist, so gpl-lib stays bare
    const gplLib = '/api/v1/licenses/library/nodejs/gpl-lib/2.0.0/copyright'
    expect((await post(`${gplLib}?text=${encodeURIComponent('(c) elsewhere')}`)).status).toBe(200)
    const doc = await recompute()
    expect(resultOf(doc, '@acme/widget').copyright).toBe(text)
    expect(resultOf(doc, 'gpl-lib').copyright).toBeUndefined()
    const res = await api(`/api/v1/reports/sbom-cdx.json/${pid}?branch=main`, { method: 'POST' })
    expect(res.status).toBe(200)
    const bom = (await res.json()) as { components: { name: string; group?: string; copyright?: string }[] }
    const widget = bom.components.find((c) => c.name === 'widget' && c.group === '@acme')
    expect(widget?.copyright).toBe(text)
    expect(bom.components.find((c) => c.name === 'gpl-lib')?.copyright).toBeUndefined()
  }, 30_000)
})
