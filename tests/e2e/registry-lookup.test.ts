// The processing page's registry lookup in Chromium (report-page §2 Routes 'Registry lookup use'; issue 17
// "Component links"): with type=registry_url it shows the custom message, asks the registryWebUrl route
// and opens the component's registry page (npmjs.com, answered here by an intercepted request: no
// network in tests); a language without a registry says so. Screenshot.
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestInstance } from '../../packages/server/src/testing/instance'
import { shots, startTinyAppServer, type TinyAppServer } from './fixture'

describe('the registry lookup in Chromium', () => {
  let t: TestInstance
  let server: TinyAppServer
  let browser: Browser

  beforeAll(async () => {
    server = await startTinyAppServer({ records: [] })
    ;({ t, browser } = server)
  }, 120_000)
  afterAll(async () => server?.close())

  const lookup = (language: string, name: string, version: string) =>
    `${t.url}/processing_request.html?source=report&type=registry_url&create=true&useSDK=true&noProgress=true&language=${language}&name=${encodeURIComponent(name)}&version=${version}&custom_message=${encodeURIComponent(`Looking for ${name} in the ${language} registries`)}`

  it('opens the registry page of the component', async () => {
    const page = await browser.newPage()
    await page.route('https://www.npmjs.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>npm page</title>npm' }),
    )
    await page.goto(lookup('nodejs', '@babel/core', '7.24.0'))
    await page.waitForURL('https://www.npmjs.com/package/%40babel/core/v/7.24.0', { timeout: 20_000 })
    expect(await page.title()).toBe('npm page')
    await page.close()
  })

  it('says so for a language without a registry', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    await page.goto(lookup('linux', 'openssl', '3.0.0'))
    const failure = page.getByTestId('registry-lookup-failure')
    await failure.waitFor({ timeout: 20_000 })
    expect(await failure.textContent()).toBe('No registry page for openssl (linux).')
    expect(await page.getByTestId('registry-lookup').textContent()).toContain(
      'Looking for openssl in the linux registries',
    )
    await page.screenshot({ path: join(shots, 'registry-lookup-none.png') })
    await page.close()
  })
})
