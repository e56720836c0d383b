// Builds the immutable report document of one analysis (DESIGN §1 "Assess" and "Report"; spec
// report-page §3, §4 statuses). Pure: the graph, the clock reading, advisories and registry metadata
// arrive as arguments. What could not be assessed is said per domain (assessment.ts), never scored as
// clean: the status is PARTIAL and the gate fails it (issue 14 "Never fail open").
import { type AdvisoryIndex, buildAdvisoryIndex, type OsvRecord } from '../advisories'
import {
  appliedOf,
  buildExclusionMatcher,
  domainOfSource,
  type Exclusion,
  exclusionLabel,
  exclusionsFingerprint,
  reportExclusionsOf,
  splitByExpiry,
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
import { DEFAULT_GATE_POLICY, type GatePolicy, gateFailures, type SecurityScoreAlgorithm } from '../scoring'
import { buildStabilitySection, packageKeyOf } from '../stability'
import { getVersionScheme } from '../versioning'
import {
  assessSection,
  type DomainCoverage,
  graphGaps,
  reportGaps,
  reportStatus,
  type Unassessed,
} from './assessment'
import type { AutoMitigationThresholds } from './auto-mitigation'
import { type CarriedSections, carriedNote } from './carry'
import type {
  AdvisorySnapshot,
  AnalysisScopes,
  AssessmentGap,
  LicensingSection,
  ReportDocument,
  ReportNote,
  StabilitySection,
} from './document'
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
  /**
   * The advisory store's state (recorded in the report): ecosystems without records leave their
   * components unchecked, stale or failing data leaves security partial. Absent = not known.
   */
  advisorySnapshot?: AdvisorySnapshot | null
  /** Whether a partly-assessed domain fails the gate (account configuration; default: it does). */
  gatePolicy?: GatePolicy
  /**
   * A live re-check's stability and licensing sections, taken from the previous report because everything
   * they are built from is the same (carry.ts): they are not built again, and a note says where they come
   * from. Absent: both are built.
   */
  carried?: CarriedSections
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
  // an exclusion past its expiry date no longer applies; its findings come back with a notice (issue 19)
  const { active: exclusions, expired } = splitByExpiry(input.exclusions ?? [], input.now)
  const matcher = exclusions.length > 0 ? buildExclusionMatcher(exclusions, graph) : null
  const expiredMatcher = expired.length > 0 ? buildExclusionMatcher(expired, graph) : null
  const fingerprint = exclusionsFingerprint(exclusions)

  const hierarchy = hierarchyOf(graph, input.hierarchyLimit ?? 5)
  const snapshot = input.advisorySnapshot ?? null
  const security = buildSecuritySection({
    components: scoped.security,
    index,
    ...(snapshot && index ? { coveredEcosystems: coveredEcosystems(snapshot) } : {}),
    versionsOf: (c) => metadata?.get(packageKeyOf(c))?.versions.map((v) => v.version) ?? [],
    hierarchy: hierarchy.of,
    algorithm: input.scoreAlgorithm ?? 'cvss',
    ...(input.epss ? { epss: input.epss } : {}),
    ...(input.kev ? { kev: input.kev } : {}),
    ...(input.autoMitigation ? { autoMitigation: input.autoMitigation } : {}),
    ...(matcher
      ? { exclusionsFor: matcher.advice, trustedFor: matcher.trusted, isTrusted: matcher.isTrusted }
      : {}),
    ...(expiredMatcher ? { expiredFor: expiredMatcher.advice } : {}),
  })
  // What each domain could not assess (issue 14): the graph's own gaps hit all three.
  const shared = graphGaps(input.warnings)
  const byPurl = new Map(components.map((c) => [c.purl as string, c]))
  const unassessedOf = (purls: readonly string[], kind: (c: Component) => Unassessed['kind']) =>
    purls.flatMap((purl) => {
      const c = byPurl.get(purl)
      return c ? [{ kind: kind(c), key: purl, label: `${c.name}@${c.version}`, ecosystem: c.ecosystem }] : []
    })
  const noRegistry = (c: Component): Unassessed['kind'] =>
    REGISTRY_ECOSYSTEMS.has(c.ecosystem) ? 'missing-metadata' : 'unsupported-ecosystem'
  const staleGap = snapshot ? staleAdvisoriesGap(snapshot, scoped.security.length) : null
  // With no advisory data, components Sextant has no version scheme for are unsupported all the same: a
  // project of only those is UNSUPPORTED (advisories would not help), not "import advisories".
  const schemeless = scoped.security.filter((c) => getVersionScheme(c.ecosystem) === null)
  const securityWithoutData =
    index !== null
      ? {}
      : scoped.security.length > 0 && schemeless.length === scoped.security.length
        ? {
            unassessed: unassessedOf(
              schemeless.map((c) => c.purl),
              () => 'unsupported-ecosystem',
            ),
          }
        : { nothing: noAdvisoryDataGap(scoped.security.length) }
  const securityAssessed = assessSection({
    domain: 'security',
    total: scoped.security.length,
    unassessed: security.unassessed,
    shared: staleGap ? [staleGap, ...shared] : shared,
    ...securityWithoutData,
    score: security.section.score,
  })
  const others =
    input.carried ??
    buildOtherSections(input, { scoped, metadata, matcher, shared, unassessedOf, noRegistry })
  const assessments = {
    security: securityAssessed.assessment,
    stability: others.stability.assessment,
    licensing: others.licensing.assessment,
  }

  const notes: ReportNote[] = [
    ...input.warnings.map((w) => ({
      domain: 'general' as const,
      message: w.message,
      file: w.file,
      ...(w.line !== undefined ? { line: w.line } : {}),
    })),
    ...security.notes,
    ...expired.map((e) => ({
      domain: domainOfSource(e.source) === 'security' ? ('security' as const) : ('general' as const),
      message: `Exclusion ${exclusionLabel(e)} expired on ${e.expires}: the findings it covered count again.`,
    })),
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
    ...(input.carried ? [carriedNote(input.carried.from)] : []),
  ]
  const sections = {
    security: { ...security.section, ...securityAssessed },
    stability: others.stability,
    licensing: others.licensing,
  }
  const policy = input.gatePolicy ?? DEFAULT_GATE_POLICY
  const failed = gateFailures(sections, input.thresholds, policy)
  const unknown = components.filter((c) => c.relationshipUnknown).length
  const direct = components.filter((c) => c.direct && !c.relationshipUnknown).length
  return {
    uuid: input.uuid,
    status: reportStatus(components.length, assessments, input.warnings),
    timestamp: reportTimestamp(input.now),
    createdAt: input.now.toISOString(),
    outcome: failed.length === 0 ? 'PASS' : 'FAIL',
    // the scopes of the components at least one domain assessed
    scopes: [...new Set([...scoped.security, ...scoped.stability, ...scoped.licensing].map((c) => c.scope))],
    ...(input.analysisScopes ? { analysisScopes: input.analysisScopes } : {}),
    ...(input.autoMitigation ? { autoMitigation: input.autoMitigation } : {}),
    thresholds: input.thresholds,
    project: {
      uuid: input.projectUuid,
      branch: input.branch,
      ...(input.graph.root.version ? { version: input.graph.root.version } : {}),
    },
    summary: {
      components: components.length,
      direct,
      transitive: components.length - direct - unknown,
      unknownRelationships: unknown,
      languages: [...new Set(components.map((c) => languageOfEcosystem(c.ecosystem)))],
    },
    security: sections.security,
    stability: sections.stability,
    licensing: sections.licensing,
    notes,
    gaps: reportGaps(assessments),
    ...(snapshot ? { advisorySnapshot: snapshot } : {}),
    gate: { failed, partialFails: policy.partialFails },
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

interface OtherSectionsContext {
  scoped: Record<'stability' | 'licensing', Component[]>
  metadata: ReadonlyMap<string, PackageMetadataInput | null> | null
  matcher: ReturnType<typeof buildExclusionMatcher> | null
  shared: ReturnType<typeof graphGaps>
  unassessedOf: (purls: readonly string[], kind: (c: Component) => Unassessed['kind']) => Unassessed[]
  noRegistry: (c: Component) => Unassessed['kind']
}

/** The stability and licensing sections with their assessments (what a live re-check may carry over). */
function buildOtherSections(
  input: BuildReportInput,
  { scoped, metadata, matcher, shared, unassessedOf, noRegistry }: OtherSectionsContext,
): { stability: StabilitySection; licensing: LicensingSection } {
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
  const stabilityAssessed = assessSection({
    domain: 'stability',
    // components not from a registry (workspace, link, file, git) have no versions to look up
    total: stability.section.componentsCount,
    unassessed: [
      ...unassessedOf(stability.missingMetadata, noRegistry),
      ...stability.gaps
        .filter((g) => g.reason !== 'not-from-registry')
        .flatMap((g) =>
          unassessedOf([g.purl], () =>
            g.reason === 'no-scheme' ? 'unsupported-ecosystem' : 'unorderable-version',
          ),
        ),
    ],
    shared,
    ...(metadata === null ? { nothing: noMetadataGap('stability', stability.section.componentsCount) } : {}),
    score: stability.section.score,
  } satisfies DomainCoverage)
  const licensingAssessed = assessSection({
    domain: 'licensing',
    total: licensing.section.componentsCount,
    unassessed: unassessedOf(licensing.missingMetadata, noRegistry),
    shared,
    // without any metadata source, licences declared by the input (SBOM) are still assessed
    score: licensing.section.score,
  })
  return {
    stability: { ...stability.section, ...stabilityAssessed },
    licensing: { ...licensing.section, ...licensingAssessed },
  }
}

/** Ecosystems Sextant reads registry metadata of (engine/datasources); others have no versions or licences to look up. */
const REGISTRY_ECOSYSTEMS: ReadonlySet<string> = new Set(['npm', 'maven'])

function coveredEcosystems(snapshot: AdvisorySnapshot): Set<string> {
  return new Set(
    Object.entries(snapshot.byEcosystem)
      .filter(([, n]) => n > 0)
      .map(([eco]) => eco),
  )
}

function noAdvisoryDataGap(components: number): AssessmentGap {
  return {
    kind: 'no-advisory-data',
    message:
      'The advisory store held no advisories when this report was built: no component was checked for vulnerabilities. Import or sync advisories and the report is recomputed.',
    count: components,
    examples: [],
  }
}

function noMetadataGap(domain: 'stability' | 'licensing', components: number): AssessmentGap {
  return {
    kind: 'missing-metadata',
    message: `No registry metadata source was available: ${domain === 'stability' ? 'newer versions' : 'licences'} of ${components} component(s) unknown.`,
    count: components,
    examples: [],
  }
}

/** Stale (or failing) advisory data: every component was checked, but against old records. */
function staleAdvisoriesGap(snapshot: AdvisorySnapshot, components: number): AssessmentGap | null {
  if (snapshot.state !== 'stale') return null
  return {
    kind: 'stale-advisories',
    message: `Advisory data is stale: ${snapshot.problem ?? `last successful sync ${snapshot.lastSuccessAt ?? 'never'}`}. Advisories published since are missing.`,
    count: components,
    examples: [],
  }
}
