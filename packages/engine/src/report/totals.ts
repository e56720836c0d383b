// The counts a report shows for one scope (issue 14 "Scope means scope", acceptance 4): components,
// vulnerabilities by severity, outdated components by lane and licence issues, over every dependency
// ('all') or the production ones only ('prod', report-page §2 scope options). Every download prints
// these, and the server sends them with the report (contract Report.totals) for the report page, so a
// page and its exports never disagree (tests/exports/totals.test.ts; one computation, issue 18 acc. 7).
import type { ReportDocument, Severity } from './document'

export type TotalsScope = 'all' | 'prod'
export const TOTALS_SCOPES: readonly TotalsScope[] = ['all', 'prod']

export interface SecurityTotals {
  assessed: boolean
  critical: number
  high: number
  medium: number
  low: number
  /** critical + high + medium + low: what the page calls vulnerabilities (suggestions and info aside). */
  vulnerabilities: number
  suggest: number
  none: number
  /** Findings excluded by an exclusion or auto-mitigation (not in the counts above). */
  excluded: number
  /** Components with at least one finding that is not excluded. */
  vulnerableComponents: number
  /** Components the security domain assessed in this scope. */
  components: number
}

export interface StabilityTotals {
  assessed: boolean
  components: number
  /** Components not excluded, by their largest available update. */
  upToDate: number
  patch: number
  minor: number
  major: number
  outdated: number
  excluded: number
}

export interface LicensingTotals {
  assessed: boolean
  components: number
  forbidden: number
  undeclared: number
  /** Components with neither a policy violation nor an undeclared licence, or excluded. */
  clean: number
  /** Components whose licence could not be assessed (no declared licence, no registry metadata): not clean. */
  unknown: number
  excluded: number
}

export interface ReportTotals {
  scope: TotalsScope
  components: number
  direct: number
  transitive: number
  /** Components whose relationship is not known (an SBOM without a dependency graph). */
  unknownRelationships: number
  security: SecurityTotals
  stability: StabilityTotals
  licensing: LicensingTotals
}

/** The id the engine gives to a missing licence (licences/catalogue UNDECLARED_LICENCE). */
const UNDECLARED_ID = 'NOT DECLARED / NOT FOUND'

const inScope = (scope: TotalsScope, itemScope: string) => scope === 'all' || itemScope === 'prod'
const excludedOf = (item: { exclusions?: unknown[] }) => (item.exclusions?.length ?? 0) > 0
const SEVERITY_KEY: Record<Severity, 'critical' | 'high' | 'medium' | 'low' | 'suggest' | 'none'> = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MEDIUM: 'medium',
  LOW: 'low',
  SUGGEST: 'suggest',
  NONE: 'none',
}

/** The part of a report document the totals read. */
export type TotalsInput = Pick<ReportDocument, 'summary' | 'security' | 'stability' | 'licensing'>

function securityTotals(doc: TotalsInput, scope: TotalsScope): SecurityTotals {
  const t: SecurityTotals = {
    assessed: doc.security.assessed,
    critical: 0,
    high: 0,
    medium: 0,
    low: 0,
    vulnerabilities: 0,
    suggest: 0,
    none: 0,
    excluded: 0,
    vulnerableComponents: 0,
    components: 0,
  }
  for (const assessment of doc.security.assessments)
    for (const report of assessment.reports) {
      if (!inScope(scope, report.scope)) continue
      t.components++
      let active = false
      for (const advice of report.advices) {
        if (excludedOf(advice)) {
          t.excluded++
          continue
        }
        t[SEVERITY_KEY[advice.severity]]++
        active = true
      }
      if (active) t.vulnerableComponents++
    }
  t.vulnerabilities = t.critical + t.high + t.medium + t.low
  return t
}

function stabilityTotals(doc: TotalsInput, scope: TotalsScope): StabilityTotals {
  const t: StabilityTotals = {
    assessed: doc.stability.assessed,
    components: 0,
    upToDate: 0,
    patch: 0,
    minor: 0,
    major: 0,
    outdated: 0,
    excluded: 0,
  }
  for (const part of doc.stability.reports)
    for (const v of part.versions) {
      if (!inScope(scope, v.scope)) continue
      t.components++
      if (excludedOf(v)) t.excluded++
      else if (v.newMajorVersionAvailable) t.major++
      else if (v.newMinorVersionAvailable) t.minor++
      else if (v.newPatchVersionAvailable) t.patch++
      else t.upToDate++
    }
  t.outdated = t.patch + t.minor + t.major
  return t
}

function licensingTotals(doc: TotalsInput, scope: TotalsScope): LicensingTotals {
  const t: LicensingTotals = {
    assessed: doc.licensing.assessed,
    components: 0,
    forbidden: 0,
    undeclared: 0,
    clean: 0,
    unknown: 0,
    excluded: 0,
  }
  for (const part of doc.licensing.reports)
    for (const r of part.results) {
      if (!inScope(scope, r.scope)) continue
      t.components++
      if (excludedOf(r)) t.excluded++
      else if (r.violations.length > 0) t.forbidden++
      else if (r.undeclared ?? r.licenses.some((l) => l.id === UNDECLARED_ID)) t.undeclared++
      // no licence at all and not found undeclared: nothing was there to assess (issue 14)
      else if (r.licenses.length === 0) t.unknown++
      else t.clean++
    }
  return t
}

/**
 * Components, direct, transitive and of unknown relationship (an SBOM without a dependency graph: counted
 * in neither) in scope: the report's summary for 'all', else the union of the domains' rows.
 */
