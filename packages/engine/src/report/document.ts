// The report document (spec report-page §3 entities Report, Security, Stability, Licensing, summaries).
// Immutable once stored; the contract package holds the zod schema of the same wire shape.
import type { AppliedExclusion, ReportExclusions } from '../exclusions/model'
import type { ComponentHash, Language, Location, Scope } from '../model'
import type { AutoMitigationThresholds } from './auto-mitigation'

export type ReportStatus = 'OK' | 'PARTIAL' | 'UNSUPPORTED' | 'ERROR' | 'NOT FOUND' | 'FAILED'
export type Outcome = 'PASS' | 'FAIL' | 'UNDECLARED'
export type Severity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW' | 'SUGGEST' | 'NONE'
export type ReportDomain = 'security' | 'stability' | 'licensing'

/** complete: every component in scope assessed; partial: some not (see gaps); none: nothing was. */
export type AssessmentState = 'complete' | 'partial' | 'none'

/** Why part of a report is missing (contract assessment.ts describes each kind). */
export type AssessmentGapKind =
  | 'no-advisory-data'
  | 'ecosystem-without-advisories'
  | 'stale-advisories'
  | 'unsupported-ecosystem'
  | 'unorderable-version'
  | 'missing-metadata'
  | 'incomplete-graph'
  | 'skipped-input'

export interface AssessmentGap {
  kind: AssessmentGapKind
  message: string
  /** Components (or files, POMs) the gap covers. */
  count: number
  /** A few of them, at most GAP_EXAMPLES. */
  examples: string[]
}

export interface SectionAssessment {
  state: AssessmentState
  components: number
  assessedComponents: number
  /** The score over the assessed part when partial (never the domain's score); null otherwise. */
  partialScore: number | null
  gaps: AssessmentGap[]
}

export interface ReportGap extends AssessmentGap {
  domains: ReportDomain[]
}

/** The advisory store's state when the report was built (contract advisorySnapshotSchema). */
export interface AdvisorySnapshot {
  state: 'empty' | 'stale' | 'failing' | 'fresh' | 'manual'
  records: number
  byEcosystem: Record<string, number>
  sources: { id: string; status: string; lastSuccessAt: string | null; lastError: string | null }[]
  lastSuccessAt: string | null
  syncIntervalHours: number | null
  problem: string | null
  takenAt: string
}

export interface ReportTimestamp {
  year: number
  month: number
  dayOfMonth: number
  hour: number
  minute: number
  second: number
  nano: number
}

export interface Library {
  name: string
  displayName: string
  language: Language
  unityPlugin: boolean
}

export interface AdviceLink {
  url: string
  type: string
}

export interface Advice {
  id: string
  cve: string | null
  /** Every other identifier of the vulnerability (CVE, GHSA, PYSEC, ...); absent in older reports. */
  aliases?: string[]
  cwe: string | null
  cvss: number | null
  /** The CVSS vector `cvss` was scored from (its version in the prefix); absent in older reports. */
  cvssVector?: string
  epss: number | null
  severity: Severity
  type: 'security' | 'suggestion'
  description: string
  links: AdviceLink[]
  fixedInVersions: string[]
  affectedComponents: string[]
  kevEntry: { cve: string; exploited: boolean } | null
  exclusions?: unknown[]
  /** Exclusions of this advice whose expiry date has passed: the finding is back (issue 19). */
  expiredExclusions?: AppliedExclusion[]
}

export interface SafeVersions {
  latestPatch?: string
  latestMinor?: string
  latestMajor?: string
}

export interface ComponentReport {
  dependency: { library: Library; version: string }
  advices: Advice[]
  safeVersions: SafeVersions
  /** Paths from the project root, e.g. ["project:--", "a:1.0", "b:2.1"] (the shortest few). */
  hierarchy: string[][]
  /** Every direct dependency that brings this component in (`name:version`); empty when direct. */
  introducedBy: string[]
  locations: Location[]
  scope: Scope
  transitive: boolean
  otherVersionsCount: number
  /** From an SBOM without a dependency graph: `transitive` is a guess, the relationship is unknown. */
  relationshipUnknown?: true
  /** The version is not one its scheme can order (`2.x`, `debian`): matched only where listed exactly. */
  unorderableVersion?: true
  /** Digests of the package file as the input gave them (lockfile integrity, SBOM hashes; issue 19). */
  hashes?: ComponentHash[]
  /** The supplier the input SBOM named. */
  supplier?: string
  /** Trusted transitive exclusions covering this component (itself trusted, or brought in only by trusted ones). */
  transitiveExclusions?: AppliedExclusion[]
}

/** A trusted transitive component (spec §5: "Trusted transitive library exclusions become pseudo-components"). */
export interface TrustedComponent {
  library: Library
  version: string
  exclusions: AppliedExclusion[]
  /** Components covered through it, itself included. */
  covered: number
}

export interface SecuritySummary {
  critical: number
  high: number
  medium: number
  low: number
  none: number
  suggest: number
  exclusions: number
  components: number
}

/** Spec report-page §3 "Issue summary": distinct, non-excluded vulnerabilities of one language. */
export interface IssueSummary {
  cwes: number
  cves: number
  threats: number
  fixable: number
  notFixable: number
  highestCvss: number | null
}

