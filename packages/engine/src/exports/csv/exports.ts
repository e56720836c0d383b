// The CSV downloads (spec report-page §9 "CSV exports"; product-notes "Downloads" sbom_csv):
// vulnerabilities (ID, CWE, KEV, CVSS, EPSS, SEVERITY, DESCRIPTION, COUNT, COMPONENTS), stability
// (COMPONENT, LANGUAGE, SCOPE, VERSION, LATEST MAJOR, LATEST MINOR, LATEST PATCH), licences (ours) and sbom_csv.
import type { Advice, ReportDocument } from '../../report/document'
import { severityRank } from '../../report/report-delta'
import { type ExportContext, exportView, licenceText, relationshipText } from '../components'
import { csvText } from './csv'
import { adviceShown, hasLicenceIssue, isOutdated, languageShown } from './view'

export const VULNERABILITY_COLUMNS = [
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
export const STABILITY_COLUMNS = [
  'COMPONENT',
  'LANGUAGE',
  'SCOPE',
  'VERSION',
  'LATEST MAJOR',
  'LATEST MINOR',
  'LATEST PATCH',
]
export const LICENCE_COLUMNS = [
  'COMPONENT',
  'VERSION',
  'LANGUAGE',
  'SCOPE',
  'DEPENDENCY',
  'LICENSES',
  'WARNINGS',
  'VIOLATIONS',
  'EXCLUDED',
]
export const SBOM_COLUMNS = [
  'LANGUAGE',
  'NAME',
  'VERSION',
  'LICENSES',
  'SCOPE',
  'DEPENDENCY',
  'VULNERABILITIES',
  'PURL',
]

/** EPSS as the page shows it: a percentage truncated to two decimals. */
export function epssPercent(epss: number | null): string {
  return epss === null ? '' : `${(Math.trunc(epss * 10_000) / 100).toFixed(2)}%`
}

/**
 * One row per vulnerability (advices grouped by CVE, as the page's by-vulnerability view); with
 * `ctx.view`, only the languages and advices the page shows (its CSV button).
 */
export function vulnerabilitiesCsv(doc: ReportDocument, ctx?: Pick<ExportContext, 'view'>): string {
  const view = ctx?.view
  const groups = new Map<string, { advice: Advice; components: Set<string> }>()
  for (const a of doc.security.assessments) {
    if (!languageShown(view, a.language)) continue
    for (const r of a.reports) {
      for (const advice of r.advices) {
        if (!adviceShown(view, advice)) continue
        const key = advice.cve ?? advice.id
        const group = groups.get(key) ?? { advice, components: new Set<string>() }
        group.components.add(`${r.dependency.library.name}@${r.dependency.version}`)
        groups.set(key, group)
      }
    }
  }
  const rows = [...groups]
    .sort(
      ([, x], [, y]) =>
        severityRank(y.advice.severity) - severityRank(x.advice.severity) ||
        (y.advice.cvss ?? 0) - (x.advice.cvss ?? 0),
    )
    .map(([id, { advice, components }]) => [
      id,
      advice.cwe,
      advice.kevEntry ? (advice.kevEntry.exploited ? 'Exploited' : 'Listed') : '',
      advice.cvss,
      epssPercent(advice.epss),
      advice.severity,
      advice.description,
      components.size,
      [...components].join('; '),
    ])
  return csvText(VULNERABILITY_COLUMNS, rows)
}

export function stabilityCsv(doc: ReportDocument, ctx?: Pick<ExportContext, 'view'>): string {
  const view = ctx?.view
  const rows = doc.stability.reports.flatMap((r) =>
    (languageShown(view, r.language) ? r.versions : [])
      .filter((v) => !view?.issuesOnly || isOutdated(v))
      .map((v) => [v.name, r.language, v.scope, v.version, v.latestMajor, v.latestMinor, v.latestPatch]),
  )
  return csvText(STABILITY_COLUMNS, rows)
}

export function licencesCsv(doc: ReportDocument, ctx?: Pick<ExportContext, 'view'>): string {
  const view = ctx?.view
  const rows = doc.licensing.reports.flatMap((r) =>
    (languageShown(view, r.language) ? r.results : [])
      .filter((res) => !view?.issuesOnly || hasLicenceIssue(res))
      .map((res) => [
        res.library.name,
        res.version,
        r.language,
        res.scope,
        relationshipText(res),
        licenceText(res.licenses),
        res.warnings.join('; '),
        res.violations.map((v) => `${v.licence} (${v.policyName})`).join('; '),
        res.exclusions?.length ? 'yes' : 'no',
      ]),
  )
  return csvText(LICENCE_COLUMNS, rows)
}

export function sbomCsv(doc: ReportDocument): string {
  const securityAssessed = doc.security.assessment.state !== 'none'
  const rows = exportView(doc).components.map((c) => [
    c.language,
    c.name,
    c.version,
    licenceText(c.licences),
    c.scope,
    relationshipText(c),
    // as the page counts vulnerabilities: critical to low, not excluded (report/totals.ts); 'n/a' when
    // security was not assessed at all (an empty advisory store): 0 would read as "no vulnerabilities"
    securityAssessed
      ? c.advices.filter(
          (a) => !a.exclusions?.length && ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'].includes(a.severity),
        ).length
      : 'n/a',
    c.purl,
  ])
  return csvText(SBOM_COLUMNS, rows)
}
