// Issue 14 "Unknown is not 100" in the PDF downloads: a report built with an empty advisory store from an
// SBOM without a dependency graph says that security was not assessed (n/a, never 100) and that the
// components' relationships are unknown. The other formats' checks are the engine's (exports/unassessed.test.ts).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PdfFormat, renderExport } from '@sextant/engine'
import { describe, expect, it } from 'vitest'
import { unassessedCtx, unassessedReport } from '../../engine/src/testing/unassessed-report'
import { pdfRenderers } from './index'

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'sx-unassessed-'))
  writeFileSync(join(dir, 'a.pdf'), bytes)
  return execFileSync('pdftotext', [join(dir, 'a.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
}

const checks: Record<PdfFormat, (bytes: Uint8Array) => void> = {
  pdf: (bytes) => {
    const t = pdfText(bytes)
    expect(t).toContain('2 (0 direct, 0 transitive, 2 unknown)')
    expect(t).toMatch(/Not assessed\. The advisory store/)
    expect(t).toMatch(/SECURITY FAIL .*NOT ASSESSED/)
    expect(t).toContain('n/a')
    expect(t).not.toMatch(/No known vulnerabilities/)
  },
  bible_pdf: (bytes) => {
    // the licence bible lists licences only: both components, which were assessed
    expect(pdfText(bytes)).toContain('2 components')
  },
}

describe('PDF downloads of a report that could not be assessed (issue 14)', () => {
  const doc = unassessedReport()

  it.each(Object.keys(checks) as PdfFormat[])('%s says what was not assessed', async (format) => {
    checks[format](await renderExport(format, doc, unassessedCtx, pdfRenderers))
  })
})
