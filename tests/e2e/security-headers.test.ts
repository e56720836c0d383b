// Issue 13 item 20: every answer carries a Content-Security-Policy, frame-ancestors 'none' / X-Frame-Options
// and X-Content-Type-Options, and the built web app still works under them: Chromium walks the report page
// (charts, Mantine's inline styles), the dependency tree window, the processing page, the dashboard and the
// project list, signed in as the owner and as an anonymous visitor, and no request is blocked by the policy.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForReport } from '../../packages/server/src/testing/instance'
import { repoRoot, shots, startTinyAppServer, type TinyAppServer } from './fixture'

const records = [
  {
    id: 'GHSA-e2e0-csp0-0020',
    modified: '2024-01-01T00:00:00Z',
    aliases: ['CVE-2099-0020'],
    summary: 'ms is slow on long strings',
    details: 'A regular expression in ms takes quadratic time. ![tracker](https://tracker.example/pixel.png)',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
    affected: [
      {
        package: { ecosystem: 'npm', name: 'ms' },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
      },
    ],
  },
]

/** Opens a page that records every CSP violation and console error it sees. */
async function watchedPage(server: TinyAppServer, token: string | null) {
  const page = await server.browser.newPage({ viewport: { width: 1440, height: 900 } })
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) problems.push(m.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { cspViolations?: string[] }
      w.cspViolations ??= []
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`)
    })
  })
  if (token)
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
  const violations = async (p: Page = page) => [
    ...problems,
    ...((await p.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations)) ?? []),
  ]
  return { page, violations }
}

describe('security headers in Chromium', () => {
  let server: TinyAppServer
  let publicPid = ''

  beforeAll(async () => {
    server = await startTinyAppServer({ records })
    // An anonymous upload: a public project an anonymous visitor may open.
    const form = new FormData()
    for (const f of ['package.json', 'package-lock.json'])
      form.append(
        'file',
        new Blob([readFileSync(join(repoRoot, 'packages/server/src/resources/fixtures', f))]),
        f,
      )
    const res = await fetch(`${server.t.url}/api/v1/uploads/new/manifests?branch=main&name=public-app`, {
      method: 'POST',
      body: form,
    })
    publicPid = ((await res.json()) as { projectUuid: string }).projectUuid
    await waitForReport(server.t.url, publicPid, 'main', {}, 60_000)
  }, 180_000)
  afterAll(async () => server?.close())

  it('sends the headers on HTML pages, API answers and errors; badges stay embeddable', async () => {
    const { url } = server.t
    for (const path of ['/', '/projects/?pid=x&branch=main', '/api/v1/accounts/me', '/api/v1/nope']) {
      const res = await fetch(`${url}${path}`)
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(csp, path).toContain("script-src 'self'")
      expect(csp, path).toContain("object-src 'none'")
      expect(csp, path).not.toContain('upgrade-insecure-requests')
      expect(res.headers.get('x-frame-options'), path).toBe('DENY')
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
    }
    const badge = await fetch(`${url}/api/v2/badges/${publicPid}/security?branch=main`)
    expect(badge.headers.get('content-type')).toMatch(/image\/svg\+xml/)
    expect(badge.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
  })

  it('runs the report page, tree window, processing page, dashboard and lists with no CSP violation', async () => {
    const { url } = server.t
    const era = await fetch(`${url}/api/v1/eras`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: server.pid, branch: 'main', format: 'pdf' }),
    })
    const eraId = ((await era.json()) as { id: string }).id
    const walks: [string, string | null, string, string][] = [
      ['owner', server.token, `/projects/?pid=${server.pid}&branch=main&mode=eli`, 'component-card'],
      ['owner', server.token, `/projects/tree?pid=${server.pid}&branch=main&mode=eli`, ''],
      [
        'owner',
        server.token,
        `/processing_request.html?source=report&type=pdf&key=${eraId}&resource=${eraId}&pid=${server.pid}&branch=main`,
        '',
      ],
      ['owner', server.token, '/dashboard', ''],
      ['owner', server.token, '/projects.html', ''],
      ['anonymous', null, `/projects/?pid=${publicPid}&branch=main`, 'component-card'],
      ['anonymous', null, '/', ''],
    ]
    for (const [who, token, path, testId] of walks) {
      const { page, violations } = await watchedPage(server, token)
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle' })
      if (testId) await page.getByTestId(testId).first().waitFor({ timeout: 20_000 })
      // Mantine's styles applied (a styled app, not bare HTML) and, on the report page, the charts drawn.
      const styled = await page.evaluate(() => getComputedStyle(document.body).fontFamily)
      expect(styled, path).not.toBe('')
      if (path.startsWith('/projects/?'))
        expect(await page.locator('canvas').count(), path).toBeGreaterThan(0)
      const name = path.split('?')[0]!.replaceAll('/', '_').replace(/^_$/, '_home')
      await page.screenshot({ path: join(shots, `csp-${who}${name}.png`), fullPage: false })
      expect(await violations(), `${who} ${path}`).toEqual([])
      await page.close()
    }
  }, 120_000)

  it('does not load an image an advisory text names on another host', async () => {
    const { page, violations } = await watchedPage(server, server.token)
    const requested: string[] = []
    page.on('requestfinished', (r) => requested.push(r.url()))
    await page.goto(`${server.t.url}/vulns?id=CVE-2099-0020&pid=${server.pid}&branch=main&mode=eli`, {
      waitUntil: 'networkidle',
    })
    await page.getByTestId('advisory-page').waitFor({ timeout: 20_000 })
    await page.waitForTimeout(500)
    expect(requested.filter((u) => u.includes('tracker.example'))).toEqual([])
    // The only violations there are the blocked tracker image (the event and its console line).
    const seen = await violations()
    expect(seen).toContain('img-src https://tracker.example/pixel.png')
    expect(seen.every((v) => v.includes('tracker.example/pixel.png'))).toBe(true)
    await page.close()
  })
})
