// Exclusions, recompute, refresh, CI builds, outcomes and diffs on the wire (spec report-page §3
// Exclusion, Diff entries, §4 recompute; accounts-and-api §7 "Exclusions", "Projects and reports";
// product-notes "How scans reach the server"). The engine builds the same shapes.
import { z } from 'zod'
import { domainAssessmentsSchema, domainScoreSchema, scoreDomainSchema } from './assessment'
import { outcomeSchema, reportStatusSchema } from './report'

export const exclusionSourceSchema = z.enum([
  'security:advices',
  'security:cves',
  'security:libraries',
  'stability:libraries',
  'licensing:libraries',
])
export const exclusionReasonSchema = z.enum(['mitigated', 'unapplicable', 'invalid', 'ignored'])
export const exclusionDomainSchema = z.enum(['security', 'stability', 'licensing'])

export const exclusionSchema = z.object({
  id: z.string(),
  source: exclusionSourceSchema,
  domain: exclusionDomainSchema,
  /** The advice uuid (advice exclusions). */
  uuid: z.string().optional(),
  cve: z.string().optional(),
  library: z.object({ name: z.string(), language: z.string() }).optional(),
  /** A version, '*' for every version, '--' for an empty one. */
  version: z.string().optional(),
  reason: exclusionReasonSchema,
  description: z.string(),
  transitive: z.boolean(),
  /** From the repository's `.meterian` file: removable only by changing the file. */
  readonly: z.boolean(),
  creatorUuid: z.string().nullable(),
  /**
   * Who made it, by name: only for members of the project's account (issue 14 "Exclusions you can see");
   * null for `.meterian` entries, a token without a member, or callers outside the account.
   */
  createdBy: z.string().nullable().optional(),
  /** When it was stored (ISO time); the `.meterian` ones when the analysis read the file. */
  createdAt: z.string().optional(),
  scope: z.enum(['branch', 'account']),
  /** The finding's analysis (issue 19): state, justification, responses, detail. */
  analysis: z
    .object({
      state: z.string(),
      justification: z.string().nullable(),
      responses: z.array(z.string()),
      detail: z.string(),
    })
    .optional(),
  /** YYYY-MM-DD after which the exclusion stops applying and its findings count again (issue 19). */
  expires: z.string().optional(),
  /** The exclusion as a `.meterian` entry (JSON string, with `source` and `version`). */
  content: z.string(),
})
export type ExclusionDto = z.infer<typeof exclusionSchema>

export const exclusionBranchParamsSchema = z.object({
  projectId: z.string().min(1),
  branch: z.string().min(1),
})
export const exclusionIdParamsSchema = exclusionBranchParamsSchema.extend({ exclusionId: z.string().min(1) })
export const exclusionListQuerySchema = z.object({ expanded: z.string().optional() })
export const exclusionFileQuerySchema = z.object({ full: z.enum(['true', 'false']).optional() })

/**
 * `content` is a JSON string: one entry with its `source` (e.g. `{"source":"security:cves","cve":"CVE-…",
 * "version":"*","reason":"mitigated","description":"…"}`), or a whole `.meterian` layout `{"exclusions":{…}}`.
 */
export const exclusionCreateBodySchema = z.object({
  /** Accepted for the page's payload and ignored: the server records the caller as the creator. */
  creatorUuid: z.string().max(64).nullable().optional(),
  content: z.string().min(2).max(1_000_000),
  /** Accepted for the page's mitigation payload (spec §3); the entry's own `source` wins. */
  domain: z.string().optional(),
})

export const accountExclusionParamsSchema = z.object({ id: z.string().min(1) })
export const accountExclusionQuerySchema = z.object({
  domain: exclusionDomainSchema.optional(),
  id: z.string().optional(),
})
/** v1 body: the entry itself (its `source` may be left out: the domain's library collection, or the kind by key). */
export const accountExclusionBodySchema = z.record(z.string(), z.unknown())

export const recomputeQuerySchema = z.object({
  branch: z.string().trim().min(1).max(255),
  includes: z.string().optional(),
})
export const analysisQueuedSchema = z.object({
  projectUuid: z.string(),
  branch: z.string(),
  analysisUuid: z.string(),
  status: z.literal('QUEUED'),
})
export const recomputeStateSchema = z.object({
  projectUuid: z.string(),
  branch: z.string(),
  reportUuid: z.string().nullable(),
  /** The exclusions in force now differ from those the latest report was built with: the page glows. */
  areExclusionsDifferent: z.boolean(),
  /** A recompute or refresh of the branch is queued or running. */
  running: z.boolean(),
  /**
   * The latest report is out of date (the recompute notice, issue 14): new advisory data arrived after it
   * was built ('advisories'), or it was stored before Sextant said what it could not assess
   * ('assessment'); a recompute is then queued in the background. `null` when it is current.
   */
  outOfDate: z.object({ reason: z.enum(['advisories', 'assessment']), since: z.string() }).nullable(),
})
export type RecomputeState = z.infer<typeof recomputeStateSchema>

