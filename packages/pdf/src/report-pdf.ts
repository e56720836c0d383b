// The assessment report PDF (spec report-page §9 download type `pdf`; product-notes "Downloads"):
// project, branch and date, the three scores with a one-line verdict each, then per-domain tables
// (vulnerabilities, outdated components, licences and licence issues), the vulnerability descriptions
// (markdown rendered) and the analysis notes. Every count is the report page's (report/totals.ts).
import {
  type Advice,
  assessmentLine,
  type ExportContext,
  epssPercent,
  type ReportDocument,
  type ReportTotals,
  reportTotals,
  type ScoreVerdict,
  type Severity,
  type StabilityVersion,
  scoreLabel,
  severityRank,
  verdicts,
} from '@sextant/engine'
import {
  type Column,
  cell,
  contentWidth,
  coverHeading,
  drawFrames,
  ensureSpace,
  newPdf,
  type Pdf,
  page,
  palette,
  pdfBytes,
  pdfText,
  pill,
  reportDate,
  sectionTitle,
  table,
} from './layout'
import { drawMarkdown, markdownToText } from './markdown'

const severityColour: Record<Severity, string> = {
  CRITICAL: palette.critical,
  HIGH: palette.high,
  MEDIUM: palette.medium,
  LOW: palette.low,
  SUGGEST: palette.info,
  NONE: palette.info,
}

/** "286 (12 direct, 274 transitive)"; components of an SBOM without a graph are neither: "2 unknown". */
export function componentsFact(s: ReportDocument['summary']): string {
  const unknown = s.unknownRelationships > 0 ? `, ${s.unknownRelationships} unknown` : ''
  return `${s.components} (${s.direct} direct, ${s.transitive} transitive${unknown})`
}

export const formatScore = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))

/** " Partly assessed (...): ..." after a section's summary line; empty for a domain assessed whole. */
const suffix = (section: Parameters<typeof assessmentLine>[0]) => {
  const line = assessmentLine(section)
  return line ? ` ${line}` : ''
}

function cover(pdf: Pdf, doc: ReportDocument, ctx: ExportContext): void {
  coverHeading(pdf, ctx.projectName, 'Open-source assessment report: security, stability and licensing')
  pdf.moveDown(1)
  const facts: [string, string][] = [
    ['Branch', doc.project.branch],
    ['Report date', reportDate(doc.createdAt)],
    ['Components', componentsFact(doc.summary)],
    ['Languages', doc.summary.languages.join(', ') || '-'],
    ['Report id', doc.uuid],
    ['Status', doc.status],
    ['Dependencies listed', ctx.scope === 'prod' ? 'Production only' : 'All dependencies'],
  ]
  const top = pdf.y
  const colWidth = contentWidth / 2
  facts.forEach(([label, value], i) => {
    const x = page.margin + (i % 2) * colWidth
    const y = top + Math.floor(i / 2) * 30
    pdf
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(palette.faint)
      .text(label.toUpperCase(), x, y, { characterSpacing: 0.4, lineBreak: false })
    pdf.font('Helvetica').fontSize(10.5).fillColor(palette.ink)
    cell(pdf, value, x, y + 10, colWidth - 12)
  })
  pdf.y = top + Math.ceil(facts.length / 2) * 30 + 4
  const outcomeColour =
    doc.outcome === 'PASS' ? palette.pass : doc.outcome === 'FAIL' ? palette.fail : palette.na
  pdf
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(palette.muted)
    .text('Overall outcome against the project minimum scores:', page.margin, pdf.y + 2, { lineBreak: false })
  pill(pdf, doc.outcome, outcomeColour, page.margin + 238, pdf.y - 0.5, 64)
  pdf.y += 22
}

