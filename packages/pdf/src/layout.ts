// Drawing helpers shared by the PDF downloads (product-notes "Downloads": pdf and bible_pdf), on
// pdfkit's built-in Helvetica: page frame with header band and numbered footer, section headings,
// and paginated tables of single-line cells (ellipsis) so that thousands of rows stay fast.
import PDFDocument from 'pdfkit'

export type Pdf = PDFKit.PDFDocument

export const palette = {
  ink: '#1d2433',
  muted: '#6b7385',
  faint: '#9aa1b1',
  rule: '#dfe3ea',
  band: '#1f2a44',
  accent: '#3d6fe0',
  zebra: '#f5f7fb',
  pass: '#23915a',
  fail: '#cf3b3b',
  na: '#8a93a5',
  critical: '#8e1b1b',
  high: '#cf3b3b',
  medium: '#e39a1c',
  low: '#3b82c4',
  info: '#8a93a5',
}

export const page = { width: 595.28, height: 841.89, margin: 48 }
export const contentWidth = page.width - 2 * page.margin
const footerY = page.height - 34

/** The standard fonts speak WinAnsi only: other characters would print as garbage, so they become '?'. */
export function pdfText(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\t\n\x20-\x7e\xa0-\xff]/g, '?')
}

/** The longest prefix of `text` (plus '...') that fits `width` in the current font. */
export function fit(doc: Pdf, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (doc.widthOfString(`${text.slice(0, mid)}...`) <= width) lo = mid
    else hi = mid - 1
  }
  return `${text.slice(0, lo).trimEnd()}...`
}

/** One line of text cut to `width` (no wrapping: pdfkit's line wrapper is slow and may wrap anyway). */
export function cell(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' | 'center' = 'left',
): void {
  const line = fit(doc, pdfText(text), width)
  const w = align === 'left' ? 0 : doc.widthOfString(line)
  const left = align === 'right' ? x + width - w : align === 'center' ? x + (width - w) / 2 : x
  doc.text(line, left, y, { lineBreak: false })
}

export interface FrameInfo {
  title: string
  subtitle: string
  generatedAt: Date
}

export function newPdf(info: FrameInfo): Pdf {
  return new PDFDocument({
    size: 'A4',
    margins: { top: 78, bottom: 56, left: page.margin, right: page.margin },
    bufferPages: true,
    compress: true,
    info: {
      Title: pdfText(info.title),
      Subject: pdfText(info.subtitle),
      Creator: 'Sextant',
      Producer: 'Sextant (pdfkit)',
      CreationDate: info.generatedAt,
    },
  })
}

/** Header band and footer on every page, drawn once all pages exist (so "page X of Y" is known). */
export function drawFrames(doc: Pdf, info: FrameInfo): void {
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const { top, bottom } = doc.page.margins
    doc.page.margins.top = 0
    doc.page.margins.bottom = 0
    doc.save().rect(0, 0, page.width, 46).fill(palette.band).restore()
    doc.save().rect(0, 46, page.width, 3).fill(palette.accent).restore()
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor('#ffffff')
      .text('SEXTANT', page.margin, 17, { lineBreak: false })
    doc.font('Helvetica').fontSize(9).fillColor('#c9d3ea')
    cell(doc, info.title, page.margin + 90, 19.5, contentWidth - 90, 'right')
    doc
      .save()
      .moveTo(page.margin, footerY - 8)
      .lineTo(page.width - page.margin, footerY - 8)
      .lineWidth(0.5)
      .strokeColor(palette.rule)
      .stroke()
      .restore()
    doc.font('Helvetica').fontSize(8).fillColor(palette.muted)
    cell(doc, info.subtitle, page.margin, footerY, contentWidth - 80)
    cell(
      doc,
      `Page ${i - range.start + 1} of ${range.count}`,
      page.width - page.margin - 80,
      footerY,
      80,
      'right',
    )
    doc.page.margins.top = top
    doc.page.margins.bottom = bottom
  }
}

/** The first page's heading of every PDF: the project's name and what the document is. */
export function coverHeading(doc: Pdf, projectName: string, what: string): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor(palette.ink)
    .text(pdfText(projectName), page.margin, 84, { width: contentWidth })
  doc.font('Helvetica').fontSize(11).fillColor(palette.muted).text(what)
}

/** A report's date as every PDF prints it: `2026-11-26 01:02 UTC`. */
export function reportDate(createdAt: string): string {
  return `${createdAt.slice(0, 10)} ${createdAt.slice(11, 16)} UTC`
}

