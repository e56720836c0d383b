// The report document on the wire (spec report-page §3: Report, Security, Advice, Stability, Licensing,
// summaries) and the history list. The engine builds the same shape; a server test checks they agree.
import { z } from 'zod'
import {
  advisorySnapshotSchema,
  domainAssessmentsSchema,
  domainScoreSchema,
  reportGapSchema,
  scoreDomainSchema,
  sectionAssessmentSchema,
} from './assessment'
import { adviceJiraSchema, reportJiraInfoSchema } from './jira'

export const reportStatusSchema = z.enum(['OK', 'PARTIAL', 'UNSUPPORTED', 'ERROR', 'NOT FOUND', 'FAILED'])
export type ReportStatus = z.infer<typeof reportStatusSchema>
export const outcomeSchema = z.enum(['PASS', 'FAIL', 'UNDECLARED'])
export const scopeSchema = z.enum(['prod', 'dev', 'test', 'provided', 'optional'])
export const severitySchema = z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'SUGGEST', 'NONE'])
export const languageSchema = z.string()

const locationSchema = z.object({ file: z.string(), line: z.number().int().optional() })

export const librarySchema = z.object({
  name: z.string(),
  displayName: z.string(),
  language: languageSchema,
  unityPlugin: z.boolean(),
})

export const adviceSchema = z.object({
  id: z.string(),
  cve: z.string().nullable(),
  /**
   * Every other identifier of the vulnerability, CVEs first (a GHSA and a CVE record describing one
   * vulnerability are one advice; issue 9). Absent in reports stored before it existed.
   */
  aliases: z.array(z.string()).optional(),
  cwe: z.string().nullable(),
  cvss: z.number().nullable(),
  /** The CVSS vector `cvss` was scored from; absent in older reports. */
  cvssVector: z.string().optional(),
  epss: z.number().nullable(),
  severity: severitySchema,
  type: z.enum(['security', 'suggestion']),
  description: z.string(),
  links: z.array(z.object({ url: z.string(), type: z.string() })),
  fixedInVersions: z.array(z.string()),
  affectedComponents: z.array(z.string()),
  kevEntry: z.object({ cve: z.string(), exploited: z.boolean() }).nullable(),
  exclusions: z.array(z.unknown()).optional(),
  /** The Jira issue created for this advice in its project (added when the report is read). */
  jira: adviceJiraSchema.optional(),
})
export type Advice = z.infer<typeof adviceSchema>

export const safeVersionsSchema = z.object({
  latestPatch: z.string().optional(),
  latestMinor: z.string().optional(),
  latestMajor: z.string().optional(),
})

export const componentReportSchema = z.object({
  dependency: z.object({ library: librarySchema, version: z.string() }),
  advices: z.array(adviceSchema),
  safeVersions: safeVersionsSchema,
  hierarchy: z.array(z.array(z.string())),
  introducedBy: z.array(z.string()),
  locations: z.array(locationSchema),
  scope: scopeSchema,
  transitive: z.boolean(),
  otherVersionsCount: z.number().int(),
  /** From an SBOM without a dependency graph: direct or transitive is not known (`transitive` is a guess). */
  relationshipUnknown: z.literal(true).optional(),
  /** The version is not one its scheme can order (`2.x`, `debian`): matched only where listed exactly. */
  unorderableVersion: z.literal(true).optional(),
  /** Digests of the package file as the input gave them (CycloneDX algorithm names, hex). */
  hashes: z.array(z.object({ alg: z.string(), content: z.string() })).optional(),
  /** The supplier the input SBOM named. */
  supplier: z.string().optional(),
})

const securitySummarySchema = z.object({
  critical: z.number(),
  high: z.number(),
  medium: z.number(),
  low: z.number(),
  none: z.number(),
  suggest: z.number(),
  exclusions: z.number(),
  components: z.number(),
})

export const securitySectionSchema = z.object({
  /** The score (0-100); `null` unless `assessment.state` is 'complete' (show "n/a", never 100). */
  score: domainScoreSchema,
  componentsCount: z.number().int(),
  /** Something was assessed (`assessment.state` is not 'none'): the section's findings can be listed. */
  assessed: z.boolean(),
  assessment: sectionAssessmentSchema,
  assessments: z.array(
    z.object({
      language: languageSchema,
      componentsCount: z.number().int(),
      reports: z.array(componentReportSchema),
      trusted: z.array(z.unknown()),
    }),
  ),
  summary: z.record(z.string(), securitySummarySchema),
  /** Spec §3 "Issue summary" per language; absent in reports stored before it existed. */
  issues: z
    .record(
      z.string(),
      z.object({
        cwes: z.number().int(),
        cves: z.number().int(),
        threats: z.number().int(),
        fixable: z.number().int(),
        notFixable: z.number().int(),
        highestCvss: z.number().nullable(),
      }),
    )
    .optional(),
})

