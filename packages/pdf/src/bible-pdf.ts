// The licence bible as PDF (spec report-page §9 download type bible_pdf; product-notes "Downloads"): the
// engine's licenceBible drawn with pdfkit, licences in use first, then every component with its licences
// and copyright text, by language.
import {
  type BibleComponent,
  type ExportContext,
  type LicenceRef,
  licenceBible,
  type ReportDocument,
} from '@sextant/engine'
import {
  type Column,
  contentWidth,
  coverHeading,
  drawFrames,
  newPdf,
  palette,
  pdfBytes,
  pdfText,
  reportDate,
  sectionTitle,
  table,
} from './layout'

export async function biblePdf(doc: ReportDocument, ctx: ExportContext): Promise<Uint8Array> {
  const bible = licenceBible(doc, ctx)
  const date = reportDate(doc.createdAt)
  const frame = {
    title: `${ctx.projectName} - licence bible`,
    subtitle: `${ctx.projectName} · branch ${doc.project.branch} · ${date}`,
    generatedAt: ctx.generatedAt,
  }
  const pdf = newPdf(frame)
  coverHeading(
    pdf,
    ctx.projectName,
    'Licence bible: every open-source component with its licences and copyright notice',
  )
  pdf.moveDown(0.6)
  const total = bible.languages.reduce((n, l) => n + l.components.length, 0)
  pdf
    .font('Helvetica')
    .fontSize(10)
    .fillColor(palette.ink)
    .text(`Branch ${pdfText(doc.project.branch)} · report of ${date} · ${total} components`)
  // Licence texts are named by SPDX id and link; the full texts are at spdx.org/licenses.
  const licences = new Map<string, LicenceRef & { count: number }>()
  for (const l of bible.languages)
    for (const c of l.components)
      for (const ref of c.licenses)
        licences.set(ref.id, { ...ref, count: (licences.get(ref.id)?.count ?? 0) + 1 })
  sectionTitle(pdf, 'Licences in use', 'Each licence once, with the number of components under it.')
  table(
    pdf,
    [
      { header: 'Licence', width: 170, text: (l) => l.id, bold: true },
      { header: 'Name', width: contentWidth - 245, text: (l) => l.name },
      { header: 'Components', width: 75, align: 'right', text: (l) => String(l.count) },
    ],
    [...licences.values()].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id)),
    { detail: (l) => (l.uri ? `Licence text: ${l.uri}` : null) },
  )
  const columns: Column<BibleComponent>[] = [
    { header: 'Component', width: 170, text: (c) => c.name, bold: true },
    { header: 'Version', width: 70, text: (c) => c.version },
    { header: 'Licences', width: 140, text: (c) => c.licenses.map((l) => l.id).join(', ') },
    { header: 'Copyright', width: contentWidth - 380, text: (c) => c.copyright || '-' },
  ]
  for (const l of bible.languages) {
    sectionTitle(pdf, `Components: ${l.language}`, `${l.components.length} components, by name.`)
    table(pdf, columns, l.components, {
      // the copyright column is narrow: the detail line carries the whole text
      detail: (c) =>
        [
          c.licenses
            .map((x) => x.name)
            .filter((n) => n && n !== 'NOT DECLARED / NOT FOUND')
            .join('; '),
          c.copyright,
        ]
          .filter(Boolean)
          .join(' · ') || null,
    })
  }
  drawFrames(pdf, frame)
  return pdfBytes(pdf)
}
