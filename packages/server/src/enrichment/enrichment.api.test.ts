// Enrichment end to end on each storage mode (issue 9 "Enrichment"; spec report-page §2-§3, §7-§8): the
// start-up sync of SEXTANT_EPSS/KEV/CWE_SOURCE files, GET /api/v1/stats/enrichment-dbs, an analysis whose
// advices carry epss and kevEntry (Exploited and Listed), and GET /api/v1/vulns/cwe (name; 404 message).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { enrichmentStatsSchema } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusDir } from '../advisories/test-corpus'
import { storageModes } from '../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../testing/instance'

const here = (...parts: string[]) => join(import.meta.dirname, ...parts)
const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }

interface Advice {
  id: string
  cve: string | null
  cwe: string | null
  epss: number | null
  kevEntry: { cve: string; exploited: boolean } | null
}
interface Doc {
  security: { assessments: { reports: { dependency: { library: { name: string } }; advices: Advice[] }[] }[] }
}

async function until<T>(what: string, get: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 60_000
  for (;;) {
    // The embedded database may answer one poll with a 500 (see advisories.routes.test.ts); retried.
    const value = await get().catch(() => null)
    if (value !== null) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe.each(storageModes())('enrichment over HTTP on %s storage', (mode) => {
  let t: TestInstance

  beforeAll(async () => {
    t = await startTestInstance(mode, {
      SEXTANT_ADVISORY_SOURCES: here('fixtures', 'advisories.jsonl'),
      SEXTANT_EPSS_SOURCE: here('fixtures', 'epss-sample.csv.gz'),
      SEXTANT_KEV_SOURCE: join(corpusDir, 'enrichment', 'kev', 'known_exploited_vulnerabilities.json'),
      SEXTANT_CWE_SOURCE: join(corpusDir, 'enrichment', 'cwe', 'cwe-names.csv'),
    })
    await until('the enrichment sync', async () => {
      const res = await fetch(`${t.url}/api/v1/stats/enrichment-dbs`)
      if (res.status !== 200) return null
      const { databases } = enrichmentStatsSchema.parse(await res.json())
      return databases.every((d) => d.status === 'OK') ? databases : null
    })
    await until('the advisory sync', async () => {
      const res = await fetch(`${t.url}/api/v1/stats/advisories-dbs`)
      const body = res.status === 200 ? ((await res.json()) as { total: number }) : null
      return body && body.total === 2 ? body : null
    })
  })
  afterAll(async () => t?.close())

  it('states each source: version, counts and rows', async () => {
    const res = await fetch(`${t.url}/api/v1/stats/enrichment-dbs`)
    const { databases } = enrichmentStatsSchema.parse(await res.json())
    expect(databases.map((d) => [d.id, d.status, d.version, d.rows, d.counts?.inserted])).toEqual([
      ['epss', 'OK', '2025-08-25', 5, 5],
      ['kev', 'OK', '2025.08.25', 1404, 1404],
      ['cwe', 'OK', null, 1450, 1450],
    ])
    expect(JSON.stringify(databases)).not.toContain(corpusDir)
  })

  it('gives advices their EPSS and KEV entry (Exploited and Listed)', async () => {
    const form = new FormData()
    for (const name of ['package.json', 'package-lock.json'])
      form.append('file', new Blob([readFileSync(here('..', 'resources', 'fixtures', name))]), name)
    const up = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      headers: admin,
      body: form,
    })
    expect(up.status).toBe(202)
    const { projectUuid } = (await up.json()) as { projectUuid: string }
    const doc = (await waitForReport(t.url, projectUuid, 'main', admin)) as unknown as Doc
    const advices = new Map(
      doc.security.assessments.flatMap((a) => a.reports.flatMap((r) => r.advices)).map((a) => [a.id, a]),
    )
    expect(advices.get('GHSA-test-ms00-0001')).toMatchObject({
      cve: 'CVE-2021-44228',
      cwe: 'CWE-1333',
      epss: 0.94358,
      kevEntry: { cve: 'CVE-2021-44228', exploited: true },
    })
    expect(advices.get('GHSA-test-dbg0-0001')).toMatchObject({
      cve: 'CVE-2021-20035',
      cwe: 'CWE-79',
      epss: null,
      kevEntry: { cve: 'CVE-2021-20035', exploited: false },
    })
  })

  it('answers a CWE name by number or id, and the spec message when unknown', async () => {
    for (const id of ['CWE-79', '79', 'cwe-79']) {
      const res = await fetch(`${t.url}/api/v1/vulns/cwe/${id}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({
        id: 'CWE-79',
        number: 79,
        name: expect.stringMatching(/Cross-site/),
      })
    }
    for (const id of ['CWE-9999999', 'nonsense']) {
      const res = await fetch(`${t.url}/api/v1/vulns/cwe/${id}`)
      expect(res.status).toBe(404)
      expect(JSON.stringify(await res.json())).toContain('Could not get CWE info from the provider')
    }
  })
})