export interface SecuritySection {
  /** 0-100; `null` unless `assessment.state` is 'complete': "n/a", never a clean 100. */
  score: number | null
  componentsCount: number
  /** Something was assessed (`assessment.state` is not 'none'), so findings can be listed. */
  assessed: boolean
  assessment: SectionAssessment
  assessments: {
    language: Language
    componentsCount: number
    reports: ComponentReport[]
    trusted: TrustedComponent[]
  }[]
  summary: Partial<Record<Language, SecuritySummary>>
  /** Per language; absent in reports stored before it existed. */
  issues?: Partial<Record<Language, IssueSummary>>
}

export interface StabilityVersion {
  name: string
  version: string
  scope: Scope
  latestPatch: string | null
  latestMinor: string | null
  latestMajor: string | null
  newPatchVersionAvailable: boolean
  newMinorVersionAvailable: boolean
  newMajorVersionAvailable: boolean
  exclusions?: unknown[]
}

export interface StabilitySection {
  /** 0-100; `null` unless `assessment.state` is 'complete': "n/a", never a clean 100. */
  score: number | null
  componentsCount: number
  /** Something was assessed (`assessment.state` is not 'none'), so findings can be listed. */
  assessed: boolean
  assessment: SectionAssessment
  reports: { language: Language; componentsCount: number; versions: StabilityVersion[] }[]
  summary: { patch: number; minor: number; major: number; exclusions: number; components: number }
}

export interface LicenceRef {
  id: string
  name: string
  uri: string | null
  /** An "or later" licence (`Apache-2.0+`, `GPL-2.0-or-later`): any later version of it may apply. */
  wildcard: boolean
  /** Not an open licence on the SPDX list: an account-defined id, `LicenseRef-…`, `UNLICENSED`, `SEE LICENSE IN`. */
  proprietary: boolean
}

export interface LicensingResult {
  library: Library
  version: string
  scope: Scope
  transitive: boolean
  /** As on a component report: direct or transitive is not known. */
  relationshipUnknown?: true
  licenses: LicenceRef[]
  warnings: string[]
  violations: { policyName: string; licence: string }[]
  exclusions?: unknown[]
  /** The copyright text the account set for the library (spec §2 Copyright edit dialog); absent when none. */
  copyright?: string
  /**
   * The licences as the input (lockfile, SBOM) or the account's licence fix gave them, expressions
   * unsplit (issue 19: exports write licences as given); absent when they came from the registry.
   */
  given?: string[]
  /** Nothing valid declared (undeclared or wholly unrecognised): counted in summary.undeclared. */
  undeclared?: boolean
}

export interface LicensingSection {
  /** 0-100; `null` unless `assessment.state` is 'complete': "n/a", never a clean 100. */
  score: number | null
  componentsCount: number
  /** Something was assessed (`assessment.state` is not 'none'), so findings can be listed. */
  assessed: boolean
  assessment: SectionAssessment
  reports: { language: Language; componentsCount: number; results: LicensingResult[] }[]
  summary: {
    tot: number
    forbidden: number
    undeclared: number
    violationExclusions: number
    warningExclusions: number
    forbiddenWithoutExclusion: number
    undeclaredWithoutExclusion: number
    components: number
  }
}

export interface ReportNote {
  domain: 'general' | 'security' | 'stability' | 'licensing'
  message: string
  file?: string
  line?: number
}

/** The dependency scopes each domain assessed (spec accounts-and-api §2 configuration.analysisScopes). */
export interface AnalysisScopes {
  security: Scope[]
  stability: Scope[]
  licensing: Scope[]
}

export interface ReportDocument {
  uuid: string
  status: ReportStatus
  timestamp: ReportTimestamp
  /** ISO-8601 form of `timestamp`, for clients that want one string. */
  createdAt: string
  outcome: Outcome
  /** The scopes of the components at least one domain assessed. */
  scopes: Scope[]
  /** The scopes each domain assessed, when the account narrowed them; absent on older reports. */
  analysisScopes?: AnalysisScopes
  /** The account's auto-mitigation thresholds the report was built with; absent = none. */
  autoMitigation?: AutoMitigationThresholds
  thresholds: { security: number; stability: number; licensing: number }
  /** `version`: the project's own (package.json, pom, the input SBOM's metadata.component), when known. */
  project: { uuid: string; branch: string; version?: string }
  summary: {
    components: number
    direct: number
    transitive: number
    /** Components read from an SBOM without a dependency graph: neither direct nor transitive is known. */
    unknownRelationships: number
    languages: Language[]
  }
  security: SecuritySection
  stability: StabilitySection
  licensing: LicensingSection
  /** Warnings from extraction and enrichment, with file and line where known. */
  notes: ReportNote[]
  /** What could not be assessed, with the domains it affects; non-empty exactly when PARTIAL. */
  gaps: ReportGap[]
  /** The advisory data the report was built with; absent when none was recorded (older reports, offline CLI). */
  advisorySnapshot?: AdvisorySnapshot
  /** The domains that failed the gate and whether a partly-assessed domain fails it (account setting). */
  gate: { failed: ReportDomain[]; partialFails: boolean }
  /** The exclusions in force when the report was built (spec §3 Report.exclusions collections). */
  exclusions?: ReportExclusions
  /** Whether those exclusions differ from the ones the previous report of the branch was built with. */
  areExclusionsDifferent?: boolean
  /** The trusted transitive exclusions in force. */
  transitiveExclusions?: AppliedExclusion[]
  /** Change detector of the exclusions in force (engine/exclusions exclusionsFingerprint). */
  exclusionsFingerprint?: string
  /** The commit analysed, when the source was a git repository (refresh). */
  commit?: string
  /** Opens the report's download links without signing in (spec report-page §3, §5); set when stored. */
  downloadKey?: string
}
