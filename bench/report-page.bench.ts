// Report page benchmark (DESIGN §8 "report page with 5,000 components in headless Chromium: usable
// ≤ 1.5 s; lists virtualised"; issue 8 acceptance 4): a 5,000-component report made by the engine's
// buildReport is stored beside a project's first report, then the page is opened in headless Chromium.
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { syntheticReport } from '../packages/engine/src/testing/sample-report'
import { launchBrowser } from '../tests/e2e/browser'
import { serverWithReport } from './stored-report'
import { type BenchRow, type BenchSection, median, ms } from './table'

const COMPONENTS = 5_000

export async function reportPageBench(): Promise<BenchSection> {
  const { t, projectUuid } = await serverWithReport('big-app', syntheticReport(COMPONENTS))
  const browser = await launchBrowser()
  try {
    const url = `${t.url}/projects/?pid=${projectUuid}&branch=main`

    const usable: number[] = []
    let maxRows = 0
    const filterTimes: number[] = []
    for (let run = 0; run < 3; run++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
      const t0 = performance.now()
      await page.goto(url)
      await page.locator('[data-testid="component-card"]').first().waitFor({ timeout: 30_000 })
      await page.locator('[data-testid="summary-charts"] canvas').nth(2).waitFor()
      usable.push(performance.now() - t0)
      // every component in view: 'Show issues only' off, then measure to the next painted frame
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
      filterTimes.push(filterMs)
      for (const y of [0, 20_000, 80_000, 200_000, 1e7]) {
        await page.evaluate((top) => window.scrollTo(0, top), y)
        await page.waitForTimeout(150)
        maxRows = Math.max(maxRows, await page.locator('[data-virtual-row], tr').count())
      }
      await page.close()
    }
    const m = median(usable)
    const f = median(filterTimes)
    const rows: BenchRow[] = [
      {
        what: `report page usable, ${COMPONENTS.toLocaleString('en-US')} components (median of 3, cold page)`,
        budget: '≤ 1.5 s',
        measured: ms(m),
        ok: m <= 1500,
      },
      {
        what: "filter change ('Show issues only' off: every component listed)",
        budget: '≤ 200 ms',
        measured: ms(f),
        ok: f <= 200,
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
        '"Usable" is navigation start to the first security card and the three summary charts drawn; filter change is the click to the second animation frame after the security section is drawn with every component (issue 20: including reading its pages when they are not in yet).',
      ],
    }
  } finally {
    await browser.close()
    await t.close()
  }
}
