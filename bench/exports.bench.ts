// Download and badge benchmarks (issue 6 acceptance 6): every export format of a 3,000-component
// report made by the engine's buildReport (budget 2 s each), and the badge picture's render time.
import { performance } from 'node:perf_hooks'
import { EXPORT_FORMATS, renderExport } from '../packages/engine/src'
import { syntheticReport } from '../packages/engine/src/testing/sample-report'
import { pdfRenderers } from '../packages/pdf/src'
import { scoreBadgeSvg } from '../packages/server/src/badges/badge'
import { type BenchRow, type BenchSection, median, ms } from './table'

export async function exportsBench(): Promise<BenchSection> {
  const doc = syntheticReport(3000)
  const ctx = { projectName: 'big-app', generatedAt: new Date() }
  const rows: BenchRow[] = []
  for (const format of EXPORT_FORMATS) {
    await renderExport(format, doc, ctx, pdfRenderers) // warm-up: first use loads fonts and schemas
    const times: number[] = []
    let size = 0
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now()
      size = (await renderExport(format, doc, ctx, pdfRenderers)).length
      times.push(performance.now() - t0)
    }
    const m = median(times)
    rows.push({
      what: `export ${format}, 3,000 components (${(size / 1024).toFixed(0)} KB)`,
      budget: '≤ 2 s',
      measured: ms(m),
      ok: m <= 2000,
    })
  }
  const badgeTimes: number[] = []
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now()
    scoreBadgeSvg({ label: 'security', score: i % 100, threshold: 90 })
    badgeTimes.push(performance.now() - t0)
  }
  rows.push({
    what: 'badge SVG render (badge-maker), median of 200',
    budget: '—',
    measured: ms(median(badgeTimes)),
    ok: null,
  })
  return {
    title: 'Downloads and badges',
    command: 'npm run bench (bench/exports.bench.ts)',
    rows,
    notes: [
      'Median of three runs after a warm-up; the report is built by buildReport from a synthetic 3,000-component npm graph with advisories and metadata.',
      'Badge HTTP answers (one indexed query + render) are checked under 50 ms per request in packages/server/src/badges/badges.test.ts.',
    ],
  }
}
