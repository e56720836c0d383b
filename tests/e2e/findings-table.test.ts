// The findings table and bulk triage in Chromium (issue 19 acceptance 1): on NodeGoat (corpus
// advisories, local npm registry) the owner filters the table to critical + fixable + direct, sets
// not_affected with a justification and an expiry on all of them, and after recompute the security
// score rises; with the analyses' clock moved past the expiry, a recompute brings the findings back
// (marked expired) and the score falls back. The view is kept in the URL; the CSV comes from the server
// with exactly the rows shown. An anonymous visitor of the (then public) project sees the table without
// selection or triage. Screenshots at 1440 px; no serious axe violations.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recomputeAndWait } from '../../packages/server/src/testing/advisory-instance'
import {
  type E2eServer,
  seriousViolations,
  shots,
  signInAdmin,
  startE2eServer,
  uploadCorpusProject,
} from './fixture'

const DAY = 86_400_000

describe('findings table in Chromium', () => {
  let server: E2eServer
  let browser: Browser
  let url = ''
  let token = ''
  let pid = ''
  let offset = 0

  async function open(path: string, signedIn = true): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })
    if (signedIn)
      await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${url}${path}`)
    return page
  }
  /** The security score and the critical and excluded findings the report counts. */
  const security = async () => {
    const res = await fetch(`${url}/api/v1/reports/${pid}/full?branch=main`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const doc = (await res.json()) as {
      security: { score: number | null; summary: Record<string, { critical: number; exclusions: number }> }
    }
    const s = doc.security.summary.nodejs!
    return { score: doc.security.score, critical: s.critical, exclusions: s.exclusions }
  }
  async function pick(page: Page, testId: string, option: string) {
    await page.getByTestId(testId).click({ force: true })
    await page.getByRole('option', { name: option, exact: true }).click()
    await page.keyboard.press('Escape')
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    server = await startE2eServer({}, { clock: () => new Date(Date.now() + offset) })
    browser = server.browser
    url = server.t.url
    token = await signInAdmin(url)
    pid = await uploadCorpusProject(url, token, 'nodegoat', ['package.json', 'package-lock.json'])
  }, 240_000)
  afterAll(async () => {
    await server?.close()
  })

  it('filters to critical + fixable + direct, triages them in bulk, and the findings return after the expiry', async () => {
    const before = await security()
    const page = await open(`/projects/?pid=${pid}&branch=main&mode=eli`)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.getByTestId('section-security').waitFor({ timeout: 30_000 })
    await page.getByTestId('security-view-toggle').getByText('Findings table').click()
    await page.getByTestId('findings-grid').waitFor({ timeout: 20_000 })
    const total = Number((await page.getByTestId('findings-count').textContent())?.match(/of (\d+)/)?.[1])
    // the remediation plan of the minor lane names NodeGoat's upgrades
    await page.getByTestId('remediation-line').first().waitFor({ timeout: 30_000 })
    const plan = await page.getByTestId('remediation-line').allTextContents()
    expect(plan.some((line) => /^upgrade \S+ \S+ → \S+ \((patch|minor)\) fixes \d+ finding/.test(line))).toBe(
      true,
    )
    expect(total).toBeGreaterThan(100)
    await pick(page, 'findings-severity', 'CRITICAL')
    await pick(page, 'findings-fixable', 'yes')
    await pick(page, 'findings-relation', 'direct')
    // the view is in the URL: a reload shows the same table
    expect(new URL(page.url()).searchParams.get('f.sev')).toBe('CRITICAL')
    expect(new URL(page.url()).searchParams.get('view')).toBe('table')
    await page.getByTestId('findings-columns').click()
    await page.getByTestId('findings-column-title').click()
    await page.keyboard.press('Escape')
    expect(new URL(page.url()).searchParams.get('f.cols')?.split(',')).toContain('title')
    // the count settles on the rows rendered (all of them: fewer than the list renders at once)
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="findings-count"]')?.textContent ?? ''
      return Number(text.match(/^(\d+)/)?.[1]) === document.querySelectorAll('[data-finding]').length
    })
    const shown = Number((await page.getByTestId('findings-count').textContent())?.match(/^(\d+)/)?.[1])
    expect(shown).toBeGreaterThan(0)
    expect(shown).toBeLessThan(total)
    await page.getByTestId('findings-table').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'findings-table-filtered.png') })

    // the CSV holds exactly the rows shown (header + one line each)
    const download = page.waitForEvent('download')
    await page.getByTestId('findings-csv').click()
    const csv = readFileSync((await (await download).path())!, 'utf8')
      .trimEnd()
      .split('\r\n')
    expect(csv.length).toBe(shown + 1)
    expect(csv[0]).toContain('Component')

    await page.getByTestId('findings-select-all').click()
    await page.getByTestId('findings-triage').click()
    await page.getByTestId('triage-justification').click({ force: true })
    await page.getByRole('option', { name: 'code not reachable' }).click()
    await page.getByTestId('triage-detail').fill('The vulnerable functions are never called by NodeGoat.')
    const expiry = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10)
    await page.getByTestId('triage-expires').fill(expiry)
    await page.screenshot({ path: join(shots, 'findings-triage-dialog.png') })
    expect(await seriousViolations(page, '[data-testid="triage-dialog"]')).toEqual([])
    await page.getByTestId('triage-save').click()
    await page.getByTestId('triage-dialog').waitFor({ state: 'detached' })
    await page.waitForTimeout(500)
    const states = await page.locator('[data-finding]').allTextContents()
    expect(states.length).toBeGreaterThan(0)
    expect(states.every((row) => row.includes('not affected'))).toBe(true)

    await recomputeAndWait(url, { Authorization: `Bearer ${token}` }, pid)
    // the triaged findings leave the critical count for the excluded one; the score never falls
    const excluded = await security()
    expect(excluded.critical).toBe(before.critical - shown)
    expect(excluded.exclusions).toBe(before.exclusions + shown)
    expect(excluded.score ?? 0).toBeGreaterThanOrEqual(before.score ?? 0)
    await page.reload()
    // opened on the table, the page shows it from its rows first, then the full report page around it
    await page.getByTestId('report-body').waitFor({ timeout: 20_000 })
    await page.getByTestId('findings-grid').waitFor({ timeout: 20_000 })
    await page.getByTestId('findings-table').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'findings-table-triaged.png') })

    // the analyses' clock passes the expiry: the exclusions stop applying, the findings count again
    offset = 31 * DAY
    await recomputeAndWait(url, { Authorization: `Bearer ${token}` }, pid)
    expect(await security()).toEqual(before)
    await page.reload()
    // opened on the table, the page shows it from its rows first, then the full report page around it
    await page.getByTestId('report-body').waitFor({ timeout: 20_000 })
    await page.getByTestId('findings-grid').waitFor({ timeout: 20_000 })
    await page.locator('[data-finding]').first().waitFor()
    expect(await page.locator('[data-finding]').getByText('expired').count()).toBe(shown)
    await page.getByTestId('findings-table').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'findings-table-expired.png') })
    expect(await seriousViolations(page, '[data-testid="findings-table"]')).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  }, 300_000)

  it('shows an anonymous visitor the table without selection or triage', async () => {
    await server.t.sextant.db.query('UPDATE projects SET is_public = true WHERE uuid = $1', [pid])
    const page = await open(`/projects/?pid=${pid}&branch=main&view=table&f.sort=-cvss`, false)
    await page.getByTestId('findings-grid').waitFor({ timeout: 30_000 })
    await page.locator('[data-finding]').first().waitFor()
    // the full page (the table is read-only anyway while it shows alone, before the report is there)
    await page.getByTestId('report-body').waitFor({ timeout: 30_000 })
    await page.locator('[data-finding]').first().waitFor()
    expect(await page.getByTestId('findings-triage').count()).toBe(0)
    expect(await page.getByTestId('findings-select-all').count()).toBe(0)
    const first = await page.locator('[data-finding]').first().textContent()
    expect(first).toMatch(/9\.\d|10/)
    await page.getByTestId('findings-table').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'findings-table-anonymous.png') })
    await page.close()
  }, 120_000)
})
