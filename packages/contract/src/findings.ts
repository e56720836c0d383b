// The findings table on the wire (issue 19 "Findings table"): one row per component × advisory of a
// report, as the engine builds them (engine triage/findings-table.ts), sent column by column
// (findings-columns.ts), and the CSV of the rows shown.
import { z } from 'zod'

export const findingColumnSchema = z.enum([
  'component',
  'version',
  'ecosystem',
  'advisory',
  'title',
  'severity',
  'cvss',
  'epss',
  'kev',
  'fix',
  'relation',
  'scope',
  'state',
  'justification',
  'isNew',
  'path',
])
export type FindingColumn = z.infer<typeof findingColumnSchema>

export const findingsQuerySchema = z.object({ reportUuid: z.string().max(64).optional() })

export const findingsCsvBodySchema = z.object({
  reportUuid: z.string().max(64),
  columns: z.array(findingColumnSchema).min(1).max(16),
  /** The keys of the rows shown, in the order shown (at most 100,000). */
  keys: z.array(z.string().max(2048)).max(100_000),
})
export const findingsCsvAnswerSchema = z.object({ fileName: z.string(), csv: z.string() })

const planFindingSchema = z.object({
  ecosystem: z.string(),
  name: z.string(),
  version: z.string(),
  adviceId: z.string(),
})
const laneSchema = z.enum(['patch', 'minor', 'major'])
export const lanePlanSchema = z.object({
  lane: laneSchema,
  fixed: z.number().int(),
  upgrades: z.array(
    z.object({
      ecosystem: z.string(),
      name: z.string(),
      from: z.string(),
      to: z.string(),
      change: laneSchema,
      fixes: z.array(planFindingSchema),
      together: z.number().int(),
      packages: z.array(z.string()),
    }),
  ),
  pins: z.array(
    z.object({
      ecosystem: z.string(),
      name: z.string(),
      from: z.string(),
      to: z.string(),
      via: z.enum(['lockfile', 'overrides', 'dependencyManagement']),
      fixes: z.array(planFindingSchema),
    }),
  ),
  remaining: z.array(
    z.object({
      finding: planFindingSchema,
      why: z.enum(['no-fix-published', 'outside-lane', 'paths-unknown', 'versions-unknown']),
    }),
  ),
  lines: z.array(z.string()),
})
/** The remediation plan of a report (issue 19 "Remediation plan"), per lane. */
export const remediationPlanSchema = z.object({
  reportUuid: z.string(),
  findings: z.number().int(),
  lanes: z.object({ patch: lanePlanSchema, minor: lanePlanSchema, major: lanePlanSchema }),
})
export type RemediationPlanDto = z.infer<typeof remediationPlanSchema>

/** Issue 19 "Downloadable as a patch": one lane of the plan as a unified diff of package.json / pom.xml. */
export const planPatchQuerySchema = findingsQuerySchema.extend({ lane: laneSchema.default('minor') })
export const planPatchAnswerSchema = z.object({
  fileName: z.string(),
  /** Unified diff (`git apply` / `patch -p1` from the project's root). */
  patch: z.string(),
  /** The files the patch changes. */
  files: z.array(z.string()),
  /** Changes of the lane left out of the patch (not mechanical), each with why. */
  skipped: z.array(z.object({ name: z.string(), why: z.string() })),
})
export type PlanPatchDto = z.infer<typeof planPatchAnswerSchema>
