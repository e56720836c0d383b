// The spine end to end (issue 2 "Tests"): upload through the API, open the report page in headless
// Chromium, see the project, its branch and its three scores; screenshots go to test-results/.
// The whole pipeline runs: the corpus advisories are synced at start-up from a local file, and registry
// metadata comes from the recorded corpus packuments served by a local npm registry.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

const repoRoot = resolve(import.meta.dirname, '../..')
const webDir = join(repoRoot, 'packages/web/dist')
const shots = join(repoRoot, 'test-results/screenshots')

describe('report page in Chromium', () => {
  let t: TestInstance
  let browser: Browser
  let registry: TestNpmRegistry

  beforeAll(async () => {
    if (!existsSync(join(webDir, 'index.html')))
      throw new Error('The web app is not built: run `npm run build:web` (npm test does).')
    mkdirSync(shots, { recursive: true })
    registry = await startTestNpmRegistry()
    t = await startTestInstance('embedded', {
      SEXTANT_SERVE_WEB: 'true',
      SEXTANT_WEB_DIR: webDir,
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: registry.url,
      SEXTANT_ADVISORY_SOURCES: join(corpusDir, 'osv/npm.jsonl.gz'),
    })
    browser = await launchBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await t?.close()
    await registry?.close()
  })

  it('shows an uploaded project with its branch and scores', async () => {
    // The start-up sync of the corpus advisories must have finished before the analysis.
    await expect
      .poll(async () => (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).json(), {
        timeout: 60_000,
        interval: 500,
      })
      .toMatchObject({ databases: [{ status: 'OK' }] })
    const nodegoat = join(corpusDir, 'projects/nodegoat')
    const form = new FormData()
    for (const f of ['package.json', 'package-lock.json']) {
      form.append('file', new Blob([readFileSync(join(nodegoat, f))]), f)
    }
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main&name=nodegoat`, {
      method: 'POST',
      body: form,
    })
    expect(res.status).toBe(202)
    const { projectUuid } = (await res.json()) as { projectUuid: string }
    const report = (await waitForReport(t.url, projectUuid, 'main', {}, 60_000)) as {
      security: {
        assessed: boolean
        score: number
        issues?: Record<string, { threats: number; highestCvss: number | null }>
      }
      stability: { assessed: boolean }
      licensing: { assessed: boolean }
    }
    // NodeGoat is deliberately vulnerable: every domain is assessed and security findings exist.
    expect([report.security.assessed, report.stability.assessed, report.licensing.assessed]).toEqual([
      true,
      true,
      true,
    ])
    expect(report.security.score).toBeLessThan(90)
    expect(report.security.issues?.nodejs?.threats).toBeGreaterThan(0)
    expect(report.security.issues?.nodejs?.highestCvss).toBeGreaterThan(7)

    for (const [label, width, height] of [
      ['desktop', 1440, 900],
      ['mobile', 390, 844],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } })
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(`${t.url}/projects/?pid=${projectUuid}&branch=main`)
      await expect
        .poll(() => page.getByTestId('project-name').textContent(), { timeout: 15_000 })
        .toContain('nodegoat')
      for (const domain of ['security', 'stability', 'licensing']) {
        await expect.poll(() => page.getByTestId(`score-${domain}`).count()).toBe(1)
      }
      expect(await page.getByTestId('branch-select').count()).toBe(1)
      await page.screenshot({ path: join(shots, `report-page-${label}.png`), fullPage: true })
      expect(errors).toEqual([])
      await page.close()
    }
  }, 120_000)

  it("shows 'SORRY, WE COULDN'T FIND THE PROJECT' for an unknown project", async () => {
    const page = await browser.newPage()
    await page.goto(`${t.url}/projects/?pid=8a5c2b8e-1111-4222-8333-444455556666&branch=main`)
    await expect
      .poll(() => page.textContent('body'), { timeout: 15_000 })
      .toContain("SORRY, WE COULDN'T FIND THE PROJECT")
    await page.screenshot({ path: join(shots, 'report-page-not-found.png') })
    await page.close()
  })
})
