// Pure rules of the stability assessment (report-page §2 Stability): visible rows
// under the summary filters and the collapsed summary rows (the CSV comes from the server).
import type { Report } from '@sextant/contract'
import { inScope, languageActive, type ReportFilters } from '../../shared/report/report-filters'

export type StabilityVersion = Report['stability']['reports'][number]['versions'][number]
export interface StabilityRow {
  key: string
  language: string
  version: StabilityVersion
}

export function isOutdated(v: StabilityVersion): boolean {
  return v.newPatchVersionAvailable || v.newMinorVersionAvailable || v.newMajorVersionAvailable
}

export function stabilityRows(report: Pick<Report, 'stability'>, filters: ReportFilters): StabilityRow[] {
  const rows: StabilityRow[] = []
  for (const part of report.stability.reports) {
    if (!languageActive(filters, part.language)) continue
    for (const version of part.versions) {
      if (!inScope(filters.scope, version.scope)) continue
      if (filters.issuesOnly && !isOutdated(version)) continue
      rows.push({
        key: `${part.language}:${version.name}@${version.version}`,
        language: part.language,
        version,
      })
    }
  }
  return rows
}
