// Issue 20 "Reports that stay small": the report page's outline and section routes answer the full
// report's lists by pages, precompressed (br, gzip) with strong ETags and immutable caching by id
// (`private` even for public projects: one made private again must not stay in shared caches), and, like every report lookup (issue 13 item 5), only after the
// access check and only through the report's own project and branch.
import { readFileSync } from 'node:fs'
import type { Report, ReportOutline, ReportSectionPage } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import { startTestInstance, type TestInstance, uploadSbomToNew, waitForReport } from '../../testing/instance'
import { memberInNewAccount } from '../admin/test-kit'

const sbom = readFileSync(new URL('../fixtures/small.cdx.json', import.meta.url))

describe.each(storageModes())('report outline and sections on %s storage', (mode) => {
  let t: TestInstance
  let bob: Record<string, string>
  let pub = ''
  let pubReport = ''
  let projB = ''
  let bobReport = ''

  const upload = (headers: Record<string, string>) => uploadSbomToNew(t.url, sbom, headers)
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers })

  beforeAll(async () => {
    t = await startTestInstance(mode)
    bob = { authorization: (await memberInNewAccount(t.sextant.db, 'bob@b.test')).auth }
    pub = await upload({})
    pubReport = String((await waitForReport(t.url, pub, 'main')).uuid)
    projB = await upload(bob)
    bobReport = String((await waitForReport(t.url, projB, 'main', bob)).uuid)
  }, 60_000)
  afterAll(async () => t?.close())

  it('answers the outline and the pages that put back together are the full report', async () => {
    const full = (await (await get(`/api/v1/reports/${pub}/full/${pubReport}`)).json()) as Report
    const latest = await get(`/api/v2/reports/${pub}/outline?branch=main`)
    expect(latest.status).toBe(200)
    const outline = (await latest.json()) as ReportOutline
    expect(outline.uuid).toBe(pubReport)
    expect(outline.totals).toEqual(full.totals)
    expect(outline.security.summary).toEqual(full.security.summary)
    expect(outline.stability.reports.flatMap((r) => r.versions)).toEqual([])
    const vulnerable = full.security.assessments.flatMap((a) => a.reports.filter((r) => r.advices.length))
    expect(outline.security.assessments.flatMap((a) => a.reports)).toEqual(vulnerable)
    expect(outline.outline.stability.total).toBe(full.stability.reports.flatMap((r) => r.versions).length)
    expect(outline.outline.stability.total).toBeGreaterThan(0)

    const joined = async (section: 'security' | 'stability' | 'licensing') => {
      const items: unknown[] = []
      for (let page = 0; page < outline.outline[section].pages; page++) {
        const res = await get(`/api/v2/reports/${pub}/sections/${pubReport}/${section}?page=${page}`)
        expect(res.status).toBe(200)
        const body = (await res.json()) as ReportSectionPage
        for (const part of body.parts) items.push(...part.items)
      }
      return items
    }
    expect(await joined('security')).toEqual(full.security.assessments.flatMap((a) => a.reports))
    expect(await joined('stability')).toEqual(full.stability.reports.flatMap((r) => r.versions))
    expect(await joined('licensing')).toEqual(full.licensing.reports.flatMap((r) => r.results))
    const past = await get(`/api/v2/reports/${pub}/sections/${pubReport}/stability?page=99`)
    expect(past.status).toBe(404)
  })

  it('sends brotli or gzip as asked, a strong ETag per encoding, 304 to If-None-Match, immutable by id', async () => {
    const path = `/api/v2/reports/${pub}/sections/${pubReport}/licensing?page=0`
    const br = await get(path, { 'accept-encoding': 'gzip, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    // never `public`: a shared cache would keep serving a public project's reports for a year after it
    // is made private again
    expect(br.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/)
    const etag = br.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[^"]+"$/)
    const gz = await get(path, { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('etag')).not.toBe(etag)
    expect(await gz.json()).toEqual(await br.json())
    const plain = await get(path, { 'accept-encoding': 'identity' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(((await plain.json()) as ReportSectionPage).section).toBe('licensing')
    const again = await get(path, { 'accept-encoding': 'gzip, br', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    // the latest outline of a branch is revalidated, never immutable
    const latest = await get(`/api/v2/reports/${pub}/outline?branch=main`, { 'accept-encoding': 'br' })
    expect(latest.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate')
    // a private project's forms are for the caller only
    const own = await get(`/api/v2/reports/${projB}/outline/${bobReport}`, {
      ...bob,
      'accept-encoding': 'br',
    })
    expect(own.status).toBe(200)
    expect(own.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
  })

  it("never answers Bob's report through another project, another branch or without access, cached or not", async () => {
    // Bob reads his own: this process holds its forms now
    expect((await get(`/api/v2/reports/${projB}/outline?branch=main`, bob)).status).toBe(200)
    const mine = await get(`/api/v2/reports/${projB}/sections/${bobReport}/security?page=0`, bob)
    expect(mine.status).toBe(200)
    const etag = mine.headers.get('etag') ?? ''
    for (const path of [
      `/api/v2/reports/${pub}/outline/${bobReport}`,
      `/api/v2/reports/${pub}/sections/${bobReport}/security?page=0`,
      `/api/v2/reports/${projB}/outline/${bobReport}`,
      `/api/v2/reports/${projB}/sections/${bobReport}/security?page=0`,
      `/api/v2/reports/${projB}/outline?branch=main`,
    ]) {
      expect((await get(path)).status, path).toBe(404)
      expect((await get(path, { 'if-none-match': etag })).status, path).toBe(404)
    }
    expect((await get(`/api/v2/reports/${projB}/outline/${bobReport}?branch=dev`, bob)).status).toBe(404)
    expect(
      (await get(`/api/v2/reports/${projB}/sections/${bobReport}/security?page=0&branch=dev`, bob)).status,
    ).toBe(404)
    expect((await get(`/api/v2/reports/${projB}/sections/${bobReport}/nonsense?page=0`, bob)).status).toBe(
      400,
    )
  })
})
