// Issue 13 item 5: no cache or lookup comes before the access check, and a report is only ever found
// through the path's project (and branch). The attack as filed: once Bob has opened his own report, an
// anonymous GET /api/v1/reports/<any public project>/full/<Bob's reportUuid> answered 200 with Bob's
// report and its downloadKey (served from the report cache), which then opened /reports/<projB>/json.
// Then every other report lookup by uuid (downloads, eras, badges, diffs, VEX, history) the same way.
// Issue 20: conditional GETs (If-None-Match, 304) of reports obey the same rule.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { startTestInstance, type TestInstance, uploadSbomToNew, waitForReport } from '../testing/instance'
import { memberInNewAccount } from './admin/test-kit'

const sbom = readFileSync(new URL('./fixtures/small.cdx.json', import.meta.url))

describe.each(storageModes())('report lookups on %s storage', (mode) => {
  let t: TestInstance
  let bob: Record<string, string>
  /** A public project (an anonymous scan), with its report on main. */
  let pub = ''
  let pubReport = ''
  /** Bob's private project, its report and download key. */
  let projB = ''
  let bobReport = ''
  let bobKey = ''

  const upload = (headers: Record<string, string>, branch = 'main') =>
    uploadSbomToNew(t.url, sbom, headers, branch)
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers })

  beforeAll(async () => {
    t = await startTestInstance(mode)
    bob = { authorization: (await memberInNewAccount(t.sextant.db, 'bob@b.test')).auth }
    pub = await upload({})
    pubReport = String((await waitForReport(t.url, pub, 'main')).uuid)
    projB = await upload(bob)
    const report = await waitForReport(t.url, projB, 'main', bob)
    bobReport = String(report.uuid)
    bobKey = String(report.downloadKey)
    expect(bobKey).toMatch(/^[0-9a-f]{32}$/)
  }, 60_000)
  afterAll(async () => t?.close())

  it("never serves Bob's report through a public project, even once it is in the report cache", async () => {
    // Bob opens his own report: this process now holds it in its report cache.
    expect((await get(`/api/v1/reports/${projB}/full?branch=main`, bob)).status).toBe(200)
    expect((await get(`/api/v1/reports/${projB}/full/${bobReport}`, bob)).status).toBe(200)
    for (const gzip of [false, true]) {
      const res = await get(
        `/api/v1/reports/${pub}/full/${bobReport}`,
        gzip ? { 'accept-encoding': 'gzip' } : {},
      )
      const text = await res.text()
      expect(res.status, text.slice(0, 200)).toBe(404)
      expect(text).not.toContain(bobKey)
    }
    // Nor to another account's member through their own project.
    const carol = { authorization: (await memberInNewAccount(t.sextant.db, 'carol@c.test')).auth }
    const own = await upload(carol)
    expect((await get(`/api/v1/reports/${own}/full/${bobReport}`, carol)).status).toBe(404)
    // The download key (which the leak handed out) is what opens Bob's JSON download to anyone.
    expect((await get(`/api/v1/reports/${projB}/json?branch=main`)).status).toBe(404)
    expect((await get(`/api/v1/reports/${projB}/json?branch=main&key=${pubReport}`)).status).toBe(404)
    expect((await get(`/api/v1/reports/${projB}/json?branch=main&key=${bobKey}`)).status).toBe(200)
  })

  it('answers a report of the right project on another branch as not found', async () => {
    expect((await get(`/api/v1/reports/${pub}/full/${pubReport}?branch=main`)).status).toBe(200)
    expect((await get(`/api/v1/reports/${pub}/full/${pubReport}?branch=dev`)).status).toBe(404)
  })

  it("finds no other project's report through downloads, eras, badges, diffs or VEX", async () => {
    const csv = await fetch(
      `${t.url}/api/v1/reports/vulnerabilities_csv/${pub}?branch=main&reportUuid=${bobReport}`,
      { method: 'POST' },
    )
    expect(csv.status).toBe(404)
    const era = await fetch(`${t.url}/api/v1/eras`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: pub, reportUuid: bobReport, format: 'pdf' }),
    })
    expect(era.status).toBe(404)
    // A report of the right project on another branch is no report either.
    const wrongBranch = await fetch(
      `${t.url}/api/v1/reports/vulnerabilities_csv/${pub}?branch=dev&reportUuid=${pubReport}`,
      { method: 'POST' },
    )
    expect(wrongBranch.status).toBe(404)

    // Bob's report's scores never show on the public project's badge: "no report" instead.
    await t.sextant.db.query('UPDATE reports SET security_score = 11 WHERE uuid = $1', [bobReport])
    const badge = await (await get(`/api/v2/badges/${pub}/security?reportUuid=${bobReport}`)).text()
    expect(badge).not.toContain('>11<')
    const ownBadge = await (await get(`/api/v2/badges/${projB}/security?reportUuid=${bobReport}`, bob)).text()
    expect(ownBadge).toContain('>11<')
    // A private project's badge needs its key or a reader, whatever report it names.
    expect((await get(`/api/v2/badges/${projB}/security?reportUuid=${bobReport}`)).status).toBe(404)

    expect((await get(`/api/v1/reports/${pub}/diff?branch=main&to=${bobReport}`)).status).toBe(404)
    expect(
      (await get(`/api/v1/reports/${pub}/diff?branch=main&to=${pubReport}&from=${bobReport}`)).status,
    ).toBe(404)
    expect((await get(`/api/v1/reports/${pub}/diff?branch=dev&to=${pubReport}`)).status).toBe(404)
    expect((await get(`/api/v1/reports/${pub}/diff?branch=main&to=${pubReport}`)).status).toBe(200)
  })

  // Issue 20: a report read by id never changes (DESIGN §2): a strong ETag, cached as immutable; the latest
  // of a branch is revalidated. If-None-Match answers 304 only after the access check, for the path's report.
  it('sends a report by id with a strong ETag, immutable, and 304 to If-None-Match', async () => {
    const path = `/api/v1/reports/${pub}/full/${pubReport}`
    const gz = await get(path, { 'accept-encoding': 'gzip' })
    expect(gz.status).toBe(200)
    const etag = gz.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[^"]+"$/)
    expect(gz.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(gz.headers.get('vary')).toMatch(/Accept-Encoding/)
    expect(((await gz.json()) as { uuid: string }).uuid).toBe(pubReport)

    const again = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(await again.text()).toBe('')
    expect((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': `"x", W/${etag}` })).status).toBe(
      304,
    )

    // The plain form is another representation: another tag, and the gzip form's tag does not match it.
    const plain = await get(path, { 'accept-encoding': 'identity' })
    expect(plain.headers.get('etag')).not.toBe(etag)
    expect((await get(path, { 'accept-encoding': 'identity', 'if-none-match': etag })).status).toBe(200)
    expect(((await plain.json()) as { uuid: string }).uuid).toBe(pubReport)
  })

  it('sends the latest report of a branch with an ETag to revalidate, never immutable', async () => {
    const path = `/api/v1/reports/${pub}/full?branch=main`
    const res = await get(path, { 'accept-encoding': 'gzip' })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate')
    const etag = res.headers.get('etag') ?? ''
    expect(etag).toContain(pubReport)
    expect((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(304)
  })

  it('answers If-None-Match only after the access check, and only for a report of the path and branch', async () => {
    const own = await get(`/api/v1/reports/${projB}/full/${bobReport}`, { ...bob, 'accept-encoding': 'gzip' })
    expect(own.status).toBe(200)
    const etag = own.headers.get('etag') ?? ''
    for (const tag of [etag, '*']) {
      // Anonymous, on Bob's private project: not found, not "not modified".
      expect((await get(`/api/v1/reports/${projB}/full/${bobReport}`, { 'if-none-match': tag })).status).toBe(
        404,
      )
      // Bob's report through a public project, even once it is in the report cache.
      expect((await get(`/api/v1/reports/${pub}/full/${bobReport}`, { 'if-none-match': tag })).status).toBe(
        404,
      )
      // The right project, another branch.
      expect(
        (await get(`/api/v1/reports/${pub}/full/${pubReport}?branch=dev`, { 'if-none-match': tag })).status,
      ).toBe(404)
    }
    expect(
      (
        await get(`/api/v1/reports/${projB}/full/${bobReport}`, {
          ...bob,
          'accept-encoding': 'gzip',
          'if-none-match': etag,
        })
      ).status,
    ).toBe(304)
  })
})
