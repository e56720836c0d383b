// `--report-console` (issue 15): the findings as a readable table on stdout, most severe first, with
// the verdict lines. Colour only on a terminal and never with NO_COLOR set (no-color.org).
import { styleText } from 'node:util'
import { type Finding, reportFindings, type Severity } from '@sextant/engine'
import type { ScanReport } from './report-shape'

export function useColour(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  return stream.isTTY === true && env.TERM !== 'dumb'
}

const rank: Record<Severity, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3, SUGGEST: 4, NONE: 5 }
const tint: Record<Severity, Parameters<typeof styleText>[0]> = {
  CRITICAL: ['bold', 'red'],
  HIGH: 'red',
  MEDIUM: 'yellow',
  LOW: 'cyan',
  SUGGEST: 'gray',
  NONE: 'gray',
}

function table(rows: string[][], paint: (cell: string, row: number, col: number) => string): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
  return rows.map((r, i) =>
    r
      .map((cell, c) => paint(c === r.length - 1 ? cell : cell.padEnd(widths[c]!), i, c))
      .join('  ')
      .trimEnd(),
  )
}

export function consoleReport(report: ScanReport, verdictText: string[], colour: boolean): string {
  const style = (format: Parameters<typeof styleText>[0], text: string) =>
    colour ? styleText(format, text) : text
  const findings = reportFindings(report)
  const security = findings
    .filter((f) => f.domain === 'security')
    .sort(
      (a, b) => rank[a.severity ?? 'NONE'] - rank[b.severity ?? 'NONE'] || a.library.localeCompare(b.library),
    )
  const fixedIn = new Map<string, string>()
  for (const a of report.security.assessments)
    for (const r of a.reports)
      for (const adv of r.advices)
        fixedIn.set(`${r.dependency.library.name}|${adv.id}`, adv.fixedInVersions.join(', ') || '-')
  const out: string[] = []
  out.push(style('bold', `Security: ${security.length} finding(s)`))
  if (security.length > 0) {
    const rows = [
      ['SEVERITY', 'LIBRARY', 'VERSION', 'ADVISORY', 'FIXED IN'],
      ...security.map((f: Finding) => [
        f.severity ?? 'NONE',
        f.library,
        f.version,
        f.title,
        fixedIn.get(`${f.library}|${f.id}`) ?? '-',
      ]),
    ]
    out.push(
      ...table(rows, (cell, row, col) =>
        row === 0
          ? style('bold', cell)
          : col === 0
            ? style(tint[security[row - 1]!.severity ?? 'NONE'], cell)
            : cell,
      ),
    )
  }
  const licensing = findings.filter((f) => f.domain === 'licensing')
  out.push('', style('bold', `Licensing: ${licensing.length} policy violation(s)`))
  if (licensing.length > 0)
    out.push(
      ...table(
        [['LIBRARY', 'VERSION', 'VIOLATION'], ...licensing.map((f) => [f.library, f.version, f.title])],
        (cell, row) => (row === 0 ? style('bold', cell) : cell),
      ),
    )
  out.push('')
  for (const line of verdictText) {
    const failed = /FAILED|unsuccessful/.test(line)
    const passed = /PASSED|successful!/.test(line) && !failed
    out.push(failed ? style('red', line) : passed ? style('green', line) : line)
  }
  return `${out.join('\n')}\n`
}