function componentTotals(doc: TotalsInput, scope: TotalsScope) {
  if (scope === 'all')
    return {
      components: doc.summary.components,
      direct: doc.summary.direct,
      transitive: doc.summary.transitive,
      unknownRelationships: doc.summary.unknownRelationships,
    }
  type Relation = 'direct' | 'transitive' | 'unknown'
  const seen = new Map<string, Relation>()
  const add = (language: string, name: string, version: string, relation: Relation | null) => {
    const key = `${language}\u0000${name}\u0000${version}`
    const before = seen.get(key)
    // direct wins over transitive, either over unknown; a row that does not say (stability) adds nothing
    if (before === 'direct' || (before === 'transitive' && relation !== 'direct')) return
    seen.set(key, relation ?? before ?? 'transitive')
  }
  const relation = (r: { transitive: boolean; relationshipUnknown?: true }): Relation =>
    r.relationshipUnknown ? 'unknown' : r.transitive ? 'transitive' : 'direct'
  for (const a of doc.security.assessments)
    for (const r of a.reports)
      if (inScope(scope, r.scope))
        add(a.language, r.dependency.library.name, r.dependency.version, relation(r))
  for (const part of doc.licensing.reports)
    for (const r of part.results)
      if (inScope(scope, r.scope)) add(part.language, r.library.name, r.version, relation(r))
  for (const part of doc.stability.reports)
    for (const v of part.versions) if (inScope(scope, v.scope)) add(part.language, v.name, v.version, null)
  const count = (wanted: Relation) => [...seen.values()].filter((r) => r === wanted).length
  return {
    components: seen.size,
    direct: count('direct'),
    transitive: count('transitive'),
    unknownRelationships: count('unknown'),
  }
}

export function reportTotals(doc: TotalsInput, scope: TotalsScope): ReportTotals {
  return {
    scope,
    ...componentTotals(doc, scope),
    security: securityTotals(doc, scope),
    stability: stabilityTotals(doc, scope),
    licensing: licensingTotals(doc, scope),
  }
}

/**
 * Only the production part of a report (scope 'prod'), for downloads of that scope, with its summaries
 * counted again over what is left; 'all' is the report itself. Scores stay the report's: they were
 * computed over the account's analysis scopes, and a download says which scope it lists.
 */
export function scopedDocument(doc: ReportDocument, scope: TotalsScope): ReportDocument {
  if (scope === 'all') return doc
  const keep = <T extends { scope: string }>(items: T[]) => items.filter((i) => inScope(scope, i.scope))
  const security = doc.security.assessments.map((a) => {
    const reports = keep(a.reports)
    return { ...a, reports, componentsCount: reports.length }
  })
  const stability = doc.stability.reports.map((r) => {
    const versions = keep(r.versions)
    return { ...r, versions, componentsCount: versions.length }
  })
  const licensing = doc.licensing.reports.map((r) => {
    const results = keep(r.results)
    return { ...r, results, componentsCount: results.length }
  })
  const narrowed: ReportDocument = {
    ...doc,
    scopes: doc.scopes.filter((s) => inScope(scope, s)),
    security: { ...doc.security, assessments: security },
    stability: { ...doc.stability, reports: stability },
    licensing: { ...doc.licensing, reports: licensing },
  }
  const totals = reportTotals({ ...narrowed, summary: doc.summary }, scope)
  const securitySummary: ReportDocument['security']['summary'] = {}
  for (const a of security) {
    const t = reportTotals(
      { ...narrowed, security: { ...narrowed.security, assessments: [a] } },
      'all',
    ).security
    const before = securitySummary[a.language]
    securitySummary[a.language] = {
      critical: (before?.critical ?? 0) + t.critical,
      high: (before?.high ?? 0) + t.high,
      medium: (before?.medium ?? 0) + t.medium,
      low: (before?.low ?? 0) + t.low,
      none: (before?.none ?? 0) + t.none,
      suggest: (before?.suggest ?? 0) + t.suggest,
      exclusions: (before?.exclusions ?? 0) + t.excluded,
      components: (before?.components ?? 0) + t.components,
    }
  }
  const activeVersions = stability.flatMap((r) => r.versions).filter((v) => !excludedOf(v))
  const results = licensing.flatMap((r) => r.results)
  const forbidden = results.filter((r) => r.violations.length > 0)
  const undeclared = results.filter((r) => r.undeclared ?? r.licenses.some((l) => l.id === UNDECLARED_ID))
  return {
    ...narrowed,
    summary: {
      ...doc.summary,
      components: totals.components,
      direct: totals.direct,
      transitive: totals.transitive,
      unknownRelationships: totals.unknownRelationships,
    },
    security: {
      ...narrowed.security,
      componentsCount: totals.security.components,
      summary: securitySummary,
    },
    stability: {
      ...narrowed.stability,
      componentsCount: totals.stability.components,
      summary: {
        patch: activeVersions.filter((v) => v.newPatchVersionAvailable).length,
        minor: activeVersions.filter((v) => v.newMinorVersionAvailable).length,
        major: activeVersions.filter((v) => v.newMajorVersionAvailable).length,
        exclusions: totals.stability.excluded,
        components: totals.stability.components,
      },
    },
    licensing: {
      ...narrowed.licensing,
      componentsCount: totals.licensing.components,
      summary: {
        tot: forbidden.length + undeclared.length,
        forbidden: forbidden.length,
        undeclared: undeclared.length,
        violationExclusions: forbidden.filter(excludedOf).length,
        warningExclusions: results.filter((r) => excludedOf(r) && r.warnings.length > 0).length,
        forbiddenWithoutExclusion: forbidden.filter((r) => !excludedOf(r)).length,
        undeclaredWithoutExclusion: undeclared.filter((r) => !excludedOf(r)).length,
        components: results.length,
      },
    },
  }
}
