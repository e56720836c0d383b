// What is new in a report since the previous one of its branch (issue 16: the live re-check's delta):
// the wire shape of the engine's ReportDelta, answered by GET /api/v1/reports/{project}/delta and read by
// the report page to mark new findings. Excluded findings are never part of it.
import { z } from 'zod'
import { outcomeSchema, severitySchema } from './report'

export const deltaFindingSchema = z.object({
  domain: z.enum(['security', 'licensing']),
  key: z.string(),
  language: z.string(),
  library: z.string(),
  version: z.string(),
  /** Advisory id (security) or licence id (licensing). */
  id: z.string(),
  severity: severitySchema.nullable(),
  title: z.string(),
  cve: z.string().nullable(),
  kev: z.boolean(),
  epss: z.number().nullable(),
})
export type DeltaFindingWire = z.infer<typeof deltaFindingSchema>

export const reportDeltaSchema = z.object({
  hasPrevious: z.boolean(),
  newFindings: z.array(deltaFindingSchema),
  newlyKev: z.array(deltaFindingSchema),
  raisedSeverity: z.array(deltaFindingSchema.extend({ from: severitySchema })),
  outcome: z.object({ from: outcomeSchema.nullable(), to: outcomeSchema }),
})

export const reportDeltaEntrySchema = z.object({
  reportUuid: z.string(),
  previousReportUuid: z.string().nullable(),
  /** A live re-check: built from the stored graph because advisory data changed, with no new upload. */
  live: z.boolean(),
  createdAt: z.string(),
  delta: reportDeltaSchema,
})
export type ReportDeltaEntry = z.infer<typeof reportDeltaEntrySchema>

export const reportDeltaQuerySchema = z.object({
  branch: z.string().optional(),
  /** Default: the branch's latest report. */
  reportUuid: z.string().optional(),
})