function scoreCard(pdf: Pdf, v: ScoreVerdict, x: number, y: number, width: number): void {
  const colour = v.passed === null ? palette.na : v.passed ? palette.pass : palette.fail
  pdf.save().roundedRect(x, y, width, 124, 6).lineWidth(0.8).strokeColor(palette.rule).stroke().restore()
  pdf.save().roundedRect(x, y, width, 5, 2).fill(colour).restore()
  pdf
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(palette.muted)
    .text(v.domain.toUpperCase(), x + 14, y + 16, { characterSpacing: 0.8, lineBreak: false })
  const score = v.score === null ? 'n/a' : formatScore(v.score)
  pdf
    .font('Helvetica-Bold')
    .fontSize(30)
    .fillColor(colour)
    .text(score, x + 14, y + 30, { lineBreak: false })
  const scoreWidth = pdf.widthOfString(score)
  if (v.score !== null)
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor(palette.faint)
      .text('/ 100', x + 18 + scoreWidth, y + 48, { lineBreak: false })
  const status = v.passed === null ? 'NOT ASSESSED' : v.passed ? 'PASS' : 'FAIL'
  pill(
    pdf,
    status,
    colour,
    x + width - 14 - (v.passed === null ? 70 : 38),
    y + 14,
    v.passed === null ? 70 : 38,
  )
  pdf
    .font('Helvetica')
    .fontSize(8)
    .fillColor(palette.muted)
    .text(`Minimum ${v.threshold}`, x + 14, y + 66, { lineBreak: false })
  pdf
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(palette.ink)
    .text(pdfText(v.line), x + 14, y + 82, { width: width - 28, height: 36, ellipsis: true })
}

function scoreCards(pdf: Pdf, doc: ReportDocument, totals: ReportTotals): void {
  const gap = 12
  const width = (contentWidth - 2 * gap) / 3
  const y = pdf.y + 4
  verdicts(doc, totals).forEach((v, i) => {
    scoreCard(pdf, v, page.margin + i * (width + gap), y, width)
  })
  pdf.y = y + 124 + 8
  pdf.x = page.margin
}

interface VulnerabilityRow {
  advice: Advice
  component: string
}

const isExcluded = (advice: Advice) => (advice.exclusions?.length ?? 0) > 0

function vulnerabilityRows(doc: ReportDocument): VulnerabilityRow[] {
  return doc.security.assessments
    .flatMap((a) =>
      a.reports.flatMap((r) =>
        r.advices.map((advice) => ({
          advice,
          component: `${r.dependency.library.name} ${r.dependency.version}`,
        })),
      ),
    )
    .sort(
      (x, y) =>
        Number(isExcluded(x.advice)) - Number(isExcluded(y.advice)) ||
        severityRank(y.advice.severity) - severityRank(x.advice.severity) ||
        (y.advice.cvss ?? 0) - (x.advice.cvss ?? 0),
    )
}

/** "155 vulnerabilities (22 critical, …) in 40 of 1,091 components; 3 excluded": the page's figures. */
function securityCounts(t: ReportTotals['security']): string {
  const severities = (['critical', 'high', 'medium', 'low'] as const).map((k) => `${t[k]} ${k}`).join(', ')
  const others = t.suggest + t.none > 0 ? `, ${t.suggest + t.none} suggestion(s) or info` : ''
  const excluded = t.excluded > 0 ? `; ${t.excluded} excluded (listed last)` : ''
  return `${t.vulnerabilities} vulnerabilities (${severities})${others} in ${t.vulnerableComponents} of ${t.components} components${excluded}.`
}

function securitySection(pdf: Pdf, doc: ReportDocument, totals: ReportTotals): void {
  const rows = vulnerabilityRows(doc)
  sectionTitle(
    pdf,
    'Security',
    doc.security.assessed
      ? `${securityCounts(totals.security)} Most severe first. Score ${scoreLabel(doc.security)} (minimum ${doc.thresholds.security}).${suffix(doc.security)}`
      : (assessmentLine(doc.security) ?? 'Not assessed.'),
  )
  const columns: Column<VulnerabilityRow>[] = [
    {
      header: 'Severity',
      width: 62,
      text: (r) => r.advice.severity,
      draw: (d, r, x, y) =>
        isExcluded(r.advice)
          ? pill(d, 'EXCLUDED', palette.na, x, y + 1.5, 52)
          : pill(d, r.advice.severity, severityColour[r.advice.severity], x, y + 1.5, 52),
    },
    { header: 'Vulnerability', width: 112, text: (r) => r.advice.cve ?? r.advice.id, bold: true },
    { header: 'Component', width: 150, text: (r) => r.component },
    {
      header: 'CVSS',
      width: 40,
      align: 'right',
      text: (r) => (r.advice.cvss === null ? '-' : r.advice.cvss.toFixed(1)),
    },
    { header: 'EPSS', width: 46, align: 'right', text: (r) => epssPercent(r.advice.epss) || '-' },
    {
      header: 'Fixed in',
      width: contentWidth - 410,
      text: (r) => r.advice.fixedInVersions.join(', ') || 'no fix yet',
    },
  ]
  if (doc.security.assessed)
    table(pdf, columns, rows, {
      detail: (r) =>
        `${isExcluded(r.advice) ? `[excluded, ${r.advice.severity.toLowerCase()}] ` : ''}${r.advice.kevEntry ? `[KEV: ${r.advice.kevEntry.exploited ? 'exploited' : 'listed'}] ` : ''}${markdownToText(r.advice.description)}`,
      empty: 'No known vulnerabilities.',
    })
}

