// Builds the immutable report document of one analysis (DESIGN §1 "Assess" and "Report"; spec
// report-page §3). Pure: the graph, the clock reading, advisories and registry metadata arrive as
// arguments. A domain whose data is absent is marked `assessed: false`, never reported as clean.
import { type AdvisoryIndex, buildAdvisoryIndex, type OsvRecord } from '../advisories'
import {
  appliedOf,
  buildExclusionMatcher,
  type Exclusion,
  exclusionsFingerprint,
  reportExclusionsOf,
} from '../exclusions'
import { buildLicensingSection, type CustomLicence, type LicencePolicy } from '../licences'
import {
  type Component,
  type DependencyGraph,
  languageOfEcosystem,
  type Purl,
  type Scope,
  type Warning,
} from '../model'
import { directIntroducers, MAX_REPORT_PATH_STEPS, pathBudget, pathsFromRoot } from '../project'
import { type SecurityScoreAlgorithm, scoreOutcome } from '../scoring'
import { buildStabilitySection, packageKeyOf } from '../stability'
import { getVersionScheme } from '../versioning'
import type { AutoMitigationThresholds } from './auto-mitigation'
import type { AnalysisScopes, ReportDocument, ReportNote, ReportStatus } from './document'
import { buildSecuritySection } from './security'
import { reportTimestamp } from './timestamp'

export interface Thresholds {
  security: number
  stability: number
  licensing: number
}

/** Registry metadata of one package: version history with dates/deprecation, and licences. */
export interface PackageMetadataInput {
  versions: { version: string; publishedAt: string | null; deprecated: string | null; licences: string[] }[]
  distTags?: Record<string, string>
  licences?: string[]
}

export interface BuildReportInput {
  uuid: string
  projectUuid: string
  branch: string
  now: Date
  graph: DependencyGraph
  warnings: Warning[]
  thresholds: Thresholds
  status?: ReportStatus
  /** OSV records for the graph's packages; `null` = no advisory data, security not assessed. */
  advisories?: readonly OsvRecord[] | null
  /** Prebuilt index (benchmarks, recompute); wins over `advisories`. */
  advisoryIndex?: AdvisoryIndex
  /** Registry metadata per packageKey; `null` entries = could not be had; absent map = no metadata source. */
  metadata?: ReadonlyMap<string, PackageMetadataInput | null> | null
  /** Why metadata is missing (offline, registry errors), shown as report notes. */
  metadataProblems?: { key: string; message: string }[]
  policies?: readonly LicencePolicy[]
  customLicences?: readonly CustomLicence[]
  /** The account's licence fix for a component (spec report-page §2 License fix), replacing what it declares. */
  licenceOverrideFor?: (component: Component) => readonly string[] | null | undefined
  /** The account's copyright text for a component (spec report-page §2 Copyright edit dialog). */
  copyrightFor?: (component: Component) => string | null | undefined
  scoreAlgorithm?: SecurityScoreAlgorithm
  /** The account's auto-mitigation thresholds (product-notes "Scores"); absent = none. */
  autoMitigation?: AutoMitigationThresholds
  /**
   * The dependency scopes each domain assesses (spec accounts-and-api §2 configuration.analysisScopes);
   * absent = every scope in every domain. A component of another scope plays no part in that domain.
   */
  analysisScopes?: AnalysisScopes
  epss?: (cve: string) => number | null
  kev?: (cve: string) => { cve: string; exploited: boolean } | null
  /** Most hierarchy paths kept per component (every direct introducer is always listed). */
  hierarchyLimit?: number
  /** Exclusions in force (branch, account-wide and `.meterian` ones); excluded findings stay, flagged. */
  exclusions?: readonly Exclusion[]
  /** Fingerprint of the exclusions the previous report of the branch was built with; `null` = no previous report. */
  previousExclusionsFingerprint?: string | null
  /** The commit analysed (refresh from git). */
  commit?: string | null
}

/**
 * Paths and direct introducers of each component, all drawing on one PathBudget (issue 13 item 1): past
 * it, a component gets none and `untraced` counts it, for a note that says so.
 */
function hierarchyOf(graph: DependencyGraph, limit: number) {
  const byPurl = new Map(graph.components.map((c) => [c.purl, c]))
  const label = (p: Purl) => {
    const c = byPurl.get(p)
    return c ? `${c.name}:${c.version}` : p
  }
  const root = `${graph.root.name || 'project'}:${graph.root.version ?? '--'}`
  const budget = pathBudget()
  const state = { untraced: 0 }
  const of = (c: Component) => {
    const introducers = c.direct ? [] : directIntroducers(graph, c.purl, budget)
    const paths = budget.remaining > 0 ? pathsFromRoot(graph, c.purl, limit, budget) : []
    if (introducers === null || budget.remaining <= 0) {
      state.untraced++
      return { paths: [], introducedBy: [] }
    }
    return {
      paths: paths.map((path) => [root, ...path.map(label)]),
      introducedBy: introducers.map(label),
    }
  }
  return { of, state }
}

