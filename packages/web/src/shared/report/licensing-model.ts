// Pure rules of the licensing assessment (report-page §2 Licensing, §3 License, §6 blurring, §9 page
// size): undeclared licences, sort by name or by risk, paging per language, the legal view grouping,
// and the blur helper for opensource accounts (the CSV comes from the server).
import type { Report } from '@sextant/contract'
import { inScope, languageActive, type ReportFilters } from './report-filters'

export type LicensingResult = Report['licensing']['reports'][number]['results'][number]
export interface LicensingRow {
  key: string
  language: string
  result: LicensingResult
}

export const UNDECLARED_LABEL = 'NOT DECLARED / NOT FOUND'
export const UNDECLARED_WARNING = 'No valid license found!'
export const LICENCE_PAGE_SIZE = 500
export const PAGE_SPINNER_MS = 500
/** §2/§9: a list renders at most 1,000 rows per language at first and the full set 1 s later. */
export const INITIAL_RENDER_LIMIT = 1_000
export const RESTORE_FULL_SET_MS = 1_000

export function isUndeclared(result: LicensingResult): boolean {
  return (
    result.licenses.length === 0 ||
    result.licenses.every((l) => /^(NOT[ _-]?DECLARED|NOASSERTION|UNKNOWN)$/i.test(l.id))
  )
}

export function isExcludedResult(result: LicensingResult): boolean {
  return (result.exclusions?.length ?? 0) > 0
}

export function hasIssue(result: LicensingResult): boolean {
  return result.violations.length > 0 || result.warnings.length > 0 || isUndeclared(result)
}

/** Risk rank: violations without exclusion, then warnings without exclusion, then excluded, then the rest. */
export function riskRank(result: LicensingResult): number {
  if (isExcludedResult(result)) return 2
  if (result.violations.length > 0) return 0
  if (result.warnings.length > 0 || isUndeclared(result)) return 1
  return 3
}

export type LicenceSort = 'name' | 'risk'

/** localeCompare's order, one collator for every comparison of a sort. */
const NAME_ORDER = new Intl.Collator()

export function licensingRows(
  report: Pick<Report, 'licensing'>,
  filters: ReportFilters,
  sort: LicenceSort,
): Map<string, LicensingRow[]> {
  const byLanguage = new Map<string, LicensingRow[]>()
  for (const part of report.licensing.reports) {
    if (!languageActive(filters, part.language)) continue
    const rows: LicensingRow[] = []
    for (const result of part.results) {
      if (!inScope(filters.scope, result.scope)) continue
      if (filters.issuesOnly && !hasIssue(result)) continue
      rows.push({
        key: `${part.language}:${result.library.name}@${result.version}`,
        language: part.language,
        result,
      })
    }
    const byName = (a: LicensingRow, b: LicensingRow) =>
      NAME_ORDER.compare(a.result.library.displayName, b.result.library.displayName)
    rows.sort(sort === 'name' ? byName : (a, b) => riskRank(a.result) - riskRank(b.result) || byName(a, b))
    if (rows.length > 0) byLanguage.set(part.language, [...(byLanguage.get(part.language) ?? []), ...rows])
  }
  return byLanguage
}

/** The legal view: one entry per licence with the components under it, most used first. */
export function groupByLicence(rows: LicensingRow[]): { licence: string; rows: LicensingRow[] }[] {
  const groups = new Map<string, LicensingRow[]>()
  for (const row of rows) {
    const names = isUndeclared(row.result) ? [UNDECLARED_LABEL] : row.result.licenses.map((l) => l.id)
    for (const name of names) groups.set(name, [...(groups.get(name) ?? []), row])
  }
  return [...groups.entries()]
    .map(([licence, list]) => ({ licence, rows: list }))
    .sort((a, b) => b.rows.length - a.rows.length || a.licence.localeCompare(b.licence))
}

export function licencesText(result: LicensingResult): string {
  return isUndeclared(result) ? UNDECLARED_LABEL : result.licenses.map((l) => l.id).join(' / ')
}

/** §6: blurred when the list index exceeds 10 percent of the list. */
export function shouldBlur(index: number, total: number): boolean {
  return index > total * 0.1
}

/** §6 blur helper: scrambles letters and digits (digits plus 2) and removes dots, underscores, colons and hyphens. */
export function blurText(text: string): string {
  return text
    .replaceAll(/[._:-]/g, '')
    .replaceAll(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 7) % 26) + 97))
    .replaceAll(/[A-Z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 65 + 7) % 26) + 65))
    .replaceAll(/[0-9]/g, (d) => String((Number(d) + 2) % 10))
}
