// FIRST's daily EPSS CSV (issue 9 "Enrichment"; spec report-page §3 Advice epss, a fraction 0-1):
// '#model_version:…,score_date:…' then 'cve,epss,percentile' and one CVE a line. Lenient: a bad line
// becomes a warning naming its line and the rest is kept; a header-less file is read in that order.
import type { Warning } from '../model'
import { readCsv } from './csv'
import type { EnrichmentParse, EpssScore } from './types'

const CVE = /^CVE-\d{4}-\d{4,}$/i

function fraction(text: string | undefined): number | null {
  if (text === undefined) return null
  const t = text.trim()
  if (!/^[0-9]*\.?[0-9]+(e-?[0-9]+)?$/i.test(t)) return null
  const n = Number(t)
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : null
}

/** The score date of the '#model_version:…,score_date:…' line ('2025-08-25'), or the model version. */
function versionOf(comments: readonly { text: string }[]): string | null {
  for (const c of comments) {
    const pairs = new Map(
      c.text.split(',').map((p) => {
        const colon = p.indexOf(':')
        return [p.slice(0, colon).trim().toLowerCase(), p.slice(colon + 1).trim()] as const
      }),
    )
    const date = pairs.get('score_date')
    if (date) return date.slice(0, 10)
    const model = pairs.get('model_version')
    if (model) return model
  }
  return null
}

export function parseEpssCsv(text: string, file = 'epss.csv'): EnrichmentParse<EpssScore> {
  const { rows, comments } = readCsv(text)
  const warnings: Warning[] = []
  const warn = (line: number, message: string) => warnings.push({ file, line, message })
  let columns = { cve: 0, epss: 1, percentile: 2 as number | -1 }
  const first = rows[0]
  let body = rows
  if (first && !CVE.test(first.fields[0]?.trim() ?? '')) {
    const names = first.fields.map((f) => f.trim().toLowerCase())
    const cve = names.indexOf('cve')
    const epss = names.indexOf('epss')
    if (cve === -1 || epss === -1) {
      warn(first.line, "no 'cve,epss,percentile' header: the file is not an EPSS CSV")
      return { rows: [], warnings, skipped: 0, version: versionOf(comments) }
    }
    columns = { cve, epss, percentile: names.indexOf('percentile') }
    body = rows.slice(1)
  }
  const byCve = new Map<string, EpssScore>()
  let skipped = 0
  for (const row of body) {
    const cve = row.fields[columns.cve]?.trim().toUpperCase() ?? ''
    if (!CVE.test(cve)) {
      warn(row.line, `'${cve.slice(0, 40)}' is not a CVE id: line skipped`)
      skipped++
      continue
    }
    const epss = fraction(row.fields[columns.epss])
    if (epss === null) {
      warn(row.line, `${cve}: EPSS '${row.fields[columns.epss] ?? ''}' is not a fraction 0-1: line skipped`)
      skipped++
      continue
    }
    let percentile: number | null = null
    if (columns.percentile !== -1) {
      percentile = fraction(row.fields[columns.percentile])
      if (percentile === null) {
        warn(
          row.line,
          `${cve}: percentile '${row.fields[columns.percentile] ?? ''}' is not a fraction 0-1: line skipped`,
        )
        skipped++
        continue
      }
    }
    if (byCve.has(cve)) warn(row.line, `${cve} appears again: this later line is kept`)
    byCve.set(cve, { cve, epss, percentile })
  }
  return { rows: [...byCve.values()], warnings, skipped, version: versionOf(comments) }
}