/** The components a domain assesses: those whose scope the domain's analysis scopes include. */
function inScopes(components: readonly Component[], scopes: readonly Scope[] | undefined): Component[] {
  return scopes ? components.filter((c) => scopes.includes(c.scope)) : [...components]
}

export function buildReport(input: BuildReportInput): ReportDocument {
  const { graph } = input
  const components = graph.components
  const scoped = {
    security: inScopes(components, input.analysisScopes?.security),
    stability: inScopes(components, input.analysisScopes?.stability),
    licensing: inScopes(components, input.analysisScopes?.licensing),
  }
  const metadata = input.metadata ?? null
  const index = input.advisoryIndex ?? (input.advisories ? buildAdvisoryIndex(input.advisories) : null)
  const exclusions = input.exclusions ?? []
  const matcher = exclusions.length > 0 ? buildExclusionMatcher(exclusions, graph) : null
  const fingerprint = exclusionsFingerprint(exclusions)

  const hierarchy = hierarchyOf(graph, input.hierarchyLimit ?? 5)
  const security = buildSecuritySection({
    components: scoped.security,
    index,
    versionsOf: (c) => metadata?.get(packageKeyOf(c))?.versions.map((v) => v.version) ?? [],
    hierarchy: hierarchy.of,
    algorithm: input.scoreAlgorithm ?? 'cvss',
    ...(input.epss ? { epss: input.epss } : {}),
    ...(input.kev ? { kev: input.kev } : {}),
    ...(input.autoMitigation ? { autoMitigation: input.autoMitigation } : {}),
    ...(matcher
      ? { exclusionsFor: matcher.advice, trustedFor: matcher.trusted, isTrusted: matcher.isTrusted }
      : {}),
  })
  const stability = buildStabilitySection({
    components: scoped.stability,
    metadata: metadata ?? new Map(),
    schemeFor: getVersionScheme,
    ...(matcher ? { exclusionsFor: matcher.stability } : {}),
  })
  const licensing = buildLicensingSection({
    components: scoped.licensing,
    metadata: metadata ?? new Map(),
    policies: input.policies ?? [],
    ...(input.customLicences ? { customLicences: input.customLicences } : {}),
    ...(input.licenceOverrideFor ? { overrideFor: input.licenceOverrideFor } : {}),
    ...(input.copyrightFor ? { copyrightFor: input.copyrightFor } : {}),
    ...(matcher ? { exclusionsFor: matcher.licensing } : {}),
  })
  if (!metadata) {
    stability.section.assessed = false
    licensing.section.assessed = false
  }

  const notes: ReportNote[] = [
    ...input.warnings.map((w) => ({
      domain: 'general' as const,
      message: w.message,
      file: w.file,
      ...(w.line !== undefined ? { line: w.line } : {}),
    })),
    ...security.notes,
    ...(hierarchy.state.untraced > 0
      ? [
          {
            domain: 'general' as const,
            message: `Dependency paths and "introduced by" were not traced for ${hierarchy.state.untraced} of ${components.length} components: the dependency graph is too dense to trace within ${MAX_REPORT_PATH_STEPS.toLocaleString('en')} steps.`,
          },
        ]
      : []),
    ...(input.metadataProblems ?? []).map((p) => ({
      domain: 'stability' as const,
      message: `${p.key}: ${p.message}`,
    })),
  ]
  const scores = {
    security: security.section.score,
    stability: stability.section.score,
    licensing: licensing.section.score,
  }
  const direct = components.filter((c) => c.direct).length
  return {
    uuid: input.uuid,
    status: input.status ?? 'OK',
    timestamp: reportTimestamp(input.now),
    createdAt: input.now.toISOString(),
    outcome: scoreOutcome(scores, input.thresholds),
    // the scopes of the components at least one domain assessed
    scopes: [...new Set([...scoped.security, ...scoped.stability, ...scoped.licensing].map((c) => c.scope))],
    ...(input.analysisScopes ? { analysisScopes: input.analysisScopes } : {}),
    ...(input.autoMitigation ? { autoMitigation: input.autoMitigation } : {}),
    thresholds: input.thresholds,
    project: { uuid: input.projectUuid, branch: input.branch },
    summary: {
      components: components.length,
      direct,
      transitive: components.length - direct,
      languages: [...new Set(components.map((c) => languageOfEcosystem(c.ecosystem)))],
    },
    security: security.section,
    stability: stability.section,
    licensing: licensing.section,
    notes,
    exclusions: reportExclusionsOf(exclusions),
    areExclusionsDifferent:
      input.previousExclusionsFingerprint !== undefined &&
      input.previousExclusionsFingerprint !== null &&
      input.previousExclusionsFingerprint !== fingerprint,
    transitiveExclusions: exclusions
      .filter((e) => e.source === 'security:libraries' && e.transitive)
      .map(appliedOf),
    exclusionsFingerprint: fingerprint,
    ...(input.commit ? { commit: input.commit } : {}),
  }
}