function lag(v: StabilityVersion): number {
  return v.newMajorVersionAvailable ? 0 : v.newMinorVersionAvailable ? 1 : v.newPatchVersionAvailable ? 2 : 3
}

function stabilitySection(pdf: Pdf, doc: ReportDocument, totals: ReportTotals): void {
  const t = totals.stability
  const rows = doc.stability.reports
    .flatMap((r) => r.versions.map((v) => ({ v, language: r.language })))
    .filter(({ v }) => lag(v) < 3)
    .sort((x, y) => lag(x.v) - lag(y.v) || x.v.name.localeCompare(y.v.name))
  sectionTitle(
    pdf,
    'Stability',
    doc.stability.assessed
      ? `${t.outdated} of ${t.components} components outdated (${t.major} major, ${t.minor} minor, ${t.patch} patch${t.excluded ? `; ${t.excluded} excluded` : ''}); the columns show the latest patch, minor and major release. Score ${scoreLabel(doc.stability)} (minimum ${doc.thresholds.stability}).${suffix(doc.stability)}`
      : (assessmentLine(doc.stability) ?? 'Not assessed.'),
  )
  const newer = (mine: string, latest: string | null) => (latest && latest !== mine ? latest : '-')
  if (doc.stability.assessed)
    table(
      pdf,
      [
        { header: 'Component', width: 165, text: (r) => r.v.name, bold: true },
        { header: 'Language', width: 58, text: (r) => r.language },
        { header: 'Scope', width: 42, text: (r) => r.v.scope },
        { header: 'Version', width: 61, text: (r) => r.v.version },
        { header: 'Patch', width: 58, text: (r) => newer(r.v.version, r.v.latestPatch) },
        { header: 'Minor', width: 58, text: (r) => newer(r.v.version, r.v.latestMinor) },
        { header: 'Major', width: contentWidth - 442, text: (r) => newer(r.v.version, r.v.latestMajor) },
      ],
      rows,
      { empty: 'Every component is on its latest version.' },
    )
}

function licensingSection(pdf: Pdf, doc: ReportDocument, totals: ReportTotals): void {
  const t = totals.licensing
  const results = doc.licensing.reports.flatMap((r) => r.results)
  const issues = results.filter((r) => r.violations.length || r.warnings.length)
  sectionTitle(
    pdf,
    'Licensing',
    doc.licensing.assessed
      ? `${t.components} components: ${t.forbidden} forbidden, ${t.undeclared} not declared${t.excluded ? `, ${t.excluded} excluded` : ''}; ${issues.length} with licence warnings or violations. Score ${scoreLabel(doc.licensing)} (minimum ${doc.thresholds.licensing}).${suffix(doc.licensing)}`
      : (assessmentLine(doc.licensing) ?? 'Not assessed.'),
  )
  if (!doc.licensing.assessed) return
  const counts = new Map<string, { name: string; count: number }>()
  for (const r of results)
    for (const l of r.licenses) counts.set(l.id, { name: l.name, count: (counts.get(l.id)?.count ?? 0) + 1 })
  const byCount = [...counts].sort(([, a], [, b]) => b.count - a.count)
  table(
    pdf,
    [
      { header: 'Licence', width: 150, text: ([id]) => id, bold: true },
      { header: 'Name', width: contentWidth - 230, text: ([, l]) => l.name },
      { header: 'Components', width: 80, align: 'right', text: ([, l]) => String(l.count) },
    ],
    byCount,
  )
  pdf.moveDown(0.4)
  ensureSpace(pdf, 80)
  pdf.font('Helvetica-Bold').fontSize(11).fillColor(palette.ink).text('Licence issues', page.margin, pdf.y)
  pdf.moveDown(0.4)
  table(
    pdf,
    [
      { header: 'Component', width: 165, text: (r) => r.library.name, bold: true },
      { header: 'Version', width: 62, text: (r) => r.version },
      { header: 'Licences', width: 110, text: (r) => r.licenses.map((l) => l.id).join(', ') },
      {
        header: 'Issue',
        width: contentWidth - 337,
        text: (r) =>
          [...r.violations.map((v) => `Violates policy ${v.policyName} (${v.licence})`), ...r.warnings].join(
            '; ',
          ),
      },
    ],
    issues,
    { empty: 'No licence violations or warnings.' },
  )
}

