// The security section (spec report-page §3 Security, Advice; product-notes "Safe versions", "Scores"):
// each component matched against the advisory index, alias groups turned into one advice, safe
// versions per lane from the package's known versions. Undecidable matches become report notes.
import {
  type AdvisoryIndex,
  groupByAlias,
  matchPackage,
  safeVersionsFromIndex,
  toAdvice,
} from '../advisories'
import type { AppliedExclusion } from '../exclusions/model'
import type { Component } from '../model'
import { type SecurityScoreAlgorithm, securityScore } from '../scoring'
import { isPlaceholderVersion } from '../versioning/placeholder'
import type { Unassessed } from './assessment'
import { type AutoMitigationThresholds, autoMitigationOf } from './auto-mitigation'
import type {
  Advice,
  ComponentReport,
  ReportNote,
  SecuritySection,
  SecuritySummary,
  TrustedComponent,
} from './document'
import { issueSummaryOf } from './issue-summary'
import { libraryOf } from './library'

export interface SecurityInput {
  components: readonly Component[]
  /** `null`: no advisory data at all, so the section is not assessed. */
  index: AdvisoryIndex | null
  /**
   * Ecosystems the advisory store holds records of (the report's advisory snapshot); a component of
   * another ecosystem was not checked. Absent = not known (every ecosystem counts as covered).
   */
  coveredEcosystems?: ReadonlySet<string>
  /** Known versions of a package, for safe versions; empty when metadata is missing. */
  versionsOf: (component: Component) => readonly string[]
  hierarchy: (component: Component) => { paths: string[][]; introducedBy: string[] }
  algorithm: SecurityScoreAlgorithm
  epss?: (cve: string) => number | null
  kev?: (cve: string) => { cve: string; exploited: boolean } | null
  /** Exclusions covering one advice of a component (spec §3 Exclusion); an excluded advice stays, flagged. */
  exclusionsFor?: (
    component: Component,
    advice: { id: string; cve: string | null },
  ) => readonly AppliedExclusion[]
  /** Exclusions that would cover the advice but whose expiry date has passed (issue 19): the notice. */
  expiredFor?: (
    component: Component,
    advice: { id: string; cve: string | null },
  ) => readonly AppliedExclusion[]
  /** Trusted transitive exclusions covering a component. */
  trustedFor?: (component: Component) => readonly AppliedExclusion[]
  /** Whether the component is itself trusted (it becomes a pseudo-component in `trusted`). */
  isTrusted?: (component: Component) => boolean
  /** The account's auto-mitigation thresholds; an advice below them is excluded automatically. */
  autoMitigation?: AutoMitigationThresholds
}

const severityKey = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MEDIUM: 'medium',
  LOW: 'low',
  SUGGEST: 'suggest',
  NONE: 'none',
} as const

function emptySummary(): SecuritySummary {
  return { critical: 0, high: 0, medium: 0, low: 0, none: 0, suggest: 0, exclusions: 0, components: 0 }
}

function advicesOf(
  c: Component,
  input: SecurityInput,
  notes: ReportNote[],
  unassessed: Unassessed[],
): Advice[] {
  if (!input.index) return []
  const result = matchPackage(input.index, { ecosystem: c.ecosystem, name: c.name, version: c.version })
  // the order says what would help first: a scheme, then advisory data, then a readable version
  const kind: Unassessed['kind'] | null =
    result.status === 'no-scheme'
      ? 'unsupported-ecosystem'
      : input.coveredEcosystems && !input.coveredEcosystems.has(c.ecosystem)
        ? 'ecosystem-without-advisories'
        : result.status === 'unparseable'
          ? 'unorderable-version'
          : null
  if (kind) unassessed.push({ kind, key: c.purl, label: `${c.name}@${c.version}`, ecosystem: c.ecosystem })
  for (const u of result.undecided) {
    notes.push({
      domain: 'security',
      message: `${c.name}@${c.version}: advisory ${u.record.id} could not be decided (${u.reason}).`,
    })
  }
  // most components match nothing: no grouping, no closures (issue 16 acceptance 6: 1,000 per re-check)
  if (result.affected.length === 0) return []
  const groups = groupByAlias(result.affected.map((h) => h.record))
  return groups.map((group) =>
    toAdvice(group, {
      ecosystem: c.ecosystem,
      name: c.name,
      affectedComponents: [`${c.name}@${c.version}`],
      schemes: input.index!.schemes,
      ...(input.epss ? { epss: input.epss } : {}),
      ...(input.kev ? { kev: input.kev } : {}),
    }),
  )
}

