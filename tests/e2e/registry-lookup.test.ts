// The processing page's registry lookup in Chromium (report-page §2 Routes 'Registry lookup use'; issue 17
// "Component links"): with type=registry_url it shows the custom message, asks the registryWebUrl route
// and opens the component's registry page (npmjs.com, answered here by an intercepted request: no
// network in tests); a language without a registry says so. The component page links there (none for
// linux). Screenshots.
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestInstance } from '../../packages/server/src/testing/instance'
import { shots, startTinyAppServer, type TinyAppServer } from './fixture'

describe('the registry lookup in Chromium', () => {
  let t: TestInstance
  let server: TinyAppServer
  let browser: Browser
  let pid = ''
  let token = ''

  beforeAll(async () => {
    server = await startTinyAppServer({ records: [] })
    ;({ t, browser, pid, token } = server)
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

  it("links the component page to the component's registry page", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    // The tiny app is the administrator's project: signed in.
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    // On the context, so that the tab the link opens is answered too.
    await page
      .context()
      .route('https://www.npmjs.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>npm page</title>npm' }),
      )
    await page.goto(`${t.url}/components/live/nodejs/debug/4.3.4?pid=${pid}&branch=main`)
    const link = page.getByTestId('component-registry-link')
    await link.waitFor({ timeout: 20_000 })
    await page.screenshot({ path: join(shots, 'component-registry-link.png') })
    const href = (await link.getAttribute('href')) ?? ''
    const search = new URL(href, t.url).searchParams
    expect(search.get('type')).toBe('registry_url')
    expect(search.get('custom_message')).toContain('Looking for debug 4.3.4 in the')
    const [opened] = await Promise.all([page.waitForEvent('popup'), link.click()])
    await opened.waitForURL('https://www.npmjs.com/package/debug/v/4.3.4', { timeout: 20_000 })
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
