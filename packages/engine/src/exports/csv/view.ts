// What the report page shows (report-page §2 Executive summary filters, §4 "Language filter", §5
// security Filters), so a CSV download lists the rows on the page and nothing else (issue 13 item 18:
// the web asks the server for its CSVs instead of writing them). Scope is applied before (renderExport's
// scopedDocument); a view without a field keeps every row for it.
import type { Advice, LicensingResult, Severity, StabilityVersion } from '../../report/document'

export interface ReportView {
  /** Active languages (the page keeps at least one on); absent: every language. */
  languages?: readonly string[]
  /** 'Show issues only': vulnerable, outdated, or with a licence violation, warning or no licence. */
  issuesOnly?: boolean
  /** The security Filters: severities shown, EPSS range in percent, CVSS range. */
  severities?: readonly Severity[]
  epss?: readonly [number, number]
  cvss?: readonly [number, number]
}

export const EPSS_BOUNDS = [0, 100] as const
export const CVSS_BOUNDS = [0, 10] as const

function inRange(
  value: number | null,
  range: readonly [number, number] | undefined,
  bounds: readonly [number, number],
) {
  if (!range || (range[0] <= bounds[0] && range[1] >= bounds[1])) return true
  // a value the advisory does not have passes only the full range, as on the page
  return value !== null && value >= range[0] && value <= range[1]
}

export function languageShown(view: ReportView | undefined, language: string): boolean {
  return !view?.languages || view.languages.includes(language)
}

export function adviceShown(view: ReportView | undefined, advice: Advice): boolean {
  if (view?.severities && !view.severities.includes(advice.severity)) return false
  return (
    inRange(advice.epss === null ? null : advice.epss * 100, view?.epss, EPSS_BOUNDS) &&
    inRange(advice.cvss, view?.cvss, CVSS_BOUNDS)
  )
}

export function isOutdated(v: StabilityVersion): boolean {
  return v.newPatchVersionAvailable || v.newMinorVersionAvailable || v.newMajorVersionAvailable
}

export function hasLicenceIssue(r: LicensingResult): boolean {
  return r.violations.length > 0 || r.warnings.length > 0 || r.undeclared === true || r.licenses.length === 0
}
