// Layout guard (issue 8 acceptance 2, "no overflow"): the main pages at 390 px never scroll sideways
// (document scrollWidth ≤ innerWidth), and once the report's title row is sticky (report-page §2
// Layout) it sits below the site header, covers none of it, and nothing is painted over the row itself.
// Screenshots of every page checked go to test-results/screenshots/layout-*.png.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type E2eServer,
  seriousViolations,
  shots,
  signInAdmin,
  startE2eServer,
  uploadCorpusProject,
} from './fixture'

/** Elements wider than the viewport, for a readable failure message. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth
    if (document.documentElement.scrollWidth <= width) return []
    const culprits: string[] = []
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const rect = el.getBoundingClientRect()
      if (rect.right > width + 1 && rect.width > 0) {
        const id = el.getAttribute('data-testid') ?? el.className.toString().slice(0, 60)
        culprits.push(`${el.tagName.toLowerCase()}[${id}] right=${Math.round(rect.right)}`)
      }
    }
    return [`scrollWidth ${document.documentElement.scrollWidth} > ${width}`, ...culprits.slice(0, 8)]
  })
}

/** Screenshots of the top, middle and bottom of a page, checking the overflow at each scroll position. */
async function walk(page: Page, name: string): Promise<string[]> {
  const found: string[] = []
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const positions = height > 1800 ? ['top', 'middle', 'bottom'] : ['top']
  for (const at of positions) {
    await page.evaluate((where) => {
      const max = document.documentElement.scrollHeight - window.innerHeight
      window.scrollTo(0, where === 'top' ? 0 : where === 'middle' ? max / 2 : max)
    }, at)
    await page.waitForTimeout(150)
    await page.screenshot({ path: join(shots, `layout-${name}-${at}.png`) })
    found.push(...(await overflow(page)).map((line) => `${name} (${at}): ${line}`))
  }
  return found
}

describe('layout of the main pages in Chromium', () => {
  let server: E2eServer
  let t: E2eServer['t']
  let browser: Browser
  let token = ''
  let pid = ''

  async function open(path: string, width: number, height: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}${path}`)
    return page
  }
  const reportPath = () => `/projects/?pid=${pid}&branch=main&mode=eli`

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    server = await startE2eServer()
    ;({ t, browser } = server)
    token = await signInAdmin(t.url)
    pid = await uploadCorpusProject(t.url, token, 'nodegoat', ['package.json', 'package-lock.json'])
  }, 180_000)
  afterAll(async () => {
    await server?.close()
  })

  it('never scrolls sideways at 390 px', async () => {
    const found: string[] = []
    const report = await open(reportPath(), 390, 844)
    await report.getByTestId('cve-badge').first().waitFor({ timeout: 20_000 })
    found.push(...(await walk(report, 'report-390')))
    await report.evaluate(() => window.scrollTo(0, 0))
    await report.getByTestId('cve-badge').first().click()
    await report.getByTestId('advisory-page').waitFor()
    found.push(...(await walk(report, 'advisory-390')))
    await report.goBack()
    await report.getByText('Component information').first().click()
    await report.getByTestId('component-page').waitFor()
    found.push(...(await walk(report, 'component-390')))
    await report.close()

    const pages: [string, string][] = [
      ['projects', '/projects.html'],
      ['dashboard', '/dashboard'],
      ['tree', `/projects/tree?pid=${pid}&branch=main`],
      ['account', '/account'],
      ['members', '/account/members'],
      ['terms', '/terms.html'],
      ['gdpr', '/gdpr.html'],
      ['not-found', '/no-such-page'],
      ['missing-project', '/projects/?pid=8a5c2b8e-1111-4222-8333-444455556666&branch=main'],
    ]
    for (const [name, path] of pages) {
      const page = await open(path, 390, 844)
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(300)
      found.push(...(await walk(page, `${name}-390`)))
      await page.close()
    }
    // signed out: the sign-in and register forms
    for (const [name, path] of [
      ['sign-in', '/account/sign-in'],
      ['register', '/register'],
    ]) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
      await page.goto(`${t.url}${path}`)
      await page.waitForLoadState('networkidle')
      found.push(...(await walk(page, `${name}-390`)))
      await page.close()
    }
    expect(found).toEqual([])
  }, 180_000)

  it("at 390 px an open advice's description scrolls inside its card, tabs on one line, no axe violations", async () => {
    const page = await open(reportPath(), 390, 844)
    await page.getByTestId('advice-toggle').first().click({ timeout: 20_000 })
    const item = page.getByTestId('advice-item').first()
    const region = item.getByRole('region', { name: 'Advisory description' })
    await region.waitFor()
    const box = await region.evaluate((el) => {
      const heading = el.querySelector('h1, h2, h3, h4')
      const list = el.closest('[data-testid="advice-item"]')?.querySelector('[role="tablist"]')
      return {
        height: el.getBoundingClientRect().height,
        focusable: (el as HTMLElement).tabIndex === 0,
        headingPx: heading ? Number.parseFloat(getComputedStyle(heading).fontSize) : 0,
        tabRows: list
          ? new Set(Array.from(list.children).map((tab) => tab.getBoundingClientRect().top)).size
          : 0,
      }
    })
    expect(box.height).toBeLessThanOrEqual(22 * 16 + 1)
    expect(box.focusable).toBe(true)
    expect(box.headingPx).toBeLessThanOrEqual(15)
    expect(box.tabRows).toBe(1)
    await item.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'layout-advice-open-390.png') })
    expect(await seriousViolations(page, '[data-testid="advice-item"]')).toEqual([])
    await page.close()
  }, 90_000)

  it('keeps the sticky title row below the site header with nothing painted over it', async () => {
    const page = await open(reportPath(), 1440, 900)
    await page.getByTestId('cve-badge').first().waitFor({ timeout: 20_000 })
    expect(await walk(page, 'report-1440')).toEqual([])
    for (const fraction of [0.25, 0.5, 0.75]) {
      await page.evaluate((f) => {
        window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * f)
      }, fraction)
      await expect.poll(() => page.locator('[data-sticky="true"]').count()).toBe(1)
      await page.waitForTimeout(150)
      const problems = await page.evaluate(() => {
        const header = document.querySelector('[data-testid="site-header"]') as HTMLElement
        const row = document.querySelector('[data-sticky="true"]') as HTMLElement
        const headerRect = header.getBoundingClientRect()
        const rowRect = row.getBoundingClientRect()
        const found: string[] = []
        if (rowRect.top < headerRect.bottom - 1)
          found.push(`title row top ${rowRect.top} above the header's bottom ${headerRect.bottom}`)
        // sample points across the header and the row: each must hit its own element
        for (const [box, owner, name] of [
          [headerRect, header, 'header'],
          [rowRect, row, 'title row'],
        ] as const) {
          for (const fx of [0.02, 0.25, 0.5, 0.75, 0.98]) {
            for (const fy of [0.2, 0.5, 0.8]) {
              const x = box.left + box.width * fx
              const y = box.top + box.height * fy
              const hit = document.elementFromPoint(x, y)
              if (hit && !owner.contains(hit))
                found.push(
                  `${name} at (${Math.round(x)}, ${Math.round(y)}) covered by ${hit.tagName.toLowerCase()}.${hit.className.toString().slice(0, 50)}`,
                )
            }
          }
        }
        return found
      })
      await page.screenshot({ path: join(shots, `layout-sticky-${Math.round(fraction * 100)}.png`) })
      expect(problems).toEqual([])
    }
    await page.close()
  }, 60_000)
})
