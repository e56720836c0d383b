// Issue 7 "Screens" in headless Chromium: the Tags screen (create a tag marking a project, rename it and
// retag, delete) and the Configuration screen for Administrators (thresholds, scoring algorithm, scopes,
// auto-mitigation saved through the API and read back); a Viewer sees tags read-only and no
// Configuration tab. Then the configuration at work (product-notes "Scores" auto-mitigation; spec
// accounts-and-api §2 analysisScopes): an auto-mitigated advice on the report page, with its Mitigation
// tab and no way to remove it, and the scopes applied under Report Details.
// Screenshots: tags-*.png, configuration-*.png, auto-mitigation-*.png.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { membershipOf, sessionFor } from '../../packages/server/src/resources/admin/test-kit'
import { inviteAndAccept, signUp } from '../../packages/server/src/testing/accounts'
import {
  startTestInstance,
  TEST_ADMIN,
  type TestInstance,
  waitForReport,
} from '../../packages/server/src/testing/instance'
import { launchBrowser } from './browser'

const repoRoot = resolve(import.meta.dirname, '../..')
const webDir = join(repoRoot, 'packages/web/dist')
const shots = join(repoRoot, 'test-results/screenshots')
const OWNER = { email: 'tess.owner@example.test', password: 'tess-password-1' }

const sbom = (name: string) => ({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', name, version: '1.0.0', 'bom-ref': 'root' } },
  components: [],
})

