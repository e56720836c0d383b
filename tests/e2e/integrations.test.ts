// The account integrations page in Chromium (issue 17 "Screens"): an Administrator sets up Datadog on
// /account/integrations against a local fake Datadog: a bad key is reported by 'Check key', the good one
// is saved (and not shown again), 'Send now' delivers the account's metrics and the history lists it; an
// anonymous visitor is sent to sign in. Screenshots.
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeDatadog, startFakeDatadog } from '../../packages/server/src/testing/fake-datadog'
import type { TestInstance } from '../../packages/server/src/testing/instance'
import { seriousViolations, shots, startTinyAppServer, type TinyAppServer } from './fixture'

describe('the integrations page in Chromium', () => {
  let t: TestInstance
  let server: TinyAppServer
  let dd: FakeDatadog
  let browser: Browser
  let token = ''

  async function open(path: string, signedIn: boolean): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    if (signedIn)
      await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}${path}`)
    return page
  }

  beforeAll(async () => {
    dd = await startFakeDatadog()
    server = await startTinyAppServer({ records: [], env: { SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true' } })
    ;({ t, browser, token } = server)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await dd?.close()
  })

  it('sets up Datadog, checks the key, sends now and lists the submission', async () => {
    const page = await open('/account/integrations', true)
    await page.getByTestId('datadog-card').waitFor({ timeout: 20_000 })
    await page.getByTestId('datadog-site').click()
    await page.getByRole('option', { name: 'Custom API address', exact: true }).click()
    await page.getByTestId('datadog-base-url').fill(dd.url)
    await page.getByTestId('datadog-key').fill('wrong-key')
    await page.getByTestId('datadog-check').click()
    const result = page.getByTestId('datadog-check-result')
    await result.waitFor()
    expect(await result.textContent()).toContain('Datadog refused the API key (HTTP 403)')
    await page.getByTestId('datadog-key').fill(dd.apiKey)
    await page.getByTestId('datadog-check').click()
    await page.getByText(`Datadog at ${dd.url} accepts the API key.`).waitFor()
    await page.getByTestId('datadog-save').click()
    await page.getByText('The Datadog set-up was saved.').waitFor()
    expect(await page.getByTestId('datadog-key').inputValue()).toBe('')
    await page.getByTestId('datadog-send').click()
    await page.getByTestId('datadog-history').waitFor()
    expect(await page.getByTestId('datadog-history').textContent()).toContain('Datadog accepted')
    expect(dd.series.some((s) => s.tags.includes('project:tiny-app'))).toBe(true)
    expect(await page.content()).not.toContain(dd.apiKey)
    expect(await seriousViolations(page, '[data-testid="datadog-card"]')).toEqual([])
    await page.screenshot({ path: join(shots, 'integrations-datadog.png'), fullPage: true })
    await page.close()
  })

  it('sends an anonymous visitor to sign in', async () => {
    const page = await open('/account/integrations', false)
    await page.waitForURL(/sign-in/, { timeout: 20_000 })
    await page.screenshot({ path: join(shots, 'integrations-anonymous.png') })
    await page.close()
  })
})
