// The PDF formats of the engine's export registry are drawn by this package: through renderExport with
// pdfRenderers each is a PDF of the report narrowed to the asked scope.
import { EXPORT_FORMATS, isPdfFormat, renderExport } from '@sextant/engine'
import { describe, expect, it } from 'vitest'
import { sampleReport } from '../../engine/src/testing/sample-report'
import { pdfRenderers } from './index'

const ctx = { projectName: 'shop-front', generatedAt: new Date('2025-03-04T06:00:00Z') }

describe('PDF formats', () => {
  it('draws every PDF format of the registry', () => {
    expect(Object.keys(pdfRenderers).sort()).toEqual(EXPORT_FORMATS.filter(isPdfFormat).sort())
  })

  it.each(EXPORT_FORMATS.filter(isPdfFormat))('renders %s', async (format) => {
    const bytes = await renderExport(format, sampleReport(), ctx, pdfRenderers)
    expect(bytes.length).toBeGreaterThan(1000)
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
  })
})