/** The section before its assessment is known (build.ts adds score, assessed and assessment). */
export type SecuritySectionDraft = Omit<SecuritySection, 'assessment'> & { score: number }

export function buildSecuritySection(input: SecurityInput): {
  section: SecuritySectionDraft
  notes: ReportNote[]
  /** Components the section could not check, and why (no scheme, no advisory data, unorderable version). */
  unassessed: Unassessed[]
} {
  const notes: ReportNote[] = []
  const byLanguage = new Map<string, ComponentReport[]>()
  const summary: SecuritySection['summary'] = {}
  const versionsByName = new Map<string, number>()
  for (const c of input.components)
    versionsByName.set(`${c.ecosystem}/${c.name}`, (versionsByName.get(`${c.ecosystem}/${c.name}`) ?? 0) + 1)
  const allAdvices: Advice[] = []
  const unassessed: Unassessed[] = []
  const trustedByLanguage = new Map<string, TrustedComponent[]>()
  const coveredBy = new Map<string, number>()

  for (const c of input.components) {
    const library = libraryOf(c)
    const advices = advicesOf(c, input, notes, unassessed)
    const trusted = input.trustedFor?.(c) ?? []
    for (const a of advices) {
      const exclusions = input.exclusionsFor?.(c, a) ?? []
      const expired = input.expiredFor?.(c, a) ?? []
      if (expired.length > 0) a.expiredExclusions = [...expired]
      if (exclusions.length > 0) a.exclusions = [...exclusions]
      else {
        // an advice nobody excluded may still fall below the account's auto-mitigation thresholds
        const automatic = input.autoMitigation ? autoMitigationOf(a, input.autoMitigation) : null
        if (automatic) a.exclusions = [automatic]
      }
    }
    allAdvices.push(...advices)
    const { paths, introducedBy } = input.hierarchy(c)
    const report: ComponentReport = {
      dependency: { library, version: c.version },
      advices,
      safeVersions:
        advices.length > 0 && input.index
          ? safeVersionsFromIndex(input.index, c.ecosystem, c.name, {
              version: c.version,
              versions: input.versionsOf(c),
            })
          : {},
      hierarchy: paths,
      introducedBy,
      locations: c.locations,
      scope: c.scope,
      transitive: !c.direct,
      otherVersionsCount: (versionsByName.get(`${c.ecosystem}/${c.name}`) ?? 1) - 1,
    }
    if (c.relationshipUnknown) report.relationshipUnknown = true
    if (c.hashes?.length) report.hashes = c.hashes
    if (c.supplier) report.supplier = c.supplier
    if (input.index && isPlaceholderVersion(c.version)) report.unorderableVersion = true
    if (trusted.length > 0) {
      report.transitiveExclusions = [...trusted]
      for (const t of trusted) coveredBy.set(t.id, (coveredBy.get(t.id) ?? 0) + 1)
      if (input.isTrusted?.(c)) {
        const list = trustedByLanguage.get(library.language) ?? []
        list.push({ library, version: c.version, exclusions: [...trusted], covered: 0 })
        trustedByLanguage.set(library.language, list)
      }
    }
    const list = byLanguage.get(library.language)
    if (list) list.push(report)
    else byLanguage.set(library.language, [report])
    const s = summary[library.language] ?? emptySummary()
    summary[library.language] = s
    s.components++
    // an excluded advice leaves the severity totals (product-notes "Report shapes seen in the wild")
    for (const a of advices) {
      if (a.exclusions) s.exclusions++
      else s[severityKey[a.severity]]++
    }
  }

  return {
    unassessed,
    section: {
      // over what was assessed; build.ts turns it into the domain's score only when complete
      score: securityScore(
        allAdvices.map((a) => ({ ...a, excluded: a.exclusions !== undefined })),
        input.algorithm,
      ),
      componentsCount: input.components.length,
      assessed: input.index !== null,
      assessments: [...byLanguage].map(([language, reports]) => ({
        language: language as ComponentReport['dependency']['library']['language'],
        componentsCount: reports.length,
        reports,
        trusted: (trustedByLanguage.get(language) ?? []).map((t) => ({
          ...t,
          covered: Math.max(...t.exclusions.map((e) => coveredBy.get(e.id) ?? 0)),
        })),
      })),
      summary,
      issues: Object.fromEntries(
        [...byLanguage].map(([language, reports]) => [language, issueSummaryOf(reports)]),
      ),
    },
    notes,
  }
}
