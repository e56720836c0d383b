// /dashboard in headless Chromium (issue 8 "Companion pages": projects by outcome, score trends, the most
// widespread vulnerable components, from the insights API): two corpus projects analysed with the corpus
// npm advisories, one of them twice; the component filter, the period switch, another account's empty
// dashboard; no serious axe violations. Screenshots: dashboard-*.png.
import { mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../../packages/server/src/testing/accounts'
import {
  startTestInstance,
  type TestInstance,
  waitForReport,
} from '../../packages/server/src/testing/instance'
import {
  corpusDir,
  startTestNpmRegistry,
  type TestNpmRegistry,
} from '../../packages/server/src/testing/npm-registry'
import { launchBrowser } from './browser'
import { injectAxe } from './fixture'

const repoRoot = resolve(import.meta.dirname, '../..')
const webDir = join(repoRoot, 'packages/web/dist')
const shots = join(repoRoot, 'test-results/screenshots')

describe('dashboard in Chromium', () => {
  let t: TestInstance
  let browser: Browser
  let registry: TestNpmRegistry
  let owner = ''
  let stranger = ''
  let headers: Record<string, string> = {}

  async function register(email: string): Promise<string> {
    return (await signUp(t, { email, password: 'dashboard-password-1' })).accessToken
  }

  async function upload(target: string, name: string, project: string, files: string[]): Promise<string> {
    const form = new FormData()
    for (const f of files)
      form.append('file', new Blob([readFileSync(join(corpusDir, 'projects', project, f))]), f)
    const reports = async (pid: string) => {
      const h = await fetch(`${t.url}/api/v1/reports/${pid}/history?branch=main`, { headers })
      return h.ok ? ((await h.json()) as unknown[]).length : 0
    }
    const count = target === 'new' ? 0 : await reports(target)
    const res = await fetch(`${t.url}/api/v1/uploads/${target}/manifests?branch=main&name=${name}`, {
      method: 'POST',
      headers,
      body: form,
    })
    expect(res.status).toBe(202)
    const pid = ((await res.json()) as { projectUuid: string }).projectUuid
    for (let waited = 0; waited < 90_000; waited += 300) {
      if ((await reports(pid)) > count) break
      await new Promise((r) => setTimeout(r, 300))
    }
    await waitForReport(t.url, pid, 'main', headers, 90_000)
    return pid
  }

  async function open(token: string, width = 1440, height = 900): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}/dashboard`)
    return page
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    registry = await startTestNpmRegistry()
    t = await startTestInstance('embedded', {
      SEXTANT_SERVE_WEB: 'true',
      SEXTANT_WEB_DIR: webDir,
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: registry.url,
      SEXTANT_ADVISORY_SOURCES: join(corpusDir, 'osv/npm.jsonl.gz'),
      SEXTANT_REGISTRATION: 'open',
    })
    browser = await launchBrowser()
    for (let waited = 0; waited < 60_000; waited += 500) {
      const stats = (await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).json()) as {
        databases: { status: string }[]
      }
      if (stats.databases[0]?.status === 'OK') break
      await new Promise((r) => setTimeout(r, 500))
    }
    owner = await register('olga.owner@example.test')
    stranger = await register('sam.stranger@example.test')
    headers = { Authorization: `Bearer ${owner}` }
    const goat = await upload('new', 'nodegoat', 'nodegoat', ['package.json', 'package-lock.json'])
    await upload('new', 'brackets', 'brackets', ['package.json', 'npm-shrinkwrap.json'])
    // A second report of the same branch: the trend has two points for it.
    await upload(goat, 'nodegoat', 'nodegoat', ['package.json', 'package-lock.json'])
  }, 300_000)
  afterAll(async () => {
    await browser?.close()
    await t?.close()
    await registry?.close()
  })

  it('shows outcomes, severities, the score trend, widespread components and latest reports', async () => {
    const page = await open(owner)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.getByTestId('dashboard-metrics').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('metric-projects').locator('[data-value]').textContent()).toBe('2')
    expect(await page.locator('[data-testid="dashboard-outcomes"] canvas').count()).toBe(1)
    expect(await page.locator('[data-testid="dashboard-severities"] canvas').count()).toBe(1)
    expect(await page.locator('[data-testid="dashboard-trend"] canvas').count()).toBe(1)
    const rows = page.locator('[data-testid="latest-reports-table"] tbody tr')
    expect(await rows.count()).toBe(2)
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('brackets'),
      expect.stringContaining('nodegoat'),
    ])
    const widespread = page.locator('[data-testid="widespread-table"] tbody tr')
    await widespread.first().waitFor()
    expect(await widespread.count()).toBeGreaterThan(0)
    expect(await widespread.count()).toBeLessThanOrEqual(10)
    // Components used by both projects come first.
    expect(await page.getByTestId('widespread-projects').first().textContent()).toBe('2 projects')
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'dashboard-1440.png'), fullPage: true })

    const firstName = (await widespread.first().locator('td').first().locator('p').first().textContent())!
    await page.getByTestId('widespread-search').fill(firstName)
    await expect
      .poll(async () => (await widespread.allTextContents()).every((row) => row.includes(firstName)))
      .toBe(true)
    await page.getByTestId('widespread-search').fill('no-such-component-anywhere')
    await page.getByTestId('widespread-empty').waitFor()
    expect(await page.getByTestId('widespread-empty').textContent()).toContain('no-such-component-anywhere')

    await page.getByTestId('dashboard-period').getByText('7 days').click()
    await expect.poll(() => rows.count()).toBe(2)

    await injectAxe(page)
    const serious = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(c: string): Promise<{
              violations: { id: string; impact: string | null; nodes: { target: string[]; html: string }[] }[]
            }>
          }
        }
      ).axe
      return (await axe.run('body')).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 300)}`)
              .slice(0, 3)
              .join(', ')}`,
        )
    })
    expect(serious).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('fits a phone screen', async () => {
    const page = await open(owner, 390, 844)
    await page.getByTestId('dashboard-metrics').waitFor({ timeout: 20_000 })
    await page.locator('[data-testid="widespread-table"] tbody tr').first().waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'dashboard-390.png'), fullPage: true })
    await page.getByTestId('dashboard-latest').screenshot({ path: join(shots, 'dashboard-latest-390.png') })
    await page.close()
  }, 60_000)

  it("shows another account's member an empty dashboard, never the owner's projects", async () => {
    const page = await open(stranger)
    await page.getByTestId('dashboard-empty').waitFor({ timeout: 20_000 })
    expect(await page.textContent('body')).not.toContain('nodegoat')
    await page.screenshot({ path: join(shots, 'dashboard-empty-1440.png') })
    await page.close()
  }, 60_000)
})
