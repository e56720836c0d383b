// Issue 13 items 8 and 9 as a member sees them in headless Chromium: a team administrator's role select
// offers no role above their own and the Administrator's row is not theirs to change; "Add project" shows
// only to roles that may create projects. Screenshots: role-limits-*.png.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberInNewAccount, memberOfAccount } from '../../packages/server/src/resources/admin/test-kit'
import { startTestInstance, type TestInstance } from '../../packages/server/src/testing/instance'
import { launchBrowser } from './browser'
import { shots, webDir } from './fixture'

describe('role limits in Chromium', () => {
  let t: TestInstance
  let browser: Browser
  const who = { admin: '', teamAdmin: '', collaborator: '' }

  async function open(auth: string, path: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
    const token = auth.replace(/^Bearer /, '')
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}${path}`)
    return page
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    t = await startTestInstance(
      'embedded',
      { SEXTANT_SERVE_WEB: 'true', SEXTANT_WEB_DIR: webDir },
      { workers: false },
    )
    const db = t.sextant.db
    const admin = await memberInNewAccount(db, 'ada.admin@limits.test')
    who.admin = admin.auth
    who.teamAdmin = (
      await memberOfAccount(db, admin.accountUuid, 'tom.team@limits.test', 'TeamAdministrator')
    ).auth
    who.collaborator = (
      await memberOfAccount(db, admin.accountUuid, 'cole.collab@limits.test', 'Collaborator')
    ).auth
    browser = await launchBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it("offers a team administrator no role above their own, nor the Administrator's row", async () => {
    const page = await open(who.teamAdmin, '/account/members')
    await page.getByTestId('members-table').waitFor()
    const adminRow = page.locator('[data-testid=member-row][data-email="ada.admin@limits.test"]')
    expect(await adminRow.getByTestId('member-role').isDisabled()).toBe(true)
    await page.getByTestId('invite-role').click()
    const option = (name: string) => page.getByRole('option', { name, exact: true })
    await option('Team viewer').waitFor()
    const disabled = async (name: string) =>
      (await option(name).getAttribute('data-combobox-disabled')) !== null ||
      (await option(name).getAttribute('aria-disabled')) === 'true'
    for (const name of ['Administrator', 'Collaborator', 'Viewer'])
      expect(await disabled(name), name).toBe(true)
    for (const name of ['Team administrator', 'Team collaborator', 'Team viewer'])
      expect(await disabled(name), name).toBe(false)
    expect(await page.getByTestId('invite-role').inputValue()).toBe('Team viewer')
    await page.screenshot({ path: join(shots, 'role-limits-team-admin-members.png'), fullPage: true })
    await page.close()
  }, 60_000)

  it('shows Add project only to roles that may create projects', async () => {
    const collaborator = await open(who.collaborator, '/projects.html')
    await collaborator.getByRole('heading', { name: 'Projects', exact: true }).waitFor()
    await collaborator.waitForTimeout(300)
    expect(await collaborator.getByTestId('add-project').count()).toBe(0)
    // The empty list says who creates projects instead of an upload example they would be refused.
    await collaborator.getByText('created by its Administrators and team administrators').waitFor()
    await collaborator.screenshot({
      path: join(shots, 'role-limits-collaborator-projects.png'),
      fullPage: true,
    })
    await collaborator.close()
    const admin = await open(who.admin, '/projects.html')
    await admin.getByTestId('add-project').waitFor()
    await admin.close()
  }, 60_000)
})
