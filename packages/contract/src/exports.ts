// Downloads and badges (spec report-page §7 "POST /api/v1/reports/{format}/{id}", "GET
// /api/v1/reports/{pid}/json", badges; §9 download types; accounts-and-api §7 "Report export (eras)").
// An era is one export job: queued, running with a progress, done with a file, or failed.
import { z } from 'zod'
import { severitySchema } from './report'

/** Spec §9 download types, the SPDX SBOM, the report JSON and the three CSV exports of the page. */
export const exportFormatSchema = z.enum([
  'pdf',
  'bible_pdf',
  'bible_json',
  'sbom_csv',
  'sbom-cdx.json',
  'sbom-cdx.xml',
  'sbom-spdx.json',
  'json',
  'vulnerabilities_csv',
  'stability_csv',
  'licenses_csv',
])
export type ExportFormatName = z.infer<typeof exportFormatSchema>

/** Which dependencies a download lists: every one, or production only (report-page §2 scope options). */
export const exportScopeSchema = z.enum(['all', 'prod'])
export type ExportScope = z.infer<typeof exportScopeSchema>

export const eraStatusSchema = z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED'])

export const eraSchema = z.object({
  id: z.string(),
  projectUuid: z.string(),
  reportUuid: z.string(),
  branch: z.string(),
  format: exportFormatSchema,
  /** The dependencies the file lists: 'all', or 'prod' as the page's Production scope. */
  scope: exportScopeSchema.default('all'),
  status: eraStatusSchema,
  /** 0-100; 100 when done, 0 after a failure. */
  progress: z.number().int(),
  message: z.string().nullable(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  /** The key that lets anyone holding the link download the file (`?downloadKey=`). */
  downloadKey: z.string(),
  /** Path of the file: GET it (with `?downloadKey=` when sharing the link). */
  downloadUrl: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
})
export type Era = z.infer<typeof eraSchema>

export const eraCreateBodySchema = z.object({
  /** Project uuid (`pid` is accepted as an alias, as the processing page names it). */
  projectId: z.string().min(1).optional(),
  pid: z.string().min(1).optional(),
  branch: z.string().min(1).max(500).optional(),
  reportUuid: z.string().min(1).optional(),
  format: exportFormatSchema,
  /** 'prod': production dependencies only, as the page shows them with its Production scope. */
  scope: exportScopeSchema.optional(),
})

export const eraConfigSchema = z.object({
  formats: z.array(exportFormatSchema),
  /** Reports up to this many components are answered at once by POST /api/v1/reports/{format}/{id}. */
  inlineComponentsLimit: z.number().int(),
  /** The processing page's refresh timer: this many ms per started 200 components (spec §9). */
  refreshTimerMsPer200Components: z.number().int(),
  retentionHours: z.number().int(),
})

export const downloadParamsSchema = z.object({ format: exportFormatSchema, projectId: z.string().min(1) })
const listOf = <T extends string>(item: z.ZodType<T, string>, max: number) =>
  z
    .string()
    .max(max * 40)
    .transform((text) => (text === '' ? [] : text.split(',')))
    .pipe(z.array(item).max(max))
const rangeOf = (max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?,\d+(\.\d+)?$/, 'give two numbers: low,high')
    .transform((text) => text.split(',').map(Number) as [number, number])
    .refine(([low, high]) => low <= high && high <= max, `low ≤ high ≤ ${max}`)

/**
 * What the page shows, for its CSV buttons (issue 13 item 18: every CSV comes from the server's one
 * writer): active languages, 'Show issues only', and the security Filters (severities, EPSS % and CVSS
 * ranges as `low,high`). Applies to the CSV formats; a field left out keeps every row for it.
 */
export const reportViewQuerySchema = z.object({
  languages: listOf(z.string().min(1).max(40), 50).optional(),
  issuesOnly: z.enum(['true', 'false']).optional(),
  severities: listOf(severitySchema, 6).optional(),
  epss: rangeOf(100).optional(),
  cvss: rangeOf(10).optional(),
})

export const downloadQuerySchema = z.object({
  branch: z.string().min(1).max(500).optional(),
  reportUuid: z.string().min(1).optional(),
  scope: exportScopeSchema.optional(),
  ...reportViewQuerySchema.shape,
})
export const reportJsonQuerySchema = z.object({
  branch: z.string().min(1).max(500).optional(),
  key: z.string().min(1).max(200).optional(),
})
export const eraIdParamsSchema = z.object({ id: z.string().min(1) })
export const eraFileParamsSchema = z.object({ id: z.string().min(1), file: z.string().min(1) })
export const eraFileQuerySchema = z.object({ downloadKey: z.string().min(1).max(200).optional() })

export const badgeDomainSchema = z.enum(['security', 'stability', 'licensing'])
export const badgeParamsSchema = z.object({ projectId: z.string().min(1), domain: badgeDomainSchema })
export const badgeQuerySchema = z.object({
  branch: z.string().min(1).max(500).optional(),
  /** Any value but 'false' answers the SVG as base64 text. */
  b64: z.string().optional(),
  /** Cache-busting value from the page (ignored). */
  slug: z.string().optional(),
  reportUuid: z.string().min(1).optional(),
  /** The project's badge key: needed for private projects. */
  key: z.string().min(1).max(200).optional(),
})
export const badgeKeySchema = z.object({
  key: z.string(),
  /** Badge paths for each domain, key included. */
  urls: z.record(badgeDomainSchema, z.string()),
})
