// Static-analysis results on the report page (issue 17 acceptance 5): a SARIF file from a real tool
// (Biome 2, packages/server/src/resources/sasha/fixtures/biome-login.sarif) uploaded for the project's
// branch shows in the report's "Code analysis" panel with its tool, counts by level and results, for the
// owner; an anonymous visitor of the private project sees no report and no panel. Screenshots.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestInstance } from '../../packages/server/src/testing/instance'
import { repoRoot, seriousViolations, shots, startTinyAppServer, type TinyAppServer } from './fixture'

const sarif = readFileSync(join(repoRoot, 'packages/server/src/resources/sasha/fixtures/biome-login.sarif'))

describe('the code analysis panel in Chromium', () => {
  let t: TestInstance
  let server: TinyAppServer
  let browser: Browser
  let token = ''
  let pid = ''

  async function open(path: string, signedIn: boolean): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    if (signedIn)
      await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}${path}`)
    return page
  }

  beforeAll(async () => {
    server = await startTinyAppServer({ records: [] })
    ;({ t, browser, pid, token } = server)
  }, 120_000)
  afterAll(async () => server?.close())

  it('shows nothing before an upload, then the uploaded analysis', async () => {
    const before = await open(`/projects/?pid=${pid}&branch=main`, true)
    await before.getByTestId('report-body').waitFor({ timeout: 30_000 })
    await before.waitForLoadState('networkidle')
    expect(await before.getByTestId('code-analysis').count()).toBe(0)
    await before.close()

    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sarif)]), 'biome.sarif')
    const up = await fetch(`${t.url}/api/v1/uploads/${pid}/sarif?branch=main`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    expect(up.status).toBe(201)

    const page = await open(`/projects/?pid=${pid}&branch=main`, true)
    const panel = page.getByTestId('code-analysis')
    await panel.waitFor({ timeout: 30_000 })
    await panel.scrollIntoViewIfNeeded()
    const text = (await panel.textContent()) ?? ''
    expect(text).toContain('Code analysis')
    expect(text).toContain('Biome')
    expect(await page.getByTestId('code-analysis-error').textContent()).toBe('2 error')
    expect(await page.getByTestId('code-analysis-warning').textContent()).toBe('1 warning')
    expect(text).toContain('lint/security/noGlobalEval')
    expect(text).toMatch(/login\.js:6/)
    await panel.screenshot({ path: join(shots, 'code-analysis-panel.png') })
    expect(await seriousViolations(page, '[data-testid="code-analysis"]')).toEqual([])
    await page.close()
  })

  it('shows an anonymous visitor neither the private report nor its analysis', async () => {
    const page = await open(`/projects/?pid=${pid}&branch=main`, false)
    await page.waitForLoadState('networkidle')
    expect(await page.getByTestId('code-analysis').count()).toBe(0)
    await page.screenshot({ path: join(shots, 'code-analysis-anonymous.png') })
    await page.close()
  })
})