export const stabilityVersionSchema = z.object({
  name: z.string(),
  version: z.string(),
  scope: scopeSchema,
  latestPatch: z.string().nullable(),
  latestMinor: z.string().nullable(),
  latestMajor: z.string().nullable(),
  newPatchVersionAvailable: z.boolean(),
  newMinorVersionAvailable: z.boolean(),
  newMajorVersionAvailable: z.boolean(),
  exclusions: z.array(z.unknown()).optional(),
})

export const stabilitySectionSchema = z.object({
  /** The score (0-100); `null` unless `assessment.state` is 'complete' (show "n/a", never 100). */
  score: domainScoreSchema,
  componentsCount: z.number().int(),
  /** Something was assessed (`assessment.state` is not 'none'): the section's findings can be listed. */
  assessed: z.boolean(),
  assessment: sectionAssessmentSchema,
  reports: z.array(
    z.object({
      language: languageSchema,
      componentsCount: z.number().int(),
      versions: z.array(stabilityVersionSchema),
    }),
  ),
  summary: z.object({
    patch: z.number(),
    minor: z.number(),
    major: z.number(),
    exclusions: z.number(),
    components: z.number(),
  }),
})

/**
 * Spec §3 License: id, name, uri, wildcard, proprietary. wildcard: an "or later" licence (`Apache-2.0+`,
 * `GPL-2.0-or-later`); proprietary: the owner's own terms rather than a listed open licence (account
 * custom ids, `LicenseRef-…`, `UNLICENSED`, `SEE LICENSE IN`). Reports stored before the two flags
 * existed read as false.
 */
export const licenceRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  uri: z.string().nullable(),
  wildcard: z.boolean().default(false),
  proprietary: z.boolean().default(false),
})

export const licensingResultSchema = z.object({
  library: librarySchema,
  version: z.string(),
  scope: scopeSchema,
  transitive: z.boolean(),
  /** As on a component report: direct or transitive is not known. */
  relationshipUnknown: z.literal(true).optional(),
  licenses: z.array(licenceRefSchema),
  warnings: z.array(z.string()),
  violations: z.array(z.object({ policyName: z.string(), licence: z.string() })),
  exclusions: z.array(z.unknown()).optional(),
  /** The copyright text the account set for the library (copyright edit dialog); absent when none. */
  copyright: z.string().optional(),
  /** Nothing valid declared (undeclared or wholly unrecognised); absent in older reports and when false. */
  undeclared: z.boolean().optional(),
  /** The licences as the input or the account's licence fix gave them, expressions unsplit. */
  given: z.array(z.string()).optional(),
})

export const licensingSectionSchema = z.object({
  /** The score (0-100); `null` unless `assessment.state` is 'complete' (show "n/a", never 100). */
  score: domainScoreSchema,
  componentsCount: z.number().int(),
  /** Something was assessed (`assessment.state` is not 'none'): the section's findings can be listed. */
  assessed: z.boolean(),
  assessment: sectionAssessmentSchema,
  reports: z.array(
    z.object({
      language: languageSchema,
      componentsCount: z.number().int(),
      results: z.array(licensingResultSchema),
    }),
  ),
  summary: z.object({
    tot: z.number(),
    forbidden: z.number(),
    undeclared: z.number(),
    violationExclusions: z.number(),
    warningExclusions: z.number(),
    forbiddenWithoutExclusion: z.number(),
    undeclaredWithoutExclusion: z.number(),
    components: z.number(),
  }),
})

export const reportTimestampSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  dayOfMonth: z.number().int(),
  hour: z.number().int(),
  minute: z.number().int(),
  second: z.number().int(),
  nano: z.number().int(),
})

export const reportNoteSchema = z.object({
  domain: z.enum(['general', 'security', 'stability', 'licensing']),
  message: z.string(),
  file: z.string().optional(),
  line: z.number().int().optional(),
})

/**
 * The counts a report shows for one scope (issue 14 "Scope means scope"): computed by the engine's
 * report/totals.ts, the same function every download prints, and sent with the report (issue 18
 * acceptance 7: one computation, not a copy in the web app). 'all' or 'prod' (production only).
 */
