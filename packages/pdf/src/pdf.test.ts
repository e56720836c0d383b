// PDF downloads (issue 6 acceptance 4): a real PDF from pdfkit with the project, scores and tables;
// rendered to PNG pages with poppler's pdftoppm when available (the CI image installs poppler-utils).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sampleReport, syntheticReport } from '../../engine/src/testing/sample-report'
import { biblePdf } from './bible-pdf'
import { reportPdf } from './report-pdf'

const ctx = { projectName: 'shop-front', generatedAt: new Date('2025-03-04T06:00:00Z') }

function pdfToText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'sx-pdf-'))
  writeFileSync(join(dir, 'a.pdf'), bytes)
  return execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' })
}

function renderPages(bytes: Uint8Array, name: string): string[] {
  const dir = process.env.SEXTANT_PDF_PNG_DIR ?? mkdtempSync(join(tmpdir(), 'sx-png-'))
  writeFileSync(join(dir, `${name}.pdf`), bytes)
  execFileSync('pdftoppm', ['-png', '-r', '60', join(dir, `${name}.pdf`), join(dir, name)])
  return readdirSync(dir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
}

describe('PDF downloads', () => {
  it('writes the assessment report with project, scores and tables', async () => {
    const bytes = await reportPdf(sampleReport(), ctx)
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = pdfToText(bytes)
    for (const expected of [
      'shop-front',
      'main',
      '2025-03-04 05:06 UTC',
      'SECURITY',
      'CVE-2022-24999',
      'qs 6.7.0',
      'Stability',
      'Licensing',
      'BSD-3-Clause',
      'Page 1 of',
    ])
      expect(text).toContain(expected)
    expect(renderPages(bytes, 'report').length).toBeGreaterThanOrEqual(1)
  })

  it('writes the licence bible', async () => {
    const bytes = await biblePdf(sampleReport(), ctx)
    const text = pdfToText(bytes)
    expect(text).toContain('Licence bible')
    expect(text).toContain('LaFreniere')
    expect(text).toContain('BSD 3-Clause')
    expect(renderPages(bytes, 'bible').length).toBeGreaterThanOrEqual(1)
  })

  it('writes a 3,000-component report (timed loosely here; npm run bench has the figure)', async () => {
    const doc = syntheticReport(3000)
    const t0 = performance.now()
    const bytes = await reportPdf(doc, ctx)
    expect(performance.now() - t0).toBeLessThan(15_000)
    expect(bytes.length).toBeGreaterThan(10_000)
  }, 30_000)
})
