// The owner's whole day in Chromium (issue 14 acceptance 1): first start → sign in → an API token made on
// the account page → upload by API with the token → the project in the header's Projects page → open it
// → recompute, exclude a finding in each of the three domains (seen at once on the card, then counted after
// the recompute), fix a licence → download every format the menu offers → sign out → the anonymous view of
// the same URL shows no actions and the private project nowhere. Screenshots journey-NN-*.png; every wait
// is for a state (no fixed sleeps), with generous time-outs for a loaded machine.
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ADMIN, waitForReport } from '../../packages/server/src/testing/instance'
import { corpusDir } from '../../packages/server/src/testing/npm-registry'
import { type E2eServer, seriousViolations, shots, startE2eServer, waitForAdvisories } from './fixture'

const LONG = 120_000

describe('the owner journey in Chromium', () => {
  let server: E2eServer
  let browser: Browser
  let url = ''
  let page: Page
  let apiToken = ''
  let pid = ''
  let step = 0
  const errors: string[] = []

  async function shot(name: string, fullPage = false): Promise<void> {
    step += 1
    await page.screenshot({
      path: join(shots, `journey-${String(step).padStart(2, '0')}-${name}.png`),
      fullPage,
    })
  }
  const reportUuid = () => page.getByTestId('report-body').getAttribute('data-report-uuid')
  /** Recompute from the title row and wait for the newer report to replace this one. */
  async function recompute(): Promise<void> {
    const before = await reportUuid()
    await page.getByTestId('recompute-button').click()
    await expect.poll(reportUuid, { timeout: LONG, interval: 500 }).not.toBe(before)
  }
  /** The virtualised lists render rows near the viewport: bring the section's top into view first. */
  const reveal = (testId: string) =>
    page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }))

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    server = await startE2eServer()
    browser = server.browser
    url = server.t.url
    // one context: the downloads' tabs share the signed-in session
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    })
    page = await context.newPage()
    page.on('pageerror', (e) => errors.push(e.message))
  }, LONG)
  afterAll(async () => {
    await server?.close()
  })

  it(
    '1. first start: the anonymous home shows the public projects and a sign-in, no error',
    async () => {
      await page.goto(`${url}/`)
      await page.getByTestId('home-page').waitFor()
      expect(await page.textContent('body')).not.toContain('SORRY, SOMETHING WENT WRONG')
      await page.getByTestId('home-sign-in').waitFor()
      await shot('first-start')
    },
    LONG,
  )

  it(
    '2. signs in and returns to the page it came from',
    async () => {
      await page.goto(`${url}/projects.html`)
      await page.getByTestId('sign-in-link').click()
      await page.getByTestId('sign-in-email').fill(TEST_ADMIN.email)
      await page.getByTestId('sign-in-password').fill(TEST_ADMIN.password)
      await shot('sign-in')
      await page.getByTestId('sign-in-submit').click()
      await page.waitForURL('**/projects.html', { timeout: 30_000 })
      await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor()
      // the empty list shows how to upload with a token
      await expect.poll(() => page.textContent('body')).toContain('Authorization: Token')
      await shot('signed-in-empty-projects')
    },
    LONG,
  )

  it(
    '3. makes an API token on the account page and uploads NodeGoat with it',
    async () => {
      await page.getByTestId('account-area').click()
      await page.getByTestId('account-settings-link').click()
      await page.getByTestId('token-name').fill('ci upload')
      await page.getByTestId('token-create').click()
      apiToken = ((await page.getByTestId('token-secret').textContent()) ?? '').trim()
      expect(apiToken.length).toBeGreaterThan(20)
      await shot('token-created')
      // at 390 px the account tabs scroll sideways on one line instead of spilling out of the page
      await page.setViewportSize({ width: 390, height: 844 })
      const tabs = page.locator('.account-tab-list')
      const fit = await tabs.evaluate((el) => ({
        overflow: getComputedStyle(el).overflowX,
        page: document.documentElement.scrollWidth <= window.innerWidth,
      }))
      expect(fit).toEqual({ overflow: 'auto', page: true })
      await shot('account-tabs-390')
      await page.setViewportSize({ width: 1440, height: 900 })
      await waitForAdvisories(url)
      const form = new FormData()
      for (const f of ['package.json', 'package-lock.json'])
        form.append('file', new Blob([readFileSync(join(corpusDir, 'projects/nodegoat', f))]), f)
      const auth = { Authorization: `Token ${apiToken}` }
      const res = await fetch(`${url}/api/v1/uploads/new/manifests?branch=main`, {
        method: 'POST',
        headers: auth,
        body: form,
      })
      expect(res.status, await res.clone().text()).toBe(202)
      pid = ((await res.json()) as { projectUuid: string }).projectUuid
      await waitForReport(url, pid, 'main', auth, LONG)
      // private by default: nobody else sees it
      expect((await fetch(`${url}/api/v1/projects/${pid}`)).status).not.toBe(200)
    },
    2 * LONG,
  )

  it(
    "4. finds the project in the header's Projects page and opens it as its owner",
    async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click()
      const row = page.getByTestId('project-row').filter({ hasText: 'owasp-nodejs-goat' })
      await row.waitFor({ timeout: 30_000 })
      await shot('projects-page')
      await row.getByRole('link').first().click()
      await page.getByTestId('report-body').waitFor({ timeout: 60_000 })
      // opened from the list, the owner gets the member view with the actions
      expect(page.url()).toContain('mode=eli')
      await page.getByTestId('recompute-button').waitFor()
      await shot('report-owner')
    },
    LONG,
  )

  it(
    '5. recomputes the report',
    async () => {
      await recompute()
      await shot('recomputed')
    },
    2 * LONG,
  )

  it(
    '6. excludes a vulnerability: the card says so at once, with reason, who and when',
    async () => {
      const item = page.getByTestId('advice-item').first()
      await item.getByTestId('advice-toggle').click()
      await item.getByRole('tab', { name: 'Actions' }).click()
      await item.getByTestId('action-mitigated').click()
      // §4: trusting a library with what it brings in forces the recompute on
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel(/^This library version/).check()
      await page.getByTestId('exclude-transitive').check()
      const recomputeNow = page.getByTestId('exclude-recompute')
      expect([await recomputeNow.isChecked(), await recomputeNow.isDisabled()]).toEqual([true, true])
      await shot('exclude-dialog-transitive')
      await dialog.getByLabel('This vulnerability').check()
      expect([await recomputeNow.isChecked(), await recomputeNow.isDisabled()]).toEqual([false, false])
      await page
        .getByTestId('exclude-explanation')
        .fill('Not reachable: the template compiler runs at build time only.')
      await page.getByTestId('exclude-submit').click()
      const status = item.getByTestId('exclusion-status')
      await status.waitFor({ timeout: 30_000 })
      expect(await status.textContent()).toMatch(/applies at recompute.*mitigated.*by admin/)
      await item.scrollIntoViewIfNeeded()
      await shot('security-excluded-pending')
    },
    LONG,
  )

  it(
    '6b. the card explains it without a language model, teaches the weakness, and shows a sysadmin its data',
    async () => {
      const item = page.getByTestId('advice-item').first()
      // no model is configured: the assistant answers from the advisory data and says so
      await item.getByRole('tab', { name: 'AI' }).click()
      await expect
        .poll(() => item.getByTestId('assistant-answer').first().textContent(), { timeout: LONG })
        .toContain('No language model is configured on this server')
      expect(await item.getByTestId('assistant-answer').first().textContent()).toContain('Fix')
      await item.scrollIntoViewIfNeeded()
      await shot('assistant-advisory-data')
      await item.getByRole('tab', { name: 'Learn more' }).click()
      await expect.poll(() => item.getByTestId('learn-more').textContent()).toContain('CWE-184')
      await item.getByRole('tab', { name: 'SA' }).click()
      await expect.poll(() => item.getByTestId('sysadmin-panel').textContent()).toContain('CVE-2023-45133')
      await shot('advice-sysadmin-tab')
    },
    LONG,
  )

  it(
    '7. excludes a stability finding and, at once, two licensing findings (Excluding multiple libraries)',
    async () => {
      await reveal('section-stability')
      const stabilityRow = page
        .getByTestId('stability-row')
        .filter({ has: page.getByTestId('row-exclude-button') })
      await stabilityRow.first().waitFor({ timeout: 30_000 })
      const name = (await stabilityRow.first().getAttribute('data-library')) ?? ''
      await stabilityRow.first().getByTestId('row-exclude-button').click()
      await page.getByTestId('exclude-explanation').fill('Pinned on purpose until the next major upgrade.')
      await page.getByTestId('exclude-submit').click()
      const excludedRow = page.locator(`[data-testid=stability-row][data-library="${name}"]`).first()
      await excludedRow.getByTestId('exclusion-status').waitFor({ timeout: 30_000 })
      await excludedRow.scrollIntoViewIfNeeded()
      await shot('stability-excluded-pending')

      await reveal('section-licensing')
      const licenceRows = page.getByTestId('licence-row').filter({ has: page.getByTestId('row-select') })
      await licenceRows.nth(1).waitFor({ timeout: 30_000 })
      const picked = [
        (await licenceRows.nth(0).getAttribute('data-library')) ?? '',
        (await licenceRows.nth(1).getAttribute('data-library')) ?? '',
      ]
      await licenceRows.nth(0).getByTestId('row-select').check()
      await licenceRows.nth(1).getByTestId('row-select').check()
      await page.getByTestId('licensing-exclude-selected').click()
      // several libraries: the spec's title, and every one of them listed
      const dialog = page.getByRole('dialog', { name: 'Excluding multiple libraries' })
      await dialog.waitFor({ timeout: 30_000 })
      expect(await dialog.getByTestId('library-exclude-list').textContent()).toContain(picked[1])
      await page.getByTestId('exclude-explanation').fill('Approved by legal for internal use.')
      await shot('licensing-exclude-multiple')
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
      await page.getByTestId('exclude-submit').click()
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 })
      for (const library of picked)
        await page
          .locator(`[data-testid=licence-row][data-library="${library}"]`)
          .first()
          .getByTestId('exclusion-status')
          .waitFor({ timeout: 30_000 })
      await page
        .locator(`[data-testid=licence-row][data-library="${picked[0]}"]`)
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await shot('licensing-excluded-pending')
    },
    LONG,
  )

  it(
    '8. lists the exclusions by component and version, then counts them after the recompute',
    async () => {
      await reveal('section-exclusions')
      await expect.poll(() => page.getByTestId('exclusion-item').count(), { timeout: 30_000 }).toBe(4)
      const subjects = await page.getByTestId('exclusion-subject').allTextContents()
      expect(subjects[0]).toMatch(/ in .+@\d/)
      expect(await page.getByTestId('exclusion-pending').count()).toBe(4)
      await shot('exclusions-block-pending')
      expect(await seriousViolations(page, '[data-testid="section-exclusions"]')).toEqual([])
      expect(await seriousViolations(page, '[data-testid="section-stability"]')).toEqual([])
      await recompute()
      await expect.poll(() => page.getByTestId('exclusion-pending').count(), { timeout: 30_000 }).toBe(0)
      await expect
        .poll(() => page.getByTestId('issue-box').first().textContent(), { timeout: 30_000 })
        .toMatch(/[1-9]\d* excluded/)
      const applied = page.locator('[data-testid=exclusion-status] [data-state=applied]')
      await expect.poll(() => applied.count(), { timeout: 30_000 }).toBeGreaterThan(0)
      await reveal('section-exclusions')
      await shot('exclusions-applied')
      // the security list is virtualised: its first cards render once it is in view
      await reveal('section-security')
      await page
        .getByTestId('advice-item')
        .filter({ has: page.locator('[data-state=applied]') })
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await shot('security-excluded-applied')
    },
    2 * LONG,
  )

  it(
    '9. fixes a licence and recomputes',
    async () => {
      await reveal('section-licensing')
      const row = page
        .getByTestId('licence-row')
        .filter({ has: page.getByTestId('licence-edit-licence') })
        .first()
      await row.waitFor({ timeout: 30_000 })
      const name = (await row.getAttribute('data-library')) ?? ''
      await row.getByTestId('licence-edit-licence').click()
      await page.getByTestId('licence-fix-add').waitFor()
      await page.getByTestId('licence-fix-search').fill('apache-2')
      await page.getByRole('option', { name: /^Apache-2\.0 ·/ }).click()
      await page.getByTestId('licence-fix-add').click()
      await shot('licence-fix')
      const before = await reportUuid()
      await page.getByTestId('licence-fix-confirm').click()
      await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 30_000 })
      await expect.poll(reportUuid, { timeout: LONG, interval: 500 }).not.toBe(before)
      const report = (await (
        await fetch(`${url}/api/v1/reports/${pid}/full?branch=main`, {
          headers: { Authorization: `Token ${apiToken}` },
        })
      ).json()) as {
        licensing: { reports: { results: { library: { name: string }; licenses: { id: string }[] }[] }[] }
      }
      const fixed = report.licensing.reports.flatMap((r) => r.results).find((r) => r.library.name === name)
      expect(fixed?.licenses.map((l) => l.id)).toContain('Apache-2.0')
      await shot('licence-fixed')
    },
    2 * LONG,
  )

  it(
    '9b. a score badge scrolls its section below the sticky title row; the history and its differences say "excluded"',
    async () => {
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.getByTestId('score-licensing').click()
      const heading = page.getByTestId('section-licensing')
      await expect
        .poll(async () => {
          const row = await page.getByTestId('report-title-row').boundingBox()
          const top = await heading.boundingBox()
          return row && top ? top.y - (row.y + row.height) : -1
        })
        .toBeGreaterThanOrEqual(0)
      await shot('badge-scrolled-licensing')
      await reveal('section-history')
      await page
        .getByTestId('section-history')
        .getByRole('button', { name: /Project history/ })
        .click()
      await page.getByTestId('history-point').first().waitFor()
      await page
        .getByTestId('section-history')
        .locator('canvas')
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await shot('history-charts')
      // the report the first recompute after the exclusions made, against the one before it
      const points = page.getByTestId('history-point')
      await points.nth((await points.count()) - 2).click()
      await page.getByTestId('history-diff').click()
      const kinds = page.getByTestId('diff-entry-kind')
      await expect.poll(() => kinds.allTextContents(), { timeout: 30_000 }).toContain('excluded')
      await shot('diff-excluded')
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
    },
    LONG,
  )

  it(
    '10. downloads every format the menu offers',
    async () => {
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.getByTestId('download-menu').click()
      const items = page.locator(
        '[data-testid^="download-"]:not([data-testid="download-menu"]):not([data-testid="download-scope"])',
      )
      await items.first().waitFor()
      const formats = (
        await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))
      ).map((id) => id.replace(/^download-/, ''))
      expect(formats).toEqual([
        'pdf',
        'json',
        'bible_pdf',
        'bible_json',
        'sbom_csv',
        'sbom-cdx.json',
        'sbom-cdx.xml',
        'sbom-spdx.json',
        'vex',
      ])
      await shot('download-menu')
      await page.keyboard.press('Escape')
      const reportUrl = page.url()
      const files: string[] = []
      for (const format of formats) {
        // Each download from a fresh tab of the signed-in session, as a member would: Chromium lets one
        // page start a single download without a click of its own.
        const tab = await page.context().newPage()
        await tab.goto(reportUrl)
        await tab.getByTestId('download-menu').click({ timeout: 60_000 })
        const download = tab.waitForEvent('download', { timeout: 3 * LONG })
        await tab.getByTestId(`download-${format}`).click()
        if (format !== 'vex') {
          // the processing page, or the alert saying why the export could not be asked for
          const processing = tab.getByTestId('processing-page')
          await processing
            .or(tab.getByTestId('transient-alert'))
            .or(tab.getByTestId('global-alert'))
            .first()
            .waitFor({ timeout: LONG })
          if (!(await processing.isVisible())) {
            await tab.screenshot({ path: join(shots, `journey-download-${format}-failed.png`) })
            throw new Error(
              `${format}: ${await tab.locator('[data-testid$="-alert"]').first().textContent()}`,
            )
          }
          await expect
            .poll(() => tab.getByTestId('processing-page').textContent(), { timeout: 3 * LONG })
            .toContain('Your download is ready')
          if (format === 'pdf') await tab.screenshot({ path: join(shots, 'journey-processing-page.png') })
        }
        const file = await download
        const path = await file.path().catch((cause: Error) => {
          throw new Error(`${format}: ${cause.message}`)
        })
        expect(statSync(path).size, format).toBeGreaterThan(100)
        files.push(file.suggestedFilename())
        await tab.close()
      }
      expect(files.every((f) => f.startsWith('owasp-nodejs-goat'))).toBe(true)
      expect(files.map((f) => f.slice(f.indexOf('.')))).toEqual([
        expect.stringMatching(/\.pdf$/),
        expect.stringMatching(/\.json$/),
        expect.stringMatching(/\.pdf$/),
        expect.stringMatching(/\.json$/),
        expect.stringMatching(/\.csv$/),
        expect.stringMatching(/cdx\.json$/),
        expect.stringMatching(/cdx\.xml$/),
        expect.stringMatching(/spdx\.json$/),
        expect.stringMatching(/vex\.cdx\.json$/),
      ])
    },
    12 * LONG,
  )

  it(
    '10b. makes the project public from the title row, asking first, and private again',
    async () => {
      await page.goto(`${url}/projects/?pid=${pid}&branch=main&mode=eli`)
      const button = page.getByTestId('visibility-button')
      await button.waitFor({ timeout: 60_000 })
      expect(await button.getAttribute('data-public')).toBe('false')
      await button.click()
      await page.getByTestId('confirm-submit').waitFor()
      await shot('make-public-confirmation')
      await page.getByTestId('confirm-submit').click()
      await expect.poll(() => button.getAttribute('data-public'), { timeout: 30_000 }).toBe('true')
      expect((await fetch(`${url}/api/v1/projects/${pid}`)).status).toBe(200)
      await button.click()
      await expect.poll(() => button.getAttribute('data-public'), { timeout: 30_000 }).toBe('false')
      expect((await fetch(`${url}/api/v1/projects/${pid}`)).status).toBe(404)
    },
    LONG,
  )

  it(
    '11. signs out; the same URL shows anonymous visitors no actions and no private project',
    async () => {
      const reportUrl = `${url}/projects/?pid=${pid}&branch=main&mode=eli`
      await page.goto(reportUrl)
      await page.getByTestId('report-body').waitFor({ timeout: 60_000 })
      await page.getByTestId('logout-link').click()
      await page.getByTestId('sign-in-link').waitFor({ timeout: 30_000 })
      await page.goto(reportUrl.replace('&mode=eli', ''))
      await page.getByTestId('report-status-banner').waitFor({ timeout: 30_000 })
      const body = (await page.textContent('body')) ?? ''
      expect(body).not.toContain('owasp-nodejs-goat')
      for (const action of ['recompute-button', 'download-menu', 'action-mitigated', 'row-exclude-button'])
        expect(await page.getByTestId(action).count(), action).toBe(0)
      await shot('anonymous-report-url')
      await page.goto(`${url}/`)
      await page.getByTestId('home-page').waitFor()
      expect(await page.textContent('body')).not.toContain('owasp-nodejs-goat')
      await shot('anonymous-home')
      expect(errors).toEqual([])
    },
    LONG,
  )
  it(
    '12. once made public, anonymous visitors read the same report without any action',
    async () => {
      const made = await fetch(`${url}/api/v1/projects/${pid}/visibility`, {
        method: 'PUT',
        headers: { Authorization: `Token ${apiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ isPublic: true }),
      })
      expect(made.status).toBe(200)
      await page.goto(`${url}/projects/?pid=${pid}&branch=main`)
      await page.getByTestId('report-body').waitFor({ timeout: 60_000 })
      await page.getByTestId('advice-toggle').first().click()
      await page.getByRole('tab', { name: 'Description' }).first().waitFor()
      expect(await page.getByRole('tab', { name: 'Actions' }).count()).toBe(0)
      for (const action of [
        'recompute-button',
        'visibility-button',
        'row-exclude-button',
        'row-select',
        'exclusion-remove',
        'licence-edit-licence',
      ])
        expect(await page.getByTestId(action).count(), action).toBe(0)
      // the exclusions still show, without who made them
      await reveal('section-exclusions')
      expect(await page.getByTestId('exclusion-item').count()).toBeGreaterThan(0)
      expect(await page.getByTestId('section-exclusions').textContent()).not.toContain('by admin')
      await shot('anonymous-public-report')
      // and the anonymous home lists it among the public projects
      await page.goto(`${url}/`)
      await page
        .getByTestId('project-row')
        .filter({ hasText: 'owasp-nodejs-goat' })
        .waitFor({ timeout: 30_000 })
      await shot('anonymous-home-public')
      expect(errors).toEqual([])
    },
    LONG,
  )
})
