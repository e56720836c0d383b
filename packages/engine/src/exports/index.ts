// Public API of engine/exports (DESIGN §4 exports; spec report-page §9 download types, CSV exports):
// the registry of download formats, each a pure function from a report document to file bytes.
import type { ReportDocument } from '../report/document'
import { scopedDocument } from '../report/totals'
import type { ExportContext } from './components'
import { licencesCsv, sbomCsv, stabilityCsv, vulnerabilitiesCsv } from './csv/exports'
import { spdxJson } from './spdx/spdx'

export type { ExportContext } from './components'
export { csvCell, csvText, isFormulaLike } from './csv/csv'
export type { ReportView } from './csv/view'
export { verdicts } from './pdf/verdicts'

export interface ExportFormatInfo {
  contentType: string
  /** File name suffix after the project name: `shop-front.sbom-cdx.json`. */
  extension: string
  render(doc: ReportDocument, ctx: ExportContext): string | Promise<string | Uint8Array>
}

const csv = 'text/csv; charset=utf-8'

// The PDF writers pull in pdfkit and its fonts: loaded on the first PDF or licence-bible download
// instead of at start-up (the server's resident memory after the spine bench fell from 319 to 271 MB),
// to keep the server within its memory budget (DESIGN §8). The CycloneDX writers likewise load
// @cyclonedx/cyclonedx-library (about 215 ms) on the first SBOM download, not at start (issue 18 acc. 6).
const pdfModule = () => import('./pdf/report-pdf')
const bibleModule = () => import('./bible/bible')
const cyclonedxModule = () => import('./cyclonedx/serialize')

// The one list of formats is this registry's keys; the wire enum (contract exportFormatSchema) is checked
// against it in the server's exports test.
export const exportFormats = {
  pdf: {
    contentType: 'application/pdf',
    extension: 'pdf',
    render: async (doc, ctx) => (await pdfModule()).reportPdf(doc, ctx),
  },
  bible_pdf: {
    contentType: 'application/pdf',
    extension: 'licence-bible.pdf',
    render: async (doc, ctx) => (await bibleModule()).biblePdf(doc, ctx),
  },
  bible_json: {
    contentType: 'application/json',
    extension: 'licence-bible.json',
    render: async (doc, ctx) => (await bibleModule()).bibleJson(doc, ctx),
  },
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
 * page's scope switch): every format then counts what the page counts for that scope (issue 14).
 */
export async function renderExport(
  format: ExportFormat,
  doc: ReportDocument,
  ctx: ExportContext,
): Promise<Uint8Array> {
  const out = await exportFormats[format].render(scopedDocument(doc, ctx.scope ?? 'all'), ctx)
  return typeof out === 'string' ? new TextEncoder().encode(out) : out
}