/** Each vulnerability once, with its description rendered from markdown. */
function descriptionsSection(pdf: Pdf, doc: ReportDocument): void {
  if (!doc.security.assessed) return
  const seen = new Map<string, VulnerabilityRow & { components: string[] }>()
  for (const row of vulnerabilityRows(doc)) {
    const key = row.advice.cve ?? row.advice.id
    const entry = seen.get(key)
    if (entry) {
      if (!entry.components.includes(row.component)) entry.components.push(row.component)
    } else seen.set(key, { ...row, components: [row.component] })
  }
  if (seen.size === 0) return
  sectionTitle(
    pdf,
    'Vulnerability details',
    `${seen.size} distinct vulnerabilities, as their advisories describe them.`,
  )
  for (const [id, entry] of seen) {
    ensureSpace(pdf, 60)
    const y = pdf.y
    pill(pdf, entry.advice.severity, severityColour[entry.advice.severity], page.margin, y + 1, 52)
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(palette.ink)
      .text(pdfText(`${id}${entry.advice.cwe ? ` · ${entry.advice.cwe}` : ''}`), page.margin + 60, y, {
        width: contentWidth - 60,
      })
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor(palette.muted)
      .text(pdfText(`In ${entry.components.join(', ')}`), page.margin + 60, pdf.y, {
        width: contentWidth - 60,
      })
    pdf.moveDown(0.3)
    drawMarkdown(pdf, entry.advice.description, page.margin + 60, contentWidth - 60)
    pdf.moveDown(0.6)
  }
  pdf.x = page.margin
}

function notesSection(pdf: Pdf, doc: ReportDocument): void {
  if (doc.notes.length === 0) return
  sectionTitle(pdf, 'Analysis notes', 'Problems met while reading the project files and the registries.')
  const shown = doc.notes.slice(0, 200)
  table(
    pdf,
    [
      { header: 'Domain', width: 70, text: (n) => n.domain },
      {
        header: 'Note',
        width: contentWidth - 70,
        text: (n) => `${n.file ? `${n.file}${n.line ? `:${n.line}` : ''}: ` : ''}${n.message}`,
      },
    ],
    shown,
  )
  if (doc.notes.length > shown.length)
    pdf
      .font('Helvetica-Oblique')
      .fontSize(9)
      .fillColor(palette.muted)
      .text(`${doc.notes.length - shown.length} more notes are in the JSON report.`)
}

export async function reportPdf(doc: ReportDocument, ctx: ExportContext): Promise<Uint8Array> {
  const frame = {
    title: `${ctx.projectName} - assessment report`,
    subtitle: `${ctx.projectName} · branch ${doc.project.branch} · ${reportDate(doc.createdAt)}`,
    generatedAt: ctx.generatedAt,
  }
  const pdf = newPdf(frame)
  cover(pdf, doc, ctx)
  // the report as given: a download of the production scope arrives already narrowed (scopedDocument)
  const totals = reportTotals(doc, 'all')
  scoreCards(pdf, doc, totals)
  securitySection(pdf, doc, totals)
  stabilitySection(pdf, doc, totals)
  licensingSection(pdf, doc, totals)
  descriptionsSection(pdf, doc)
  notesSection(pdf, doc)
  drawFrames(pdf, frame)
  return pdfBytes(pdf)
}