const count = z.number().int()
export const reportTotalsSchema = z.object({
  scope: z.enum(['all', 'prod']),
  components: count,
  direct: count,
  transitive: count,
  /** Components whose relationship is not known (an SBOM without a dependency graph). */
  unknownRelationships: count,
  security: z.object({
    assessed: z.boolean(),
    critical: count,
    high: count,
    medium: count,
    low: count,
    /** critical + high + medium + low (suggestions and info aside). */
    vulnerabilities: count,
    suggest: count,
    none: count,
    /** Findings excluded (not in the counts above). */
    excluded: count,
    /** Components with at least one finding that is not excluded. */
    vulnerableComponents: count,
    components: count,
  }),
  stability: z.object({
    assessed: z.boolean(),
    components: count,
    /** Components not excluded, by their largest available update. */
    upToDate: count,
    patch: count,
    minor: count,
    major: count,
    outdated: count,
    excluded: count,
  }),
  licensing: z.object({
    assessed: z.boolean(),
    components: count,
    forbidden: count,
    undeclared: count,
    /** Neither a policy violation nor an undeclared licence, not excluded. */
    clean: count,
    /** No licence could be assessed (no declared licence, no registry metadata): not clean. */
    unknown: count,
    excluded: count,
  }),
})
export type ReportTotals = z.infer<typeof reportTotalsSchema>
export type TotalsScope = ReportTotals['scope']

export const reportSchema = z.object({
  uuid: z.string(),
  status: reportStatusSchema,
  timestamp: reportTimestampSchema,
  createdAt: z.string(),
  outcome: outcomeSchema,
  /** The scopes of the components at least one domain assessed. */
  scopes: z.array(scopeSchema),
  /** The scopes each domain assessed (account configuration.analysisScopes); absent on older reports. */
  analysisScopes: z
    .object({
      security: z.array(scopeSchema),
      stability: z.array(scopeSchema),
      licensing: z.array(scopeSchema),
    })
    .optional(),
  /** The account's auto-mitigation thresholds the report was built with (EPSS in percent). */
  autoMitigation: z
    .object({
      epss: z.number().nullable(),
      cvss: z.number().nullable(),
      severity: severitySchema.nullable(),
    })
    .optional(),
  thresholds: z.object({ security: z.number(), stability: z.number(), licensing: z.number() }),
  /** `version`: the project's own (package.json, pom, input SBOM), when known. */
  project: z.object({ uuid: z.string(), branch: z.string(), version: z.string().optional() }),
  summary: z.object({
    components: z.number().int(),
    direct: z.number().int(),
    transitive: z.number().int(),
    /** Components from an SBOM without a dependency graph: counted in neither direct nor transitive. */
    unknownRelationships: z.number().int(),
    languages: z.array(languageSchema),
  }),
  security: securitySectionSchema,
  stability: stabilitySectionSchema,
  licensing: licensingSectionSchema,
  notes: z.array(reportNoteSchema),
  /**
   * What could not be assessed, with the domains it affects; non-empty exactly when the status is PARTIAL
   * (the partial-build banner lists these).
   */
  gaps: z.array(reportGapSchema),
  /** The advisory data the report was built with; absent on reports stored before it was recorded. */
  advisorySnapshot: advisorySnapshotSchema.optional(),
  /**
   * The gate (outcome): the domains that failed it (below the minimum, not assessed, or partly assessed
   * while the account's `partialAssessmentFailsGate` is on, its default) and whether that setting was on.
   */
  gate: z.object({ failed: z.array(scoreDomainSchema), partialFails: z.boolean() }),
  /** Opens the report's download links (spec §5: downloads need a key); absent on reports stored before it. */
  downloadKey: z.string().optional(),
  /** The counts per scope (added by the server when the report is read; stored documents have none). */
  totals: z.object({ all: reportTotalsSchema, prod: reportTotalsSchema }),
  /** The project's Jira settings (added when the report is read; absent without them). */
  jiraInfo: reportJiraInfoSchema.optional(),
})
export type Report = z.infer<typeof reportSchema>

export const historyEntrySchema = z.object({
  uuid: z.string(),
  timestamp: z.string(),
  branch: z.string(),
  status: reportStatusSchema,
  outcome: outcomeSchema,
  /** `null`: not assessed or only partly ("n/a"); `assessment` says which. */
  security: domainScoreSchema,
  stability: domainScoreSchema,
  licensing: domainScoreSchema,
  assessment: domainAssessmentsSchema,
  minSecurityScore: z.number(),
  minStabilityScore: z.number(),
  minLicensingScore: z.number(),
  /** A live re-check (issue 16): recomputed from the stored graph after new advisory data, no upload. */
  live: z.boolean().optional(),
})
export type HistoryEntry = z.infer<typeof historyEntrySchema>

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(20),
  branch: z.string().optional(),
})

export const reportQuerySchema = z.object({
  branch: z.string().optional(),
  includes: z.string().optional(),
  slug: z.string().optional(),
})
