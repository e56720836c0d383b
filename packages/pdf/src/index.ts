// @sextant/pdf: the PDF downloads (spec report-page §9 download types pdf and bible_pdf; product-notes
// "Downloads"), drawn with pdfkit from the engine's report document. Apart from the pure engine (issue 18
// item 5); the server and the command hand `pdfRenderers` to the engine's renderExport. pdfkit and its
// fonts load on the first PDF, not when this package is imported: the server's start time (issue 18
// acceptance 6) and resident memory (DESIGN §8) stay without them.
import type { PdfRenderers } from '@sextant/engine'

export const pdfRenderers: PdfRenderers = {
  pdf: async (doc, ctx) => (await import('./report-pdf')).reportPdf(doc, ctx),
  bible_pdf: async (doc, ctx) => (await import('./bible-pdf')).biblePdf(doc, ctx),
}
