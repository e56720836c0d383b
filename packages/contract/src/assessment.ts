// What a report could and could not assess (issue 14 "Never fail open"; spec report-page §4 statuses, the
// partial-build banner; DESIGN §5): per domain an assessment state with the gaps behind it, the advisory
// data a report used, and the rule every consumer shares: a score is a number only for a domain assessed
// whole. Badges, charts, lists, exports and the CI outcome show "n/a" for `null`, never 100.
import { z } from 'zod'

export const scoreDomains = ['security', 'stability', 'licensing'] as const
export const scoreDomainSchema = z.enum(scoreDomains)
export type ScoreDomainName = z.infer<typeof scoreDomainSchema>

/**
 * complete: every component in the domain's scope was assessed; partial: some were not (see gaps);
 * none: nothing was (no advisory data, no registry metadata, nothing readable).
 */
export const assessmentStateSchema = z.enum(['complete', 'partial', 'none'])
export type AssessmentState = z.infer<typeof assessmentStateSchema>

/**
 * Why part of a report is missing. no-advisory-data: the advisory store was empty;
 * ecosystem-without-advisories: it held no record of the component's ecosystem; stale-advisories: the
 * last successful sync is older than the sync interval; unsupported-ecosystem: Sextant cannot match or
 * look up the ecosystem (an SBOM's deb, golang, composer purls); unorderable-version: the version is not
 * one its scheme can order (Debian's `2.x`, `debian`); missing-metadata: the registry answered nothing
 * for the package; incomplete-graph: a POM, parent or BOM could not be fetched, so dependencies are
 * missing or unresolved; skipped-input: a file or entry was skipped with a warning.
 */
export const assessmentGapKinds = [
  'no-advisory-data',
  'ecosystem-without-advisories',
  'stale-advisories',
  'unsupported-ecosystem',
  'unorderable-version',
  'missing-metadata',
  'incomplete-graph',
  'skipped-input',
] as const
export const assessmentGapKindSchema = z.enum(assessmentGapKinds)
export type AssessmentGapKind = z.infer<typeof assessmentGapKindSchema>

/** Most examples a gap carries (component names, files); `count` says how many there are. */
export const GAP_EXAMPLES = 5

export const assessmentGapSchema = z.object({
  kind: assessmentGapKindSchema,
  /** One sentence for people, e.g. "76 POMs could not be fetched: their dependencies are unresolved". */
  message: z.string(),
  /** How many components (or files, POMs) the gap covers. */
  count: z.number().int(),
  /** A few of them (`name@version`, a file), at most GAP_EXAMPLES. */
  examples: z.array(z.string()),
})
export type AssessmentGap = z.infer<typeof assessmentGapSchema>

/** One domain's assessment: its state, how much of its scope it covered, and why not all. */
export const sectionAssessmentSchema = z.object({
  state: assessmentStateSchema,
  /** Components in the domain's scope, and how many of them it could assess. */
  components: z.number().int(),
  assessedComponents: z.number().int(),
  /**
   * The score over the part that was assessed, when partial: never shown as the domain's score, only
   * beside "n/a" and used by the gate when the account lets a partial domain pass on it.
   */
  partialScore: z.number().nullable(),
  gaps: z.array(assessmentGapSchema),
})
export type SectionAssessment = z.infer<typeof sectionAssessmentSchema>

/** A report-level gap: one of the sections' gaps with the domains it affects (the PARTIAL banner lists these). */
export const reportGapSchema = assessmentGapSchema.extend({ domains: z.array(scoreDomainSchema) })
export type ReportGap = z.infer<typeof reportGapSchema>

/** The three domains' states in one object (history entries, lists, builds). */
export const domainAssessmentsSchema = z.object({
  security: assessmentStateSchema,
  stability: assessmentStateSchema,
  licensing: assessmentStateSchema,
})
export type DomainAssessments = z.infer<typeof domainAssessmentsSchema>

/** A domain's score where one can be shown: `null` = not assessed, or only partly ("n/a"). */
export const domainScoreSchema = z.number().nullable()

/**
 * The state of the advisory store: empty (nothing imported), stale (the last successful sync of a
 * configured source is older than the sync interval), failing (the last run of a source failed, data
 * still usable), fresh; `manual` when no source is synced (imports only) and the store is not empty.
 */
export const advisoryStoreStateSchema = z.enum(['empty', 'stale', 'failing', 'fresh', 'manual'])
export type AdvisoryStoreState = z.infer<typeof advisoryStoreStateSchema>

export const advisorySnapshotSourceSchema = z.object({
  id: z.string(),
  status: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
})

/** The advisory data a report was built with (recorded in each report; also `/status` and the health check). */
export const advisorySnapshotSchema = z.object({
  state: advisoryStoreStateSchema,
  /** Records in the store, and per ecosystem (ours: npm, maven, pypi, ...). */
  records: z.number().int(),
  byEcosystem: z.record(z.string(), z.number().int()),
  sources: z.array(advisorySnapshotSourceSchema),
  /** The newest successful sync or import of any source. */
  lastSuccessAt: z.string().nullable(),
  /** SEXTANT_ADVISORY_SYNC_HOURS in hours; null when no source is synced. */
  syncIntervalHours: z.number().nullable(),
  /** Why the state is not fresh, for people ("the last sync of osv-npm failed: ..."); null when fresh. */
  problem: z.string().nullable(),
  /** When it was read. */
  takenAt: z.string(),
})
export type AdvisorySnapshot = z.infer<typeof advisorySnapshotSchema>
