// The findings table (issue 19 "Findings table"): one row per component × advisory over the whole
// report, with what the table sorts and filters on (severity, CVSS, EPSS, KEV, fixable, direct /
// transitive, scope, ecosystem, analysis state, new since the previous report) and the path that brings
// it in. The page shows these rows and the CSV writes the same rows through the one CSV writer, so a
// download holds exactly what the page shows. Pure.
import { type AnalysisState, analysisOfReason } from '../exclusions/analysis'
import type { AppliedExclusion } from '../exclusions/model'
import { csvText } from '../exports/csv/csv'
import type { ReportDocument, Severity } from '../report/document'

/** 'not_set': nobody analysed the finding; the others are CycloneDX / Dependency-Track states. */
export type FindingState = AnalysisState | 'not_set'

export interface FindingRow {
  /** `language/name@version#advice`: stable across reports of the same versions. */
  key: string
  name: string
  language: string
  version: string
  adviceId: string
  cve: string | null
  /** The first line of the advisory text. */
  title: string
  severity: Severity
  cvss: number | null
  epss: number | null
  kev: boolean
  /** The lowest lane's safe version (patch, else minor, else major), or null when none is known. */
  safeVersion: string | null
  direct: boolean
  scope: string
  state: FindingState
  justification: string | null
  /** An exclusion silences the finding in this report. */
  excluded: boolean
  /** An exclusion of it expired: it counts again (issue 19 expiry notice). */
  expired: string | null
  /** Not in the previous report of the branch (by library and advisory, whatever the version). */
  isNew: boolean
  /** "a@1 › b@2 › c@3": the first path that brings it in; '' when direct. */
  introducedThrough: string
}

/** A stored analysis of one finding (server finding_analyses), matched by name, language, version, advice. */
export interface AnalysisOfFinding {
  name: string
  language: string
  version: string
  adviceId: string
  state: AnalysisState
  justification: string | null
}

export const findingKey = (language: string, name: string, version: string, adviceId: string) =>
  `${language}/${name}@${version}#${adviceId}`

function firstLine(text: string): string {
  // plain text: heading marks, emphasis and code marks of the advisory's markdown left out
  return (text.split('\n').find((l) => l.trim() !== '') ?? '')
    .replace(/^#+\s*/, '')
    .replace(/\*\*|__|`/g, '')
    .trim()
    .slice(0, 300)
}

function analysisOfExclusions(
  list: readonly unknown[] | undefined,
): { state: AnalysisState; justification: string | null } | null {
  const first = list?.[0] as AppliedExclusion | undefined
  if (!first || !String(first.source ?? '').startsWith('security:')) return null
  const a = first.analysis ?? analysisOfReason(first.reason === 'ignored' ? 'unapplicable' : first.reason, '')
  return { state: a.state, justification: a.justification }
}

/** The libraries and advisories of a report, for "new since the previous report". */
export function findingIdentities(report: Pick<ReportDocument, 'security'>): Set<string> {
  const out = new Set<string>()
  for (const a of report.security.assessments)
    for (const r of a.reports)
      for (const advice of r.advices)
        out.add(`${r.dependency.library.language}/${r.dependency.library.name}#${advice.id}`)
  return out
}

export interface FindingRowsOptions {
  analyses?: readonly AnalysisOfFinding[]
  /** findingIdentities of the previous report; absent = no previous report, nothing is new. */
  previous?: ReadonlySet<string> | null
}

export function findingRows(
  report: Pick<ReportDocument, 'security'>,
  options: FindingRowsOptions = {},
): FindingRow[] {
  const stored = new Map(
    (options.analyses ?? []).map((a) => [findingKey(a.language, a.name, a.version, a.adviceId), a]),
  )
  const rows: FindingRow[] = []
  for (const assessment of report.security.assessments)
    for (const r of assessment.reports) {
      const { name, language } = r.dependency.library
      const version = r.dependency.version
      const s = r.safeVersions
      const safeVersion = s.latestPatch ?? s.latestMinor ?? s.latestMajor ?? null
      const path = r.hierarchy[0]?.slice(1) ?? []
      for (const advice of r.advices) {
        if (advice.type !== 'security') continue
        const key = findingKey(language, name, version, advice.id)
        const fromExclusion = analysisOfExclusions(advice.exclusions)
        const analysis = stored.get(key) ?? fromExclusion
        rows.push({
          key,
          name,
          language,
          version,
          adviceId: advice.id,
          cve: advice.cve,
          title: firstLine(advice.description),
          severity: advice.severity,
          cvss: advice.cvss,
          epss: advice.epss,
          kev: advice.kevEntry?.exploited === true,
          safeVersion,
          direct: !r.transitive,
          scope: r.scope,
          state: analysis?.state ?? 'not_set',
          justification: analysis?.justification ?? null,
          excluded: (advice.exclusions?.length ?? 0) > 0,
          expired: advice.expiredExclusions?.[0]?.expires ?? null,
          isNew: options.previous ? !options.previous.has(`${language}/${name}#${advice.id}`) : false,
          introducedThrough:
            r.transitive && path.length > 1 ? path.map((p) => p.replace(/:(?=[^:]*$)/, '@')).join(' › ') : '',
        })
      }
    }
  return rows
}

/** The table's columns: id, header, and the cell of a row (the page shows the same text). */
export const FINDING_COLUMNS = {
  component: { header: 'Component', cell: (r: FindingRow) => r.name },
  version: { header: 'Version', cell: (r: FindingRow) => r.version },
  ecosystem: { header: 'Ecosystem', cell: (r: FindingRow) => r.language },
  advisory: { header: 'Advisory', cell: (r: FindingRow) => r.cve ?? r.adviceId },
  title: { header: 'Title', cell: (r: FindingRow) => r.title },
  severity: { header: 'Severity', cell: (r: FindingRow) => r.severity },
  cvss: { header: 'CVSS', cell: (r: FindingRow) => r.cvss },
  epss: {
    header: 'EPSS %',
    cell: (r: FindingRow) => (r.epss === null ? null : Number((r.epss * 100).toFixed(2))),
  },
  kev: { header: 'KEV', cell: (r: FindingRow) => (r.kev ? 'yes' : 'no') },
  fix: { header: 'Safe version', cell: (r: FindingRow) => r.safeVersion ?? '' },
  relation: { header: 'Relation', cell: (r: FindingRow) => (r.direct ? 'direct' : 'transitive') },
  scope: { header: 'Scope', cell: (r: FindingRow) => r.scope },
  state: { header: 'Analysis', cell: (r: FindingRow) => r.state.replaceAll('_', ' ') },
  justification: {
    header: 'Justification',
    cell: (r: FindingRow) => r.justification?.replaceAll('_', ' ') ?? '',
  },
  isNew: { header: 'New', cell: (r: FindingRow) => (r.isNew ? 'new' : '') },
  path: { header: 'Introduced through', cell: (r: FindingRow) => r.introducedThrough },
} as const satisfies Record<string, { header: string; cell: (r: FindingRow) => string | number | null }>

export type FindingColumn = keyof typeof FINDING_COLUMNS
export const FINDING_COLUMN_IDS = Object.keys(FINDING_COLUMNS) as FindingColumn[]

/** The CSV of the rows and columns shown, in their order, through the one CSV writer. */
export function findingsCsv(rows: readonly FindingRow[], columns: readonly FindingColumn[]): string {
  return csvText(
    columns.map((c) => FINDING_COLUMNS[c].header),
    rows.map((r) => columns.map((c) => FINDING_COLUMNS[c].cell(r))),
  )
}
