// The DataTrails card of /account/integrations in Chromium (issue 17 "Screens", "Asset-tracking
// integration"; spec accounts-and-api §7, §6) against the local fake DataTrails: an Administrator's wrong
// secret is reported by 'Check', the right one is saved and never shown again; the tiny app's branch is
// linked (an asset made), published (an event and the SBOM blob whose SHA-256 the row shows), its SBOM
// withdrawn, and the history lists each; a Viewer sees the branches and their history but no action
// (spec §6) and no Datadog card; the sysadmin panel's outbound network section then shows the
// DataTrails address as reached; an anonymous visitor is sent to sign in. Screenshots.
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { membershipOf, sessionFor } from '../../packages/server/src/resources/admin/test-kit'
import { inviteAndAccept } from '../../packages/server/src/testing/accounts'
import { type FakeDataTrails, startFakeDataTrails } from '../../packages/server/src/testing/fake-datatrails'
import { TEST_ADMIN, type TestInstance } from '../../packages/server/src/testing/instance'
import { seriousViolations, shots, startTinyAppServer, type TinyAppServer } from './fixture'

describe('the DataTrails card in Chromium', () => {
  let t: TestInstance
  let server: TinyAppServer
  let dt: FakeDataTrails
  let browser: Browser
  let token = ''

  async function open(path: string, signedIn: boolean, as = token): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    if (signedIn)
      await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), as)
    await page.goto(`${t.url}${path}`)
    return page
  }

  beforeAll(async () => {
    dt = await startFakeDataTrails()
    server = await startTinyAppServer({
      records: [],
      env: { SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true' },
      features: ['rkvst'],
    })
    ;({ t, browser, token } = server)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await dt?.close()
  })

  it('sets up the application, links, publishes, withdraws and lists the history', async () => {
    const page = await open('/account/integrations', true)
    const card = page.getByTestId('datatrails-card')
    await card.waitFor({ timeout: 20_000 })
    await page.getByTestId('datatrails-base-url').fill(dt.url)
    await page.getByTestId('datatrails-client-id').fill(dt.clientId)
    await page.getByTestId('datatrails-client-secret').fill('not-the-secret')
    await page.getByTestId('datatrails-check').click()
    const result = page.getByTestId('datatrails-check-result')
    await result.waitFor({ timeout: 20_000 })
    expect(await result.textContent()).toContain('DataTrails refused the client credentials (HTTP 401)')
    await page.getByTestId('datatrails-client-secret').fill(dt.clientSecret)
    await page.getByTestId('datatrails-check').click()
    await page.getByText(`DataTrails at ${dt.url} gives application ${dt.clientId} a token.`).waitFor()
    await page.getByTestId('datatrails-save').click()
    await page.getByText('The DataTrails application was saved.').waitFor()
    expect(await page.getByTestId('datatrails-client-secret').inputValue()).toBe('')
    expect(await page.getByTestId('datatrails-client-secret').getAttribute('placeholder')).toContain('stored')

    const row = page.getByTestId('datatrails-branch-row').filter({ hasText: 'tiny-app' })
    await row.getByTestId('datatrails-link').click()
    await row.getByTestId('datatrails-publish').waitFor({ timeout: 20_000 })
    expect(dt.assets).toHaveLength(1)
    expect(await row.textContent()).toContain(dt.assets[0]?.identity)

    await row.getByTestId('datatrails-publish').click()
    await row.getByTestId('datatrails-withdraw').waitFor({ timeout: 20_000 })
    expect(dt.blobs).toHaveLength(1)
    const digest = createHash('sha256').update(dt.blobs[0]!.bytes).digest('hex')
    expect(await row.textContent()).toContain(digest.slice(0, 12))
    expect(await row.textContent()).toContain('published')
    const events = dt.events.length
    expect(events).toBeGreaterThanOrEqual(1)

    await row.getByTestId('datatrails-withdraw').click()
    await row.getByTestId('datatrails-republish').waitFor({ timeout: 20_000 })
    expect(await row.textContent()).toContain('withdrawn')
    expect(dt.events.length).toBe(events + 1)

    await row.getByTestId('datatrails-history-toggle').click()
    const history = page.getByTestId('datatrails-history')
    await history.waitFor({ timeout: 20_000 })
    const listed = (await history.textContent()) ?? ''
    for (const action of ['link', 'publish', 'sbom-withdraw']) expect(listed).toContain(action)

    expect(await page.content()).not.toContain(dt.clientSecret)
    expect(await seriousViolations(page, '[data-testid="datatrails-card"]')).toEqual([])
    await page.screenshot({ path: join(shots, 'integrations-datatrails.png'), fullPage: true })
    await page.close()
  })

  it('shows a Viewer the branches and their history, with no action', async () => {
    const db = t.sextant.db
    const account = (await membershipOf(db, TEST_ADMIN.email)).account
    await inviteAndAccept(t, `Bearer ${token}`, account, {
      name: 'Vera',
      email: 'vera@dt.test',
      role: 'Viewer',
    })
    const viewer = (await sessionFor(db, (await membershipOf(db, 'vera@dt.test')).uuid)).replace(
      /^Bearer /,
      '',
    )
    const page = await open('/account/integrations', true, viewer)
    const row = page.getByTestId('datatrails-branch-row').filter({ hasText: 'tiny-app' })
    await row.waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('datadog-card').count()).toBe(0)
    for (const action of ['link', 'unlink', 'publish', 'withdraw', 'republish', 'check', 'save'])
      expect(await page.getByTestId(`datatrails-${action}`).count()).toBe(0)
    expect(await page.getByTestId('datatrails-client-secret').isDisabled()).toBe(true)
    await row.getByTestId('datatrails-history-toggle').click()
    await page.getByTestId('datatrails-history').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('datatrails-history').textContent()).toContain('sbom-withdraw')
    await page.screenshot({ path: join(shots, 'integrations-datatrails-viewer.png'), fullPage: true })
    await page.close()
  })

  it("shows DataTrails in the sysadmin panel's outbound network, reached, without the secret", async () => {
    const page = await open('/admin', true)
    const services = page.getByTestId('site-network-services')
    await services.waitFor({ timeout: 20_000 })
    const row = services.locator('tr').filter({ hasText: dt.url })
    expect(await row.textContent()).toContain('DataTrails (1 account)')
    expect(await row.textContent()).toContain('HTTP 200')
    expect(await page.getByTestId('site-network-policy').textContent()).toContain(
      'Private integrations: allowed',
    )
    expect(await page.content()).not.toContain(dt.clientSecret)
    await page.getByTestId('site-network').screenshot({ path: join(shots, 'admin-site-network.png') })
    await page.close()
  })

  it('sends an anonymous visitor to sign in', async () => {
    const page = await open('/account/integrations', false)
    await page.waitForURL(/sign-in/, { timeout: 20_000 })
    await page.screenshot({ path: join(shots, 'integrations-datatrails-anonymous.png') })
    await page.close()
  })
})
