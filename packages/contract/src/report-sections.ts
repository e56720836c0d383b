// Issue 20 "Reports that stay small": the report page is served what it shows first (the outline: the
// report with its summaries, counts and the first screen of the security section) and the per-component
// lists of each domain section by pages. The spec's routes (/api/v1/reports/…/full) keep answering the
// whole document; these are the page's.
import { z } from 'zod'
import {
  componentReportSchema,
  licensingResultSchema,
  reportQuerySchema,
  reportSchema,
  stabilityVersionSchema,
} from './report'

export const reportSectionNameSchema = z.enum(['security', 'stability', 'licensing'])
export type ReportSectionName = z.infer<typeof reportSectionNameSchema>

/** Items (components) per section page. */
export const REPORT_SECTION_PAGE_SIZE = 500
/** The most vulnerable components the outline carries (the security section's first screen). */
export const OUTLINE_SECURITY_LIMIT = 500

const sectionCountSchema = z.object({
  /** Items of the section in the whole report (over every language). */
  total: z.number().int(),
  /** Items of the section in this outline. */
  included: z.number().int(),
  /** Pages of the section route (`REPORT_SECTION_PAGE_SIZE` items each). */
  pages: z.number().int(),
})

/**
 * The report with its per-component lists cut to the first screen: security keeps the components with at
 * least one advice (what its default 'issues only' list shows), up to OUTLINE_SECURITY_LIMIT; stability
 * and licensing keep none. Every summary, count, score, the gate and `totals` are whole.
 */
export const reportOutlineSchema = reportSchema.extend({
  outline: z.object({
    security: sectionCountSchema.extend({
      /** Every component with an advice is included: the 'issues only' list is whole. */
      issuesComplete: z.boolean(),
    }),
    stability: sectionCountSchema,
    licensing: sectionCountSchema,
  }),
})
export type ReportOutline = z.infer<typeof reportOutlineSchema>

const pageFields = {
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
}

/** One page of a section's items, in document order, grouped by the language part they belong to. */
export const reportSectionPageSchema = z.discriminatedUnion('section', [
  z.object({
    section: z.literal('security'),
    ...pageFields,
    parts: z.array(z.object({ language: z.string(), items: z.array(componentReportSchema) })),
  }),
  z.object({
    section: z.literal('stability'),
    ...pageFields,
    parts: z.array(z.object({ language: z.string(), items: z.array(stabilityVersionSchema) })),
  }),
  z.object({
    section: z.literal('licensing'),
    ...pageFields,
    parts: z.array(z.object({ language: z.string(), items: z.array(licensingResultSchema) })),
  }),
])
export type ReportSectionPage = z.infer<typeof reportSectionPageSchema>

export const reportSectionParamsSchema = z.object({
  projectId: z.string().min(1),
  reportId: z.string().min(1),
  domain: reportSectionNameSchema,
})

export const reportSectionQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  branch: z.string().optional(),
})

export const reportOutlineQuerySchema = reportQuerySchema
