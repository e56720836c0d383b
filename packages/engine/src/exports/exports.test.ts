// Every download format of the registry renders the sample report to a non-empty file of its type; the
// PDF formats are drawn by @sextant/pdf (packages/pdf/src/formats.test.ts), never by the engine.
import { describe, expect, it } from 'vitest'
import { sampleReport } from '../testing/sample-report'
import { EXPORT_FORMATS, exportFormats, isExportFormat, isPdfFormat, renderExport } from './index'

const ctx = { projectName: 'shop-front', generatedAt: new Date('2025-03-04T06:00:00Z') }

describe('export registry', () => {
  it.each(EXPORT_FORMATS.filter((f) => !isPdfFormat(f)))('renders %s', async (format) => {
    const bytes = await renderExport(format, sampleReport(), ctx)
    expect(bytes.length).toBeGreaterThan(100)
    const head = Buffer.from(bytes.subarray(0, 16)).toString()
    if (format.endsWith('xml')) expect(head.startsWith('<?xml')).toBe(true)
    else if (format.endsWith('json')) expect(() => JSON.parse(Buffer.from(bytes).toString())).not.toThrow()
  })

  it("draws no PDF itself: the PDF formats need @sextant/pdf's renderers", async () => {
    expect(EXPORT_FORMATS.filter(isPdfFormat).sort()).toEqual(['bible_pdf', 'pdf'])
    for (const format of EXPORT_FORMATS.filter(isPdfFormat)) {
      expect(exportFormats[format].contentType).toBe('application/pdf')
      await expect(renderExport(format, sampleReport(), ctx)).rejects.toThrow(/@sextant\/pdf/)
    }
  })

  it('knows its formats', () => {
    expect(isExportFormat('sbom-cdx.json')).toBe(true)
    expect(isExportFormat('exe')).toBe(false)
  })
})
