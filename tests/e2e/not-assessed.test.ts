// Issue 14 "Never fail open" in Chromium: a project analysed while the advisory store is empty (and, offline,
// with no registry metadata) shows n/a and NOT ASSESSED on its score badges, the partial-build banner with
// what is missing, the empty advisory data in Report Details, no chart for what was not assessed, n/a in the
// project list and the dashboard, and /status is not "All systems healthy". Advisories then imported through
// the running server (acceptance 3) take the open page to real findings with no new upload: the out-of-date
// notice or the recomputed report, then a security score. Screenshots: not-assessed-*.png.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  importRecords,
  osvRecord,
  PARTIAL_LICENCE_SBOM,
  uploadProject,
} from '../../packages/server/src/testing/advisory-imports'
import {
  startTestInstance,
  type TestInstance,
  waitForReport,
} from '../../packages/server/src/testing/instance'
import { launchBrowser } from './browser'
import { shots, signInAdmin, webDir } from './fixture'

const fixtures = join(import.meta.dirname, '../../packages/server/src/resources/fixtures')

describe('a report that could not be assessed, in Chromium', () => {
  let t: TestInstance
  let browser: Browser
  let token = ''
  let pid = ''
  const api = () => ({ url: t.url, headers: { Authorization: `Bearer ${token}` } })

  async function open(path: string, width = 1280, height = 900): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}${path}`)
    return page
  }
  const reportPath = () => `/projects/?pid=${pid}&branch=main&mode=eli`

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    // no advisory source, offline: nothing to check vulnerabilities against, no registry metadata
    t = await startTestInstance('embedded', { SEXTANT_SERVE_WEB: 'true', SEXTANT_WEB_DIR: webDir })
    token = await signInAdmin(t.url)
    pid = await uploadProject(api(), 'tiny-app', [
      ['package.json', readFileSync(join(fixtures, 'package.json'))],
      ['package-lock.json', readFileSync(join(fixtures, 'package-lock.json'))],
    ])
    browser = await launchBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('the report page reads n/a, says what is missing and which advisory data it used', async () => {
    const page = await open(reportPath())
    await page.getByTestId('score-badges').waitFor({ timeout: 20_000 })
    for (const domain of ['security', 'stability', 'licensing']) {
      const badge = page.getByTestId(`score-${domain}`)
      await expect.poll(() => badge.innerText()).toMatch(/n\/a/)
      expect(await badge.innerText()).not.toMatch(/\b100\b/)
    }
    expect(await page.getByTestId('score-security').innerText()).toMatch(/NOT ASSESSED/)
    expect(await page.getByTestId('score-security').innerText()).toMatch(/advisory store/i)
    // the partial-build banner names each gap and the domains it leaves incomplete
    const banner = page.getByTestId('report-status-banner')
    expect(await banner.innerText()).toMatch(/WE ENCOUNTERED SOME ISSUES WITH THE BUILD/)
    const gaps = await page.getByTestId('report-gap').allInnerTexts()
    expect(gaps.some((g) => /advisory store/i.test(g) && /affects security/.test(g))).toBe(true)
    // Report Details: the advisory data the report was built with
    expect(await page.getByTestId('report-advisory-data').innerText()).toMatch(/Empty[\s\S]*no advisories/)
    // no doughnut for a domain not assessed, and the outcome is not PASS
    expect(await page.locator('[data-testid="summary-charts"] canvas').count()).toBe(0)
    expect(await page.getByTestId('executive-summary').innerText()).toMatch(/FAIL/)
    // the sections say not assessed instead of counting zeros
    await page.getByTestId('section-stability').waitFor({ timeout: 20_000 })
    for (const section of ['section-security', 'section-stability', 'section-licensing'])
      expect(await page.getByTestId(section).innerText(), section).toMatch(/components? · not assessed/)
    await page.screenshot({ path: join(shots, 'not-assessed-report.png'), fullPage: true })
    await page.close()
    // on a phone the banner's examples wrap inside the page
    const phone = await open(reportPath(), 390, 844)
    await phone.getByTestId('report-gaps').waitFor({ timeout: 20_000 })
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await phone.screenshot({ path: join(shots, 'not-assessed-report-mobile.png') })
    await phone.close()
  })

  it('the project list and the dashboard read n/a, never a green score or a green zero', async () => {
    const list = await open('/projects')
    await list.getByText('tiny-app').first().waitFor({ timeout: 20_000 })
    await expect.poll(async () => list.getByText(/SEC n\/a/i).count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await list.screenshot({ path: join(shots, 'not-assessed-projects.png') })
    await list.close()
    const dashboard = await open('/dashboard')
    const vulnerable = dashboard.getByTestId('metric-vulnerable')
    await vulnerable.waitFor({ timeout: 20_000 })
    expect(await vulnerable.innerText()).toMatch(/n\/a/)
    expect(await vulnerable.innerText()).toMatch(/1 of 1 branch not assessed for security/)
    expect(await dashboard.getByTestId('metric-severe').innerText()).toMatch(/n\/a/)
    expect(await dashboard.getByTestId('dashboard-latest').innerText()).toMatch(/SEC n\/a/i)
    await dashboard.screenshot({ path: join(shots, 'not-assessed-dashboard.png'), fullPage: true })
    await dashboard.close()
  })

  it('/status does not say all systems healthy with no advisories', async () => {
    const page = await open('/status')
    const status = page.getByTestId('server-status')
    await status.waitFor({ timeout: 20_000 })
    const text = await status.innerText()
    expect(text).not.toMatch(/all systems healthy/i)
    expect(text).toMatch(/Degraded/i)
    expect(text).toMatch(/advisories[\s\S]*failing[\s\S]*no advisories/i)
    await page.screenshot({ path: join(shots, 'not-assessed-status.png') })
    await page.close()
  })

  it('advisories imported while the server runs take the open page to real findings, no new upload', {
    timeout: 90_000,
  }, async () => {
    const page = await open(reportPath())
    await page.getByTestId('score-badges').waitFor({ timeout: 20_000 })
    const first = await page.getByTestId('report-body').getAttribute('data-report-uuid')
    const imported = await importRecords(api(), 'npm.jsonl', [
      osvRecord('GHSA-e2e0-ms00-0001', 'ms', '2.1.4'),
    ])
    expect(imported.reassessing).toBe(true)
    // the page loads the recomputed report by itself (the out-of-date notice polls while it runs)
    await expect
      .poll(() => page.getByTestId('report-body').getAttribute('data-report-uuid'), { timeout: 60_000 })
      .not.toBe(first)
    const security = page.getByTestId('score-security')
    await expect.poll(() => security.innerText(), { timeout: 20_000 }).not.toMatch(/n\/a/)
    expect(await security.innerText()).toMatch(/\d+/)
    await page.getByTestId('component-card').first().waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('section-security').innerText()).toMatch(/ms/)
    expect(await page.getByTestId('report-advisory-data').innerText()).toMatch(/1 advisories \(npm 1\)/)
    await page.screenshot({ path: join(shots, 'not-assessed-after-import.png') })
    await page.close()
  })

  it('a partly assessed domain: PARTLY ASSESSED with the share assessed, its chart says so', async () => {
    // the store now holds npm advisories; offline, only a licence the SBOM declares can be assessed
    const form = new FormData()
    form.append('file', new Blob([PARTIAL_LICENCE_SBOM]), 'bom.cdx.json')
    const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main&name=partial-app`, {
      method: 'POST',
      headers: api().headers,
      body: form,
    })
    const partial = ((await res.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, partial, 'main', api().headers)
    const page = await open(`/projects/?pid=${partial}&branch=main&mode=eli`)
    const licensing = page.getByTestId('score-licensing')
    await licensing.waitFor({ timeout: 20_000 })
    await expect.poll(() => licensing.innerText()).toMatch(/PARTLY ASSESSED/)
    expect(await licensing.innerText()).toMatch(/n\/a[\s\S]*1 of 2 components assessed · 100 over those/)
    expect(await page.getByTestId('chart-partial').innerText()).toMatch(/Partly assessed/)
    // the component whose licence is unknown is not counted as 'no issue'
    expect(await page.getByTestId('summary-charts').innerText()).toMatch(
      /0 forbidden · 0 not declared · 1 not assessed/,
    )
    expect(await page.getByTestId('section-licensing').innerText()).toMatch(
      /partly assessed \(1 of 2 components\)/,
    )
    await page.screenshot({ path: join(shots, 'not-assessed-partial.png'), fullPage: true })
    await page.close()
  })
})
