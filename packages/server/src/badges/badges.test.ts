// Badges (issue 6 acceptance 5): three domains × (pass, fail, no report, unknown project) answer the
// right SVG quickly; base64 text; short cache headers; private projects need the badge key.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_ADMIN, type TestInstance, waitForReport } from '../testing/instance'
import { scoreBadgeSvg } from './badge'

const sbom = readFileSync(new URL('../resources/fixtures/small.cdx.json', import.meta.url))

/** The administrator's session (a private project is one uploaded by a signed-in member). */
async function signIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/v1/credentials/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  })
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` }
}
const domains = ['security', 'stability', 'licensing'] as const

async function upload(url: string, headers: Record<string, string> = {}): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
  const res = await fetch(`${url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
    method: 'POST',
    body: form,
    headers,
  })
  const body = (await res.json()) as { projectUuid: string }
  expect(res.status, JSON.stringify(body)).toBe(202)
  const { projectUuid } = body
  await waitForReport(url, projectUuid, 'main', headers)
  return projectUuid
}

describe('badge picture', () => {
  it('escapes its text', () => {
    const svg = scoreBadgeSvg({ label: '<script>&', score: 50, threshold: 90 })
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;script&gt;&amp;')
  })
})

describe.each(storageModes())('badges on %s storage', (mode) => {
  let t: TestInstance
  let passing: string
  let failing: string
  beforeAll(async () => {
    t = await startTestInstance(mode)
    passing = await upload(t.url)
    failing = await upload(t.url)
    await t.sextant.db.query(
      'UPDATE reports SET security_score = 95, stability_score = 85.5, licensing_score = 100 WHERE project_uuid = $1',
      [passing],
    )
    await t.sextant.db.query(
      'UPDATE reports SET security_score = 40, stability_score = 10, licensing_score = 60 WHERE project_uuid = $1',
      [failing],
    )
  }, 60_000)
  afterAll(async () => t?.close())

  const cases = [
    [
      'pass',
      () => `${passing}/DOMAIN?branch=main`,
      200,
      '#3fa34d',
      { security: '95', stability: '85.5', licensing: '100' },
    ],
    [
      'fail',
      () => `${failing}/DOMAIN?branch=main`,
      200,
      '#d9453d',
      { security: '40', stability: '10', licensing: '60' },
    ],
    [
      'no report',
      () => `${passing}/DOMAIN?branch=nope`,
      200,
      '#9f9f9f',
      { security: 'n/a', stability: 'n/a', licensing: 'n/a' },
    ],
    [
      'unknown project',
      () => '00000000-0000-4000-8000-00000000beef/DOMAIN?branch=main',
      404,
      '#9f9f9f',
      { security: 'not found', stability: 'not found', licensing: 'not found' },
    ],
  ] as const

  for (const domain of domains) {
    it.each(cases)(`${domain}: %s`, async (_, path, status, colour, values) => {
      const url = `${t.url}/api/v2/badges/${path().replace('DOMAIN', domain)}`
      // Answer time is measured by `npm run bench -- exports` (badge render) and the spine bench, not here: a timed test fails under load.
      const res = await fetch(url)
      const svg = await res.text()
      expect(res.status).toBe(status)
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect(svg).toMatch(/^<svg /)
      expect(svg).toContain(`<title>${domain}: ${values[domain]}</title>`)
      expect(svg).toContain(`fill="${colour}"`)
    })
  }

  it('answers base64 text with ?b64 and short cache headers', async () => {
    const res = await fetch(`${t.url}/api/v2/badges/${passing}/security?branch=main&b64=true&slug=123`)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    expect(Buffer.from(await res.text(), 'base64').toString()).toMatch(/^<svg .*security: 95/)
  })

  it('shows a private project only with its badge key', async () => {
    const admin = await signIn(t.url)
    const own = await upload(t.url, admin)
    expect((await fetch(`${t.url}/api/v2/badges/${own}/security?branch=main`)).status).toBe(404)
    const { key, urls } = await (await fetch(`${t.url}/api/v2/badges/${own}`, { headers: admin })).json()
    expect(urls.security).toBe(`/api/v2/badges/${own}/security?key=${key}`)
    const res = await fetch(`${t.url}/api/v2/badges/${own}/security?branch=main&key=${key}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, max-age=60')
    expect((await fetch(`${t.url}/api/v2/badges/${own}/security?branch=main&key=wrong`)).status).toBe(404)
    expect(
      (await fetch(`${t.url}/api/v2/badges/${own}/security?branch=main`, { headers: admin })).status,
    ).toBe(200)
  })
})
