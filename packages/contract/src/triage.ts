// Triage on the wire (issue 19 "Analysis states"; CycloneDX 1.5 vulnerability.analysis, Dependency-Track's
// audit model): a finding is one component × advisory of a branch; its analysis has a state,
// justification, responses, detail and an expiry date; every change is kept in its audit trail.
import { z } from 'zod'

export const findingStateSchema = z.enum([
  'in_triage',
  'exploitable',
  'resolved',
  'false_positive',
  'not_affected',
])
export const analysisJustificationSchema = z.enum([
  'code_not_present',
  'code_not_reachable',
  'requires_configuration',
  'requires_dependency',
  'requires_environment',
  'protected_by_compiler',
  'protected_at_runtime',
  'protected_at_perimeter',
  'protected_by_mitigating_control',
])
export const analysisResponseSchema = z.enum([
  'can_not_fix',
  'will_not_fix',
  'update',
  'rollback',
  'workaround_available',
])

/** One finding: the advice (its id as the report shows it) on one component version. */
export const findingRefSchema = z.object({
  library: z.object({ name: z.string().min(1).max(512), language: z.string().min(1).max(32) }),
  version: z.string().min(1).max(256),
  adviceId: z.string().min(1).max(256),
})
export type FindingRef = z.infer<typeof findingRefSchema>

export const findingAnalysisInputSchema = z.object({
  state: findingStateSchema,
  justification: analysisJustificationSchema.nullable().optional(),
  responses: z.array(analysisResponseSchema).max(5).optional(),
  detail: z.string().max(10_000).optional(),
  /** YYYY-MM-DD: the exclusion stops applying after that day and the finding counts again. */
  expires: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'write the date as YYYY-MM-DD')
    .nullable()
    .optional(),
})

export const triageBodySchema = z.object({
  /** Bulk triage: at most 1,000 findings in one call, all set to the same analysis. */
  findings: z.array(findingRefSchema).min(1).max(1000),
  analysis: findingAnalysisInputSchema,
})

export const findingAnalysisSchema = findingRefSchema.extend({
  state: findingStateSchema,
  justification: analysisJustificationSchema.nullable(),
  responses: z.array(analysisResponseSchema),
  detail: z.string(),
  expires: z.string().nullable(),
  /** The exclusion the analysis made (states resolved, false_positive, not_affected), else null. */
  exclusionId: z.string().nullable(),
  updatedAt: z.string(),
})
export type FindingAnalysisDto = z.infer<typeof findingAnalysisSchema>

export const analysisChangeSchema = z.object({
  field: z.enum(['state', 'justification', 'responses', 'detail', 'expires']),
  from: z.string().nullable(),
  to: z.string().nullable(),
})
export const analysisEventSchema = findingRefSchema.extend({
  /** Who: the member's e-mail at the time (null for the system). */
  actor: z.string().nullable(),
  at: z.string(),
  via: z.enum(['triage', 'vex-import', 'exclusion-removed']),
  changes: z.array(analysisChangeSchema),
})
export type AnalysisEventDto = z.infer<typeof analysisEventSchema>

export const triageEventsQuerySchema = z.object({
  name: z.string().min(1).max(512),
  language: z.string().min(1).max(32),
  version: z.string().min(1).max(256),
  adviceId: z.string().min(1).max(256),
})
export type FindingAnalysisInput = z.infer<typeof findingAnalysisInputSchema>
export type FindingState = z.infer<typeof findingStateSchema>
export type AnalysisJustification = z.infer<typeof analysisJustificationSchema>
export type AnalysisResponse = z.infer<typeof analysisResponseSchema>

export const vexImportBodySchema = z.object({
  /** A CycloneDX VEX (JSON) or OpenVEX document, as text (at most 20 MB). */
  document: z.string().min(2).max(20_000_000),
})
export const vexImportAnswerSchema = z.object({
  format: z.enum(['cyclonedx', 'openvex']),
  /** Findings of the latest report whose analysis was set. */
  matched: z.number().int(),
  /** Statements that named no finding of the report. */
  unmatched: z.number().int(),
  warnings: z.array(z.object({ path: z.string(), message: z.string() })),
})
