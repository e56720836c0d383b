// Report page benchmark (DESIGN §8 "report page with 5,000 components in headless Chromium: usable
// ≤ 1.5 s; lists virtualised"; issue 8 acceptance 4): a 5,000-component report made by the engine's
// buildReport is stored beside a project's first report, then the page is opened in headless Chromium.
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { REPORT_SECTION_PAGE_SIZE } from '../packages/contract/src/report-sections'
import { syntheticReport } from '../packages/engine/src/testing/sample-report'
import { launchBrowser } from '../tests/e2e/browser'
import { serverWithReport } from './stored-report'
import { type BenchRow, type BenchSection, median, ms } from './table'

const COMPONENTS = 5_000
/** Pages of the security section (every component, issue 20). */
const SECURITY_PAGES = Math.ceil(COMPONENTS / REPORT_SECTION_PAGE_SIZE)

export async function reportPageBench(): Promise<BenchSection> {
  const { t, projectUuid } = await serverWithReport('big-app', syntheticReport(COMPONENTS))
  const browser = await launchBrowser()
  try {
    const url = `${t.url}/projects/?pid=${projectUuid}&branch=main`

    const usable: number[] = []
    const usableInPage: number[] = []
    let maxRows = 0
    const filterTimes: number[] = []
    const filterAfterPages: number[] = []
    const filterPagesHeld: number[] = []
    const clicks: string[] = []
    for (let run = 0; run < 9; run++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
      // runs 6-8: the security pages are held until the click, so none is in before it (the worst order)
      const held = run >= 6
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      if (held)
        await page.route('**/sections/*/security?page=*', async (route) => {
          await released
          await route.continue()
        })
      // "usable" by the page's own clock too: navigation start to the frame after the first security card
      // and the three charts are in (the runner's polling lags on a loaded machine; no named function
      // inside: tsx would wrap it in a helper the page does not have)
      await page.addInitScript(() => {
        const w = window as unknown as { sxUsableAt?: number }
        new MutationObserver((_, observer) => {
          if (
            document.querySelector('[data-testid="component-card"]') &&
            document.querySelectorAll('[data-testid="summary-charts"] canvas').length >= 3
          ) {
            observer.disconnect()
            requestAnimationFrame(() => {
              w.sxUsableAt = performance.now()
            })
          }
        }).observe(document, { subtree: true, childList: true })
      })
      const t0 = performance.now()
      await page.goto(url)
      await page.locator('[data-testid="component-card"]').first().waitFor({ timeout: 30_000 })
      await page.locator('[data-testid="summary-charts"] canvas').nth(2).waitFor()
      usable.push(performance.now() - t0)
      await page.waitForFunction(
        () => (window as unknown as { sxUsableAt?: number }).sxUsableAt !== undefined,
      )
      usableInPage.push(
        await page.evaluate(() => (window as unknown as { sxUsableAt?: number }).sxUsableAt ?? 0),
      )
      // the two orders (issue 20): clicked as soon as usable (the security pages read at idle may still
      // be arriving), or once they are all in
      const afterPages = run >= 3 && !held
      if (afterPages)
        await page.waitForFunction(
          (pages) =>
            performance.getEntriesByType('resource').filter((e) => e.name.includes('/security?page='))
              .length >= pages,
          SECURITY_PAGES,
          { timeout: 30_000 },
        )
      const pagesIn = await page.evaluate(
        () =>
          performance.getEntriesByType('resource').filter((e) => e.name.includes('/security?page=')).length,
      )
      // every component in view: 'Show issues only' off, then measure to the next painted frame
      release()
      const filterMs = await page.evaluate(async () => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="issues-only"]')
        const start = performance.now()
        input?.click()
        // issue 20: every component needs the security section's pages, read when first needed
        // (or after 1 s idle); until they are in, the section's loading card is shown
        for (;;) {
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
          const loading = document.querySelector('[data-testid="section-security-loading"]')
          if (!loading && document.querySelector('[data-testid="section-security"]')) break
        }
        return performance.now() - start
      })
      ;(held ? filterPagesHeld : afterPages ? filterAfterPages : filterTimes).push(filterMs)
      clicks.push(`${Math.round(filterMs)} ms (${pagesIn}/${SECURITY_PAGES} pages in)`)
      for (const y of [0, 20_000, 80_000, 200_000, 1e7]) {
        await page.evaluate((top) => window.scrollTo(0, top), y)
        await page.waitForTimeout(150)
        maxRows = Math.max(maxRows, await page.locator('[data-virtual-row], tr').count())
      }
      await page.close()
    }
    const m = median(usable.slice(0, 3))
    const mInPage = median(usableInPage.slice(0, 3))
    const f = median(filterTimes)
    const fAfter = median(filterAfterPages)
    const fHeld = median(filterPagesHeld)
    const rows: BenchRow[] = [
      {
        what: `report page usable, ${COMPONENTS.toLocaleString('en-US')} components (median of 3, cold page)`,
        budget: '≤ 1.5 s',
        measured: ms(m),
        ok: m <= 1500,
      },
      {
        what: "… by the page's own clock (navigation start to the frame after they are in; median of 3)",
        budget: '≤ 1.5 s',
        measured: ms(mInPage),
        ok: mInPage <= 1500,
      },
      {
        what: "filter change ('Show issues only' off: every component listed), clicked as soon as usable (median of 3)",
        budget: '≤ 200 ms',
        measured: ms(f),
        ok: f <= 200,
      },
      {
        what: '… clicked once the security pages are in (median of 3)',
        budget: '≤ 200 ms',
        measured: ms(fAfter),
        ok: fAfter <= 200,
      },
      {
        what: '… clicked with none of the security pages in (held until the click; median of 3)',
        budget: '≤ 200 ms',
        measured: ms(fHeld),
        ok: fHeld <= 200,
      },
      {
        what: 'DOM rows at any time while scrolling the whole page',
        budget: '< 2,000',
        measured: String(maxRows),
        ok: maxRows < 2000,
      },
    ]
    return {
      title: 'Report page in headless Chromium',
      command: 'npm run bench (bench/report-page.bench.ts)',
      rows,
      notes: [
        'The report is built by buildReport from a synthetic 5,000-component npm graph and stored in the embedded database; the page loads it through the API (Debian chromium, playwright-core).',
        `Load average at the end of the run: ${loadavg()[0]?.toFixed(1)} (figures from a busy machine run slower than on the idle 2-core machine of the budget).`,
        `Each click (security pages read before it): ${clicks.join(', ')}.`,
        '"Usable" is navigation start to the first security card and the three summary charts drawn; filter change is the click to the second animation frame after the security section is drawn with every component (issue 20: including reading its pages when they are not in yet).',
      ],
    }
  } finally {
    await browser.close()
    await t.close()
  }
}
