// Public API of engine/exports (DESIGN §4 exports; spec report-page §9 download types, CSV exports):
// the registry of download formats, each a pure function from a report document to file bytes.
import type { ReportDocument } from '../report/document'
import { scopedDocument } from '../report/totals'
import { bibleJson } from './bible/bible'
import type { ExportContext } from './components'
import { licencesCsv, sbomCsv, stabilityCsv, vulnerabilitiesCsv } from './csv/exports'
import { spdxJson } from './spdx/spdx'

export { type BibleComponent, type LicenceBible, licenceBible } from './bible/bible'
export type { ExportContext } from './components'
export { csvCell, csvText, isFormulaLike } from './csv/csv'
export { epssPercent } from './csv/exports'
export type { ReportView } from './csv/view'
export { type ScoreVerdict, verdicts } from './verdicts'

export type ExportRenderer = (
  doc: ReportDocument,
  ctx: ExportContext,
) => string | Uint8Array | Promise<string | Uint8Array>

export interface ExportFormatInfo {
  contentType: string
  /** File name suffix after the project name: `shop-front.sbom-cdx.json`. */
  extension: string
  /** null for the PDF formats: @sextant/pdf renders them, handed to renderExport (PdfRenderers). */
  render: ExportRenderer | null
}

/**
 * The formats drawn with pdfkit: PDF rendering lives in @sextant/pdf, out of the pure engine (issue 18
 * item 5); the server and the command hand its renderers (`pdfRenderers`) to renderExport.
 */
export type PdfFormat = 'pdf' | 'bible_pdf'
export type PdfRenderers = Record<PdfFormat, ExportRenderer>

const csv = 'text/csv; charset=utf-8'

// The CycloneDX writers load @cyclonedx/cyclonedx-library (about 215 ms) on the first SBOM download,
// not when the engine loads (issue 18 acceptance 6).
const cyclonedxModule = () => import('./cyclonedx/serialize')

// The one list of formats is this registry's keys; the wire enum (contract exportFormatSchema) is checked
// against it in the server's exports test.
export const exportFormats = {
  pdf: { contentType: 'application/pdf', extension: 'pdf', render: null },
  bible_pdf: { contentType: 'application/pdf', extension: 'licence-bible.pdf', render: null },
  bible_json: { contentType: 'application/json', extension: 'licence-bible.json', render: bibleJson },
  sbom_csv: { contentType: csv, extension: 'sbom.csv', render: sbomCsv },
  'sbom-cdx.json': {
    contentType: 'application/vnd.cyclonedx+json',
    extension: 'sbom-cdx.json',
    render: async (doc, ctx) => (await cyclonedxModule()).cyclonedxJson(doc, ctx),
  },
  'sbom-cdx.xml': {
    contentType: 'application/vnd.cyclonedx+xml',
    extension: 'sbom-cdx.xml',
    render: async (doc, ctx) => (await cyclonedxModule()).cyclonedxXml(doc, ctx),
  },
  'sbom-spdx.json': { contentType: 'application/spdx+json', extension: 'spdx.json', render: spdxJson },
  json: { contentType: 'application/json', extension: 'json', render: (doc) => JSON.stringify(doc) },
  vulnerabilities_csv: { contentType: csv, extension: 'vulnerabilities.csv', render: vulnerabilitiesCsv },
  stability_csv: { contentType: csv, extension: 'stability.csv', render: stabilityCsv },
  licenses_csv: { contentType: csv, extension: 'licenses.csv', render: licencesCsv },
} satisfies Record<string, ExportFormatInfo>
export type ExportFormat = keyof typeof exportFormats
export const EXPORT_FORMATS = Object.keys(exportFormats) as ExportFormat[]

export function isExportFormat(text: string): text is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(text)
}

/**
 * The file of one format as bytes (text formats in UTF-8), of the report narrowed to `ctx.scope` (the
 * page's scope switch): every format then counts what the page counts for that scope (issue 14). The
 * PDF formats need `pdf`, @sextant/pdf's renderers.
 */
export async function renderExport(
  format: ExportFormat,
  doc: ReportDocument,
  ctx: ExportContext,
  pdf?: PdfRenderers,
): Promise<Uint8Array> {
  const info: ExportFormatInfo = exportFormats[format]
  const render = info.render ?? (isPdfFormat(format) ? pdf?.[format] : undefined)
  if (!render) throw new Error(`the ${format} download is drawn by @sextant/pdf: pass its pdfRenderers`)
  const out = await render(scopedDocument(doc, ctx.scope ?? 'all'), ctx)
  return typeof out === 'string' ? new TextEncoder().encode(out) : out
}

export function isPdfFormat(format: ExportFormat): format is PdfFormat {
  return exportFormats[format].render === null
}
