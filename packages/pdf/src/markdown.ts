// Advisory descriptions are markdown (OSV `details`); the PDF renders them instead of printing `**` and
// `###` (issue 14 "Downloads"). Parsed with mdast-util-from-markdown (the CommonMark parser of the
// unified ecosystem, which the web app's react-markdown also uses), drawn with pdfkit's text runs:
// headings and strong text bold, emphasis oblique, code in Courier, lists with bullets, links with
// their address. Raw HTML is dropped, as the page's sanitiser does.
import type { Nodes, Root, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { ensureSpace, type Pdf, palette, pdfText } from './layout'

/** Longest description drawn in full; longer ones end with a pointer to the JSON report. */
export const MARKDOWN_LIMIT = 6_000

function plain(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') return node.value
  if (node.type === 'break') return ' '
  if (node.type === 'html') return ''
  if ('children' in node)
    return node.children.map((c) => plain(c as Nodes)).join(node.type === 'list' ? ' ' : '')
  return ''
}

/** The description as one line of text, markdown syntax removed (table cells, one-line details). */
export function markdownToText(markdown: string): string {
  const root = fromMarkdown(markdown)
  return root.children
    .map((c) => plain(c))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}

interface Run {
  text: string
  font: string
  link?: string
}

function runs(nodes: readonly Nodes[], font = 'Helvetica'): Run[] {
  const out: Run[] = []
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out.push({ text: node.value.replace(/\s+/g, ' '), font })
        break
      case 'strong':
        out.push(
          ...runs(node.children, font.includes('Oblique') ? 'Helvetica-BoldOblique' : 'Helvetica-Bold'),
        )
        break
      case 'emphasis':
        out.push(
          ...runs(node.children, font.includes('Bold') ? 'Helvetica-BoldOblique' : 'Helvetica-Oblique'),
        )
        break
      case 'inlineCode':
        out.push({ text: node.value, font: 'Courier' })
        break
      case 'break':
        out.push({ text: ' ', font })
        break
      case 'link': {
        const label = plain(node)
        out.push({ text: label, font, link: node.url })
        if (label !== node.url && /^https?:/.test(node.url)) out.push({ text: ` (${node.url})`, font })
        break
      }
      case 'html':
        break
      default:
        if ('children' in node) out.push(...runs(node.children as Nodes[], font))
        else if ('value' in node) out.push({ text: String(node.value), font })
    }
  }
  return out
}

function paragraph(pdf: Pdf, list: Run[], x: number, width: number, size: number): void {
  const shown = list.filter((r) => r.text !== '')
  if (shown.length === 0) return
  ensureSpace(pdf, size * 2)
  pdf.fontSize(size).fillColor(palette.ink)
  shown.forEach((run, i) => {
    pdf.font(run.font)
    const options = {
      width,
      continued: i < shown.length - 1,
      ...(run.link ? { link: run.link, underline: false } : {}),
    }
    if (i === 0) pdf.text(pdfText(run.text), x, pdf.y, options)
    else pdf.text(pdfText(run.text), options)
  })
  pdf.moveDown(0.35)
}

function block(pdf: Pdf, node: RootContent, x: number, width: number): void {
  switch (node.type) {
    case 'heading':
      paragraph(pdf, runs(node.children, 'Helvetica-Bold'), x, width, node.depth <= 2 ? 10 : 9)
      return
    case 'paragraph':
      paragraph(pdf, runs(node.children), x, width, 8.5)
      return
    case 'list':
      node.children.forEach((item, i) => {
        const marker = node.ordered ? `${(node.start ?? 1) + i}.` : '-'
        const y = pdf.y
        pdf.font('Helvetica').fontSize(8.5).fillColor(palette.muted).text(marker, x, y, { lineBreak: false })
        pdf.y = y
        for (const child of item.children) block(pdf, child, x + 12, width - 12)
      })
      return
    case 'code':
      ensureSpace(pdf, 24)
      pdf
        .font('Courier')
        .fontSize(7.5)
        .fillColor(palette.ink)
        .text(pdfText(node.value), x + 6, pdf.y, { width: width - 6 })
      pdf.moveDown(0.35)
      return
    case 'blockquote':
      for (const child of node.children) block(pdf, child, x + 10, width - 10)
      return
    case 'thematicBreak':
      pdf.moveDown(0.3)
      return
    case 'html':
      return
    default:
      paragraph(pdf, [{ text: plain(node as Nodes), font: 'Helvetica' }], x, width, 8.5)
  }
}

/** Draws a markdown text at `x` over `width`, flowing over pages. */
export function drawMarkdown(pdf: Pdf, markdown: string, x: number, width: number): void {
  const cut = markdown.length > MARKDOWN_LIMIT
  const root: Root = fromMarkdown(cut ? markdown.slice(0, MARKDOWN_LIMIT) : markdown)
  for (const node of root.children) block(pdf, node, x, width)
  if (cut)
    pdf
      .font('Helvetica-Oblique')
      .fontSize(8)
      .fillColor(palette.muted)
      .text('(The full description is in the JSON report.)', x, pdf.y, { width })
}