describe('tags and configuration screens in Chromium', () => {
  let t: TestInstance
  let browser: Browser
  let page: Page
  let owner = ''
  const projects: Record<string, string> = {}

  const shot = async (p: Page, name: string) => {
    // Back at the top first, so that the sticky header is not drawn over the middle of a full-page shot.
    await p.evaluate(() => window.scrollTo(0, 0))
    await p.waitForTimeout(300)
    await p.screenshot({ path: join(shots, `${name}.png`), fullPage: true })
  }
  const api = async (path: string, auth = owner) =>
    (await fetch(`${t.url}${path}`, { headers: { authorization: auth } })).json()
  async function pageAs(token: string, width = 1440): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    await context.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    return context.newPage()
  }
  async function choose(p: Page, input: ReturnType<Page['getByTestId']>, option: string) {
    await input.click()
    await p.getByRole('option', { name: option }).click()
    await p.keyboard.press('Escape')
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    t = await startTestInstance(
      'embedded',
      { SEXTANT_SERVE_WEB: 'true', SEXTANT_WEB_DIR: webDir, SEXTANT_REGISTRATION: 'open' },
      { workers: false },
    )
    const token = (await signUp(t, OWNER)).accessToken
    owner = `Bearer ${token}`
    for (const name of ['web-shop', 'billing-service']) {
      const form = new FormData()
      form.append('file', new Blob([JSON.stringify(sbom(name))]), 'bom.json')
      const up = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
        method: 'POST',
        headers: { authorization: owner },
        body: form,
      })
      expect(up.status).toBe(202)
      projects[name] = ((await up.json()) as { projectUuid: string }).projectUuid
    }
    browser = await launchBrowser()
    page = await pageAs(token)
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('creates a tag marking a project, renames and retags it, and deletes it', async () => {
    await page.goto(`${t.url}/account/tags`)
    await page.getByText('No tags yet.').waitFor()
    await page.getByTestId('tag-name').fill('production')
    await choose(page, page.getByTestId('tag-projects'), 'web-shop')
    await page.getByTestId('tag-create').click()
    const card = page.locator('[data-testid="tag-card"][data-tag="production"]')
    await card.getByText('1 project', { exact: true }).waitFor()
    await page.getByTestId('tag-name').fill('legal-review')
    await page.getByTestId('tag-create').click()
    await page.locator('[data-testid="tag-card"][data-tag="legal-review"]').waitFor()
    await shot(page, 'tags-1440')
    expect(await api('/api/v1/accounts/me/tags')).toMatchObject([
      { name: 'legal-review', projects: [] },
      { name: 'production', projects: [projects['web-shop']] },
    ])

    // A taken name is refused with the server's message, and nothing changes.
    await page.getByTestId('tag-name').fill('PRODUCTION')
    await page.getByTestId('tag-create').click()
    await page.getByText("The account already has a tag named 'PRODUCTION'.").waitFor()

    await card.getByTestId('tag-rename').fill('prod')
    await choose(page, card.getByTestId('tag-card-projects'), 'billing-service')
    await card.getByTestId('tag-save').click()
    const renamed = page.locator('[data-testid="tag-card"][data-tag="prod"]')
    await renamed.getByText('2 projects', { exact: true }).waitFor()
    const tags = (await api('/api/v1/accounts/me/tags')) as { name: string; projects: string[] }[]
    expect(tags.find((x) => x.name === 'prod')?.projects.sort()).toEqual(
      [projects['web-shop'], projects['billing-service']].sort(),
    )

    await page.locator('[data-testid="tag-card"][data-tag="legal-review"]').getByTestId('tag-delete').click()
    await expect.poll(async () => ((await api('/api/v1/accounts/me/tags')) as unknown[]).length).toBe(1)
    await page.locator('[data-testid="tag-card"][data-tag="legal-review"]').waitFor({ state: 'detached' })

    const phone = await pageAs(owner.replace('Bearer ', ''), 390)
    await phone.goto(`${t.url}/account/tags`)
    await phone.locator('[data-testid="tag-card"][data-tag="prod"]').waitFor()
    await shot(phone, 'tags-390')
    await phone.context().close()
  }, 60_000)

  it('saves the configuration an Administrator edits', async () => {
    await page.getByTestId('account-tab-Configuration').click()
    await page.waitForURL('**/account/configuration')
    await page.getByTestId('configuration-form').waitFor()
    // The previous test's alerts (5 s each) would cover the auto-mitigation fields at the bottom right.
    await expect.poll(() => page.getByTestId('transient-alert').count(), { timeout: 10_000 }).toBe(0)
    expect(await page.getByTestId('configuration-save').isDisabled()).toBe(true)
    await page.getByTestId('threshold-security').fill('75')
    await page.getByText('By severity').click()
    await page.getByTestId('scopes-security').getByLabel('Test').uncheck()
    await page.getByTestId('auto-epss').fill('5.5')
    await page.getByTestId('auto-cvss').fill('3')
    await choose(page, page.getByTestId('auto-severity'), 'Low')
    await shot(page, 'configuration-1440')
    await page.getByTestId('configuration-save').click()
    await page
      .getByText('The configuration was saved: it applies from the next analysis or recompute.')
      .waitFor()
    expect(await api('/api/v1/accounts/me/configuration')).toMatchObject({
      thresholds: { security: 75, stability: 80, licensing: 95 },
      scoringAlgorithm: 'severity',
      analysisScopes: { security: ['prod', 'dev', 'provided', 'optional'] },
      autoMitigation: { epss: 5.5, cvss: 3, severity: 'LOW' },
    })
    await page.reload()
    await expect.poll(() => page.getByTestId('threshold-security').inputValue()).toBe('75')
    expect(await page.getByTestId('configuration-save').isDisabled()).toBe(true)
  }, 60_000)

  it('shows a Viewer the tags read-only and no configuration', async () => {
    await inviteAndAccept(t, owner, 'me', { name: 'Vic Viewer', email: 'vic@example.test', role: 'Viewer' })
    const session = await sessionFor(
      t.sextant.db,
      (await membershipOf(t.sextant.db, 'vic@example.test')).uuid,
    )
    const viewer = await pageAs(session.replace('Bearer ', ''))
    await viewer.goto(`${t.url}/account/tags`)
    const card = viewer.locator('[data-testid="tag-card"][data-tag="prod"]')
    await card.waitFor()
    await viewer.getByTestId('tag-create-not-allowed').waitFor()
    expect(await viewer.getByTestId('account-tab-Configuration').count()).toBe(0)
    expect(await viewer.getByTestId('tag-create').getAttribute('data-disabled-reason')).toBe('role')
    expect(await card.getByTestId('tag-delete').getAttribute('data-disabled-reason')).toBe('role')
    expect(await card.getByTestId('tag-rename').isDisabled()).toBe(true)
    await shot(viewer, 'tags-viewer-1440')
    await viewer.goto(`${t.url}/account/configuration`)
    await viewer.getByTestId('configuration-not-allowed').waitFor()
    await viewer.context().close()
  }, 60_000)
})

