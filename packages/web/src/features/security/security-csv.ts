// The vulnerabilities CSV export (report-page §9 "CSV exports": ID, CWE, KEV, CVSS, EPSS, SEVERITY,
// DESCRIPTION, COUNT, COMPONENTS), one row per vulnerability of the by-vulnerability grouping.
import { toCsv } from '../../lib/csv'
import { formatEpss, kevLabel, severityLabel, type VulnerabilityGroup } from './security-model'

export const VULNERABILITY_CSV_HEADER = [
  'ID',
  'CWE',
  'KEV',
  'CVSS',
  'EPSS',
  'SEVERITY',
  'DESCRIPTION',
  'COUNT',
  'COMPONENTS',
]

export function vulnerabilitiesCsv(groups: VulnerabilityGroup[]): string {
  return toCsv(
    VULNERABILITY_CSV_HEADER,
    groups.map(({ id, advice, components }) => [
      id,
      advice.cwe ?? '',
      kevLabel(advice) ?? '',
      advice.cvss ?? '',
      advice.epss === null ? '' : formatEpss(advice.epss),
      severityLabel(advice.severity),
      advice.description.split('\n')[0] ?? '',
      components.length,
      components.join(' '),
    ]),
  )
}