export const bottomLimit = () => page.height - 64

/** Starts a new page when less than `needed` points are left. */
export function ensureSpace(doc: Pdf, needed: number): void {
  if (doc.y + needed > bottomLimit()) doc.addPage()
}

export function sectionTitle(doc: Pdf, title: string, note?: string): void {
  // A heading never ends a page alone: it keeps room for its note and the first table rows.
  ensureSpace(doc, 140)
  doc.moveDown(0.8)
  const y = doc.y
  doc
    .save()
    .rect(page.margin, y + 2, 4, 16)
    .fill(palette.accent)
    .restore()
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(palette.ink)
    .text(pdfText(title), page.margin + 12, y, { lineBreak: false })
  doc.y = y + 22
  if (note) {
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(palette.muted)
      .text(pdfText(note), page.margin, doc.y, { width: contentWidth })
  }
  doc.x = page.margin
  doc.moveDown(0.5)
}

export interface Column<Row> {
  header: string
  width: number
  align?: 'left' | 'right' | 'center'
  text: (row: Row) => string
  /** Draws the cell itself (a coloured pill); `text` is then only the fallback for measuring. */
  draw?: (doc: Pdf, row: Row, x: number, y: number, width: number) => void
  bold?: boolean
}

export interface TableOptions<Row> {
  /** A second, smaller grey line under the row (a description), spanning the row. */
  detail?: (row: Row) => string | null
  empty?: string
}

const rowHeight = 18
const detailHeight = 11

function tableHeader<Row>(doc: Pdf, columns: Column<Row>[]): void {
  const y = doc.y
  doc.save().rect(page.margin, y, contentWidth, 18).fill('#e8ecf4').restore()
  let x = page.margin
  doc.font('Helvetica-Bold').fontSize(8).fillColor(palette.muted)
  for (const c of columns) {
    cell(doc, c.header.toUpperCase(), x + 5, y + 5.5, c.width - 10, c.align)
    x += c.width
  }
  doc.y = y + 18
}

export function table<Row>(
  doc: Pdf,
  columns: Column<Row>[],
  rows: readonly Row[],
  options: TableOptions<Row> = {},
): void {
  if (rows.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(9.5)
      .fillColor(palette.muted)
      .text(pdfText(options.empty ?? 'Nothing to list.'), page.margin, doc.y)
    doc.moveDown(0.5)
    return
  }
  ensureSpace(doc, 18 + rowHeight * 2)
  tableHeader(doc, columns)
  rows.forEach((row, index) => {
    const detail = options.detail?.(row) ?? null
    const height = rowHeight + (detail ? detailHeight : 0)
    if (doc.y + height > bottomLimit()) {
      doc.addPage()
      tableHeader(doc, columns)
    }
    const y = doc.y
    if (index % 2 === 1) doc.save().rect(page.margin, y, contentWidth, height).fill(palette.zebra).restore()
    let x = page.margin
    for (const c of columns) {
      if (c.draw) c.draw(doc, row, x + 5, y + 3.5, c.width - 10)
      else {
        doc
          .font(c.bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8.5)
          .fillColor(palette.ink)
        cell(doc, c.text(row), x + 5, y + 5.5, c.width - 10, c.align)
      }
      x += c.width
    }
    if (detail) {
      // Under the second column onwards: the first often holds a pill that the line must not touch.
      const indent = columns.length > 1 && columns[0]!.draw ? columns[0]!.width : 0
      doc.font('Helvetica').fontSize(7.5).fillColor(palette.muted)
      cell(doc, detail, page.margin + indent + 5, y + rowHeight + 0.5, contentWidth - indent - 10)
    }
    doc
      .save()
      .moveTo(page.margin, y + height)
      .lineTo(page.margin + contentWidth, y + height)
      .lineWidth(0.4)
      .strokeColor(palette.rule)
      .stroke()
      .restore()
    doc.y = y + height
  })
  doc.x = page.margin
  doc.moveDown(0.6)
}

/** A rounded, filled label (severity, PASS/FAIL). */
export function pill(doc: Pdf, text: string, color: string, x: number, y: number, width?: number): void {
  doc.font('Helvetica-Bold').fontSize(7)
  const w = width ?? doc.widthOfString(text) + 10
  doc.save().roundedRect(x, y, w, 11, 3).fill(color).restore()
  doc.fillColor('#ffffff').text(text, x, y + 2.4, { width: w, align: 'center', lineBreak: false })
}

/** Resolves with the finished file's bytes. */
export function pdfBytes(doc: Pdf): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
    doc.end()
  })
}