export const diffQuerySchema = z.object({
  branch: z.string().trim().min(1).max(255),
  to: z.string().optional(),
  from: z.string().optional(),
})
const diffComponentSchema = z.object({ library: z.string(), language: z.string(), version: z.string() })
const changeSetSchema = z.object({ added: z.array(z.string()), removed: z.array(z.string()) })
export const diffEntrySchema = z.object({
  library: z.string(),
  version: z.string(),
  language: z.string(),
  reason: z.enum(['added', 'removed', 'updated']),
  patch: z.string().nullable().optional(),
  exclusion: z.boolean().optional(),
  exclusionRemoved: z.boolean().optional(),
  id: z.string().optional(),
  severity: z.string().optional(),
  cve: z.string().nullable().optional(),
  licenses: z.array(z.string()).optional(),
  policies: z.array(z.string()).optional(),
  diffLicenses: changeSetSchema.optional(),
  diffPolicies: changeSetSchema.optional(),
})
export const reportDiffSchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  components: z.object({
    plus: z.array(diffComponentSchema),
    minus: z.array(diffComponentSchema),
    versionChanges: z.array(
      diffComponentSchema
        .omit({ version: true })
        .extend({ from: z.string(), to: z.string(), direction: z.enum(['upgrade', 'downgrade', 'change']) }),
    ),
  }),
  security: z.array(diffEntrySchema),
  stability: z.array(diffEntrySchema),
  licensing: z.array(diffEntrySchema),
  messages: z.object({
    components: z.string().nullable(),
    security: z.string().nullable(),
    stability: z.string().nullable(),
    licensing: z.string().nullable(),
  }),
})
export type ReportDiffDto = z.infer<typeof reportDiffSchema>

export const outcomeQuerySchema = z.object({
  branch: z.string().trim().min(1).max(255),
  outcome: outcomeSchema,
})
export const branchOutcomeSchema = z.object({
  projectUuid: z.string(),
  branch: z.string(),
  outcome: outcomeSchema,
  updatedAt: z.string().nullable(),
})

export const projectCreateBodySchema = z.object({
  url: z.string().trim().min(1).max(2048),
  name: z.string().trim().min(1).max(255).optional(),
  branch: z.string().trim().min(1).max(255).optional(),
})
export const refreshQuerySchema = z.object({ branch: z.string().trim().min(1).max(255).default('main') })

export const buildCreateBodySchema = z
  .object({
    projectUuid: z.string().optional(),
    url: z.string().trim().min(1).max(2048).optional(),
    name: z.string().trim().min(1).max(255).optional(),
    branch: z.string().trim().min(1).max(255).default('main'),
    /**
     * This build's score minima (`sextant scan --min-security …`), each 0-100; a missing domain keeps
     * the account's. The report of the build is built with them (issue 15).
     */
    thresholds: z
      .object({
        security: z.number().min(0).max(100),
        stability: z.number().min(0).max(100),
        licensing: z.number().min(0).max(100),
      })
      .partial()
      .strict()
      .optional(),
  })
  .refine((b) => b.projectUuid || b.url, {
    message: 'Give projectUuid (an existing project) or url (a new one).',
  })
export const buildStatusSchema = z.enum(['OPEN', 'QUEUED', 'RUNNING', 'DONE', 'FAILED'])
export const buildSchema = z.object({
  uuid: z.string(),
  projectUuid: z.string(),
  branch: z.string(),
  status: buildStatusSchema,
  files: z.array(z.string()),
  analysisUuid: z.string().nullable(),
  reportUuid: z.string().nullable(),
  error: z.string().nullable(),
  /** When done: the report's status (PARTIAL says what is missing in the report's `gaps`). */
  reportStatus: reportStatusSchema.nullable(),
  /** When done; a `null` score = not assessed, or only partly ("n/a"): `assessment` says which. */
  scores: z
    .object({ security: domainScoreSchema, stability: domainScoreSchema, licensing: domainScoreSchema })
    .nullable(),
  /** The minima in force: the report's once DONE, before that the account's with this build's overrides. */
  thresholds: z.object({ security: z.number(), stability: z.number(), licensing: z.number() }),
  /** Per domain whether the report assessed anything of it (when DONE); `assessment` says how much. */
  assessed: z.object({ security: z.boolean(), stability: z.boolean(), licensing: z.boolean() }).nullable(),
  /** When done: per domain complete, partial or none (issue 14). */
  assessment: domainAssessmentsSchema.nullable(),
  /**
   * When done: the domains that failed the report's gate (below the minimum, not assessed, or partly
   * assessed while the account's partialAssessmentFailsGate is on).
   */
  failedDomains: z.array(scoreDomainSchema).nullable(),
  outcome: outcomeSchema.nullable(),
  /**
   * The CLI exit code (product-notes "CLI exit code"): +1 security, +2 stability, +4 licensing failed
   * (a domain not assessed fails); -3 nothing supported was found (UNSUPPORTED); -6 when the analysis
   * failed; null while it runs.
   */
  exitCode: z.number().int().nullable(),
  createdAt: z.string(),
})
export type BuildDto = z.infer<typeof buildSchema>
export const buildIdParamsSchema = z.object({ id: z.string().min(1) })
