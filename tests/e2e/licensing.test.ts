// The licence dialogs and the licence policies screen in Chromium (issue 8 acceptance 1-2 "licence fix";
// issue 5 policies; spec report-page §2 Dialogs, §4 "License fix", §5, §6, §8): a signed-in admin in
// private mode on NodeGoat with a "No MIT" policy fixes a licence (search rules, add / remove /
// cancel-removal, close confirmation), sees the partial-failure alert, edits a copyright that appears in
// the recomputed report, sees the actions disabled for a Viewer, and manages policies; screenshots saved.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestInstance } from '../../packages/server/src/testing/instance'
import {
  type E2eServer,
  seriousViolations,
  shots,
  signInAdmin,
  startE2eServer,
  uploadCorpusProject,
} from './fixture'

interface Result {
  library: { name: string }
  version: string
  licenses: { id: string }[]
  violations: unknown[]
  copyright?: string
}

describe('licence dialogs and policies in Chromium', () => {
  let server: E2eServer
  let t: TestInstance
  let browser: Browser
  let token = ''
  let pid = ''
  const auth = () => ({ Authorization: `Bearer ${token}` })
  const api = async (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, {
      ...init,
      headers: init.body ? { ...auth(), 'content-type': 'application/json' } : auth(),
    })
  const latest = async () =>
    (await (await api(`/api/v1/reports/${pid}/full?branch=main`)).json()) as {
      uuid: string
      licensing: { reports: { results: Result[] }[] }
    }
  const resultOf = async (name: string) =>
    (await latest()).licensing.reports.flatMap((r) => r.results).find((r) => r.library.name === name)!

  async function open(path: string, options: { viewer?: boolean } = {}): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    if (options.viewer) {
      // the UI rule only (§6): the server still answers as the admin it is, the page is told "Viewer"
      await page.route('**/api/v1/users/me', async (route) => {
        const response = await route.fetch()
        const json = await response.json()
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            ...json,
            sysadmin: false,
            membership: { ...json.membership, role: 'Viewer' },
          }),
        })
      })
    }
    await page.goto(`${t.url}${path}`)
    return page
  }
  const reportPath = () => `/projects/?pid=${pid}&branch=main&mode=eli`
  /** Scrolls the top of the licensing section into view: the virtualised list renders rows near it. */
  const showLicences = (page: Page) =>
    page.getByTestId('section-licensing').evaluate((el) => el.scrollIntoView({ block: 'start' }))
  /** The first row of the list, then pinned by name and version (the list is virtualised and re-sorts). */
  async function firstLicenceRow(page: Page) {
    await showLicences(page)
    const first = page.getByTestId('licence-row').first()
    await first.waitFor({ timeout: 20_000 })
    const name = (await first.getAttribute('data-library'))!
    const version = (await first.getAttribute('data-version'))!
    const row = page.locator(`[data-testid=licence-row][data-library="${name}"][data-version="${version}"]`)
    return { row, name, version }
  }
  async function pickLicence(page: Page, testId: string, query: string, id: string) {
    const input = page.getByTestId(testId)
    await input.fill(query)
    await page.getByRole('option', { name: new RegExp(`^${id.replace(/[.+]/g, '\\$&')} ·`) }).click()
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    server = await startE2eServer()
    t = server.t
    browser = server.browser
    token = await signInAdmin(t.url)
    // every MIT component becomes a violation, so the licence list has rows to fix
    const policy = await api('/api/v1/accounts/me/policies/licenses', {
      method: 'POST',
      body: JSON.stringify({ name: 'No MIT', kind: 'DENY', licences: ['MIT'] }),
    })
    expect(policy.status).toBe(200)
    pid = await uploadCorpusProject(t.url, token, 'nodegoat', ['package.json', 'package-lock.json'])
  }, 180_000)
  afterAll(async () => server?.close())

  it('fixes a licence: search rules, add, remove, cancel-removal, close confirmation, recompute', async () => {
    const page = await open(reportPath())
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const { row, name } = await firstLicenceRow(page)
    expect((await resultOf(name)).violations.length).toBeGreaterThan(0)
    await row.getByTestId('licence-edit-licence').click()
    const dialog = page.getByTestId('licence-fix-dialog')
    await page.getByTestId('licence-fix-add').waitFor()
    await expect.poll(() => dialog.getByTestId('licence-fix-current').textContent()).toContain('MIT')
    // §5: nothing selected, the search hints, an existing licence, no changes
    await page.getByTestId('licence-fix-add').click()
    await expect
      .poll(() => page.getByTestId('licence-fix-error').textContent())
      .toBe('Select a license to add ')
    await page.getByTestId('licence-fix-confirm').click()
    await expect
      .poll(() => page.getByTestId('licence-fix-error').textContent())
      .toBe('No changes were made to current licenses.')
    await expect.poll(() => dialog.textContent()).toContain('Search licenses, e.g. GPL')
    await page.getByTestId('licence-fix-search').fill('G')
    await expect.poll(() => dialog.textContent()).toContain('Enter a minimum of 2 characters')
    await pickLicence(page, 'licence-fix-search', 'mit', 'MIT')
    await page.getByTestId('licence-fix-add').click()
    await expect
      .poll(() => page.getByTestId('licence-fix-error').textContent())
      .toBe('License already exists')
    // remove MIT, add Apache-2.0; re-adding MIT cancels its removal; remove it again
    await dialog.getByRole('button', { name: 'Remove MIT' }).click()
    await pickLicence(page, 'licence-fix-search', 'apache-2', 'Apache-2.0')
    await page.getByTestId('licence-fix-add').click()
    const state = (id: string) =>
      dialog.locator(`[data-testid=licence-fix-badge]:has-text("${id}")`).getAttribute('data-state')
    expect(await state('Apache-2.0')).toBe('added')
    expect(await state('MIT')).toBe('removed')
    await pickLicence(page, 'licence-fix-search', 'mit', 'MIT')
    await page.getByTestId('licence-fix-add').click()
    expect(await state('MIT')).toBe('kept')
    await dialog.getByRole('button', { name: 'Remove MIT' }).click()
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'dialog-licence-fix.png') })
    expect(await seriousViolations(page, '[data-testid="licence-fix-dialog"]')).toEqual([])
    // Esc with unsaved changes asks first
    await page.keyboard.press('Escape')
    await page.getByTestId('confirm-submit').waitFor()
    expect(await page.getByTestId('confirm-dialog').textContent()).toContain(
      'Are you sure you want to close the modal? This action will result in losing any changes made.',
    )
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click()
    const before = await page.getByTestId('report-body').getAttribute('data-report-uuid')
    await page.getByTestId('licence-fix-confirm').click()
    await dialog.waitFor({ state: 'detached' })
    await expect
      .poll(() => page.getByTestId('report-body').getAttribute('data-report-uuid'), { timeout: 60_000 })
      .not.toBe(before)
    const fixed = await resultOf(name)
    expect(fixed.licenses.map((l) => l.id)).toEqual(['Apache-2.0'])
    expect(fixed.violations).toEqual([])
    // the fixed component has no issue left: it leaves the issues-only list
    await expect.poll(() => page.locator(`[data-testid=licence-row][data-library="${name}"]`).count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)

  it('lists licences not added and not removed, with the reason, in the global alert (§8)', async () => {
    const page = await open(reportPath())
    const { row, name, version } = await firstLicenceRow(page)
    // the library already has a fix (MIT), so removing MIT is a call to the server
    const fix = `/api/v1/licenses/library/nodejs/${encodeURIComponent(name)}/${encodeURIComponent(version)}/MIT`
    expect((await api(fix, { method: 'POST' })).status).toBe(200)
    // one answer from the server (an id it refuses), one from a broken proxy, one server error
    await page.route('**/api/v1/licenses/library/**/Zlib', (route) =>
      route.continue({ url: route.request().url().replace(/Zlib$/, 'not-a-licence') }),
    )
    await page.route('**/api/v1/licenses/library/**/0BSD', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
    )
    await page.route('**/api/v1/licenses/library/**/MIT', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ status: 500, error: 'INTERNAL SERVER ERROR', message: 'boom' }),
          })
        : route.continue(),
    )
    await row.getByTestId('licence-edit-licence').click()
    await page.getByTestId('licence-fix-add').waitFor()
    await page.getByTestId('licence-fix-recompute').click() // no recompute for this one
    for (const [q, id] of [
      ['zlib', 'Zlib'],
      ['0bsd', '0BSD'],
    ] as const) {
      await pickLicence(page, 'licence-fix-search', q, id)
      await page.getByTestId('licence-fix-add').click()
    }
    await page.getByTestId('licence-fix-dialog').getByRole('button', { name: 'Remove MIT' }).click()
    await page.getByTestId('licence-fix-confirm').click()
    const alert = page.getByTestId('global-alert')
    await alert.waitFor()
    const text = (await alert.textContent()) ?? ''
    expect(text).toContain('An error occurred when processing the request')
    expect(text).toContain('Licenses not added')
    expect(text).toContain('Zlib: We were not able to find a valid license.')
    expect(text).toContain('0BSD: Internal error - Please contact support')
    expect(text).toContain('Licenses not removed')
    expect(text).toContain('MIT: Internal error - Please contact support')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'licence-fix-partial-failure.png') })
    await page.close()
  }, 60_000)

  it('edits a copyright that appears in the recomputed report', async () => {
    const page = await open(reportPath())
    const { row, name, version } = await firstLicenceRow(page)
    await row.getByTestId('licence-edit-copyright').click()
    const text = page.getByTestId('copyright-text')
    await text.waitFor()
    await page.getByTestId('copyright-confirm').click()
    await expect
      .poll(() => page.getByTestId('copyright-dialog').textContent())
      .toContain('Please fill in the field')
    await text.fill('Copyright (c) 2012-2024 The NodeGoat test authors')
    await page.screenshot({ path: join(shots, 'dialog-copyright.png') })
    expect(await seriousViolations(page, '[data-testid="copyright-dialog"]')).toEqual([])
    await page.keyboard.press('Escape')
    await page.getByTestId('confirm-submit').waitFor()
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click()
    await page.getByTestId('copyright-confirm').click()
    await page.getByTestId('copyright-dialog').waitFor({ state: 'detached' })
    await expect
      .poll(async () => (await (await api('/api/v1/accounts/me/overrides/copyrights')).json()) as unknown[])
      .toEqual([
        expect.objectContaining({ name, version, text: 'Copyright (c) 2012-2024 The NodeGoat test authors' }),
      ])
    // unchanged text is refused the next time
    await row.getByTestId('licence-edit-copyright').click()
    await expect.poll(() => text.inputValue()).toBe('Copyright (c) 2012-2024 The NodeGoat test authors')
    await page.getByTestId('copyright-confirm').click()
    await expect
      .poll(() => page.getByTestId('copyright-dialog').textContent())
      .toContain('Apply changes to the field')
    await page.getByTestId('copyright-dialog').getByRole('button', { name: 'Cancel' }).click()
    const before = await page.getByTestId('report-body').getAttribute('data-report-uuid')
    await page.getByTestId('recompute-button').click()
    await expect
      .poll(() => page.getByTestId('report-body').getAttribute('data-report-uuid'), { timeout: 60_000 })
      .not.toBe(before)
    expect((await resultOf(name)).copyright).toBe('Copyright (c) 2012-2024 The NodeGoat test authors')
    await showLicences(page)
    const shown = page.locator(
      `[data-testid=licence-row][data-library="${name}"] [data-testid=licence-copyright]`,
    )
    await expect.poll(() => shown.textContent()).toContain('The NodeGoat test authors')
    await page.close()
  }, 120_000)

  it('shows the licence actions disabled, with the §6 tooltip, to a Viewer', async () => {
    const page = await open(reportPath(), { viewer: true })
    const { row } = await firstLicenceRow(page)
    const edit = row.getByTestId('licence-edit-licence')
    expect(await edit.getAttribute('data-disabled-reason')).toBe('role')
    await edit.hover()
    await page.getByText('This action is available only to authorized roles').waitFor()
    await page.screenshot({ path: join(shots, 'licence-actions-viewer.png') })
    await edit.click({ force: true })
    expect(await page.getByTestId('licence-fix-dialog').count()).toBe(0)
    await page.close()
  }, 60_000)

  it('manages licence policies: template, custom list with the SPDX search, edit, delete', async () => {
    const page = await open('/account/licence-policies')
    await page.getByTestId('policy-card').first().waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('policy-card').count()).toBe(1)
    // from a template
    await page.getByTestId('policy-new').click()
    await page.getByTestId('policy-template-no-affero').click()
    await page.getByTestId('policy-patterns').fill('node*')
    await page.keyboard.press('Enter')
    await page.getByTestId('policy-save').click()
    await page.locator('[data-testid=policy-card][data-policy="No Affero (AGPL)"]').waitFor()
    // a custom ALLOW list
    await page.getByTestId('policy-new').click()
    await page.getByText('Custom list', { exact: true }).click()
    await page.getByTestId('policy-save').click()
    await expect
      .poll(() => page.getByTestId('policy-dialog').textContent())
      .toContain('Give the policy a name')
    await page.getByTestId('policy-name').fill('Permissive only')
    await page.getByTestId('policy-kind-allow').click()
    await pickLicence(page, 'policy-licence-search', 'apache-2', 'Apache-2.0')
    await page.getByTestId('policy-licence-add').click()
    await pickLicence(page, 'policy-licence-search', 'bsd-3', 'BSD-3-Clause')
    await page.getByTestId('policy-licence-add').click()
    await page.getByTestId('policy-custom-licences').fill('Acme-EULA')
    await page.keyboard.press('Enter')
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'licence-policy-dialog.png') })
    expect(await seriousViolations(page, '[data-testid="policy-dialog"]')).toEqual([])
    await page.getByTestId('policy-save').click()
    const custom = page.locator('[data-testid=policy-card][data-policy="Permissive only"]')
    await custom.waitFor()
    expect(await custom.textContent()).toContain('Permits only 3 licences')
    // edit: rename and bind to a pattern
    await custom.getByTestId('policy-edit').click()
    await page.getByTestId('policy-name').fill('Permissive only (web)')
    await page.getByTestId('policy-patterns').fill('web-*')
    await page.keyboard.press('Enter')
    await page.getByTestId('policy-save').click()
    const renamed = page.locator('[data-testid=policy-card][data-policy="Permissive only (web)"]')
    await renamed.waitFor()
    expect(await renamed.getByTestId('policy-binding').textContent()).toBe('Applies to: projects named web-*')
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'licence-policies.png'), fullPage: true })
    expect(await seriousViolations(page)).toEqual([])
    const stored = (await (await api('/api/v1/accounts/me/policies/licenses')).json()) as {
      name: string
      kind: string
      licences: string[]
      customLicences: string[]
    }[]
    expect(stored.find((p) => p.name === 'Permissive only (web)')).toMatchObject({
      kind: 'ALLOW',
      licences: ['Apache-2.0', 'BSD-3-Clause'],
      customLicences: ['Acme-EULA'],
    })
    // delete
    await renamed.getByTestId('policy-delete').click()
    await page.getByTestId('confirm-submit').click()
    await renamed.waitFor({ state: 'detached' })
    expect(await page.getByTestId('policy-card').count()).toBe(2)
    await page.close()
  }, 90_000)
})