describe('the account configuration applied to a report in Chromium', () => {
  let t: TestInstance
  let browser: Browser
  let token = ''
  // ms 2.1.3 (prod) and ms 2.1.2 (dev) are both affected: CVSS 7.5, HIGH, no EPSS.
  const advisory = {
    id: 'GHSA-e2e0-ms00-0008',
    modified: '2024-01-01T00:00:00Z',
    aliases: ['CVE-2099-0008'],
    summary: 'ms is slow on long strings',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
    affected: [
      {
        package: { ecosystem: 'npm', name: 'ms' },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
      },
    ],
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    const dir = mkdtempSync(join(tmpdir(), 'sx-osv-'))
    writeFileSync(join(dir, 'ms.jsonl'), `${JSON.stringify(advisory)}\n`)
    t = await startTestInstance('embedded', {
      SEXTANT_SERVE_WEB: 'true',
      SEXTANT_WEB_DIR: webDir,
      SEXTANT_ADVISORY_SOURCES: join(dir, 'ms.jsonl'),
    })
    const login = await fetch(`${t.url}/api/v1/credentials/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    })
    token = ((await login.json()) as { accessToken: string }).accessToken
    for (let waited = 0; waited < 30_000; waited += 200) {
      const stats = await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).text()
      if (stats.includes('"npm"')) break
      await new Promise((r) => setTimeout(r, 200))
    }
    browser = await launchBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('shows an advice below the CVSS threshold as auto-mitigated, and security without dev components', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${t.url}/account/configuration`)
    await page.getByTestId('configuration-form').waitFor()
    await page.getByTestId('auto-cvss').fill('8')
    await page.getByTestId('scopes-security').getByLabel('Development').uncheck()
    await page.getByTestId('configuration-save').click()
    await page
      .getByText('The configuration was saved: it applies from the next analysis or recompute.')
      .waitFor()
    // the screen no longer says the settings wait to be applied
    for (const section of ['configuration-scopes', 'configuration-auto-mitigation'])
      expect(await page.getByTestId(section).textContent()).not.toMatch(/\byet\b/)
    await page
      .getByTestId('configuration-auto-mitigation')
      .screenshot({ path: join(shots, 'auto-mitigation-configuration.png') })

    const form = new FormData()
    for (const f of ['package.json', 'package-lock.json'])
      form.append(
        'file',
        new Blob([readFileSync(join(repoRoot, 'packages/server/src/resources/fixtures', f))]),
        f,
      )
    const auth = { Authorization: `Bearer ${token}` }
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main&name=tiny-app`, {
      method: 'POST',
      headers: auth,
      body: form,
    })
    expect(res.status).toBe(202)
    const pid = ((await res.json()) as { projectUuid: string }).projectUuid
    const report = (await waitForReport(t.url, pid, 'main', auth, 60_000)) as { security: { score: number } }
    expect(report.security.score).toBe(100)

    await page.goto(`${t.url}/projects/?pid=${pid}&branch=main&mode=eli`)
    await page.getByTestId('component-card').first().waitFor({ timeout: 20_000 })
    // the dev ms@2.1.2 is outside the security scopes: one card, ms@2.1.3, its advice auto-mitigated
    expect(await page.getByTestId('component-card').count()).toBe(1)
    const card = page.getByTestId('component-card')
    expect(await card.getByTestId('advice-excluded').textContent()).toBe('Auto-mitigated')
    await card.getByTestId('advice-toggle').click()
    const mitigation = card.getByTestId('auto-mitigation')
    await mitigation.waitFor()
    expect(await card.getByRole('tab', { selected: true }).textContent()).toBe('Mitigation')
    expect(await mitigation.textContent()).toContain(
      "Automatically mitigated by the account's auto-mitigation thresholds: CVSS 7.5 is below 8.0.",
    )
    expect(await mitigation.textContent()).toContain('cannot be removed on its own')
    expect(await mitigation.getByRole('button').count()).toBe(0)
    // not a stored exclusion: the page's exclusions block lists nothing to remove
    expect(await page.getByTestId('exclusion-remove').count()).toBe(0)
    await card.screenshot({ path: join(shots, 'auto-mitigation-advice.png') })

    const details = page.getByTestId('report-details')
    expect(await details.getByTestId('analysis-scopes').textContent()).toContain(
      'SecurityProduction, Test, Provided, Optional',
    )
    expect(await details.getByTestId('analysis-scopes').textContent()).toContain('StabilityAll dependencies')
    expect(await details.getByTestId('report-auto-mitigation').textContent()).toBe('Below CVSS 8')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'auto-mitigation-report-1440.png'), fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})
