// Every download format of the registry renders the sample report to a non-empty file of its type.
import { describe, expect, it } from 'vitest'
import { sampleReport } from './fixtures/sample-report'
import { EXPORT_FORMATS, exportFormats, isExportFormat, renderExport } from './index'

const ctx = { projectName: 'shop-front', generatedAt: new Date('2025-03-04T06:00:00Z') }

describe('export registry', () => {
  it.each(EXPORT_FORMATS)('renders %s', async (format) => {
    const bytes = await renderExport(format, sampleReport(), ctx)
    expect(bytes.length).toBeGreaterThan(100)
    const head = Buffer.from(bytes.subarray(0, 16)).toString()
    if (exportFormats[format].contentType === 'application/pdf') expect(head.startsWith('%PDF-')).toBe(true)
    else if (format.endsWith('xml')) expect(head.startsWith('<?xml')).toBe(true)
    else if (format.endsWith('json')) expect(() => JSON.parse(Buffer.from(bytes).toString())).not.toThrow()
  })

  it('knows its formats', () => {
    expect(isExportFormat('sbom-cdx.json')).toBe(true)
    expect(isExportFormat('exe')).toBe(false)
  })
})
