// CWE lookups and the enrichment sources (spec report-page §7 GET /api/v1/vulns/cwe/{cweNumber}, §8 CWE
// message; accounts-and-api §7 "Vulnerabilities"; issue 9 "Enrichment"): a CWE's name and description,
// and the state of the EPSS, KEV and CWE imports beside the advisory databases.
import { z } from 'zod'
import { advisoryDbStatusSchema } from './advisories'

/** 'CWE-79', 'cwe-79' or '79'. */
export const cweParamsSchema = z.object({ cweId: z.string().min(1).max(20) })

/** GET /api/v1/vulns/cwe/{cweId}: 404 'Could not get CWE info from the provider' when unknown. */
export const cweInfoSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  /** MITRE's description when the imported list had one. */
  description: z.string().nullable(),
})
export type CweInfo = z.infer<typeof cweInfoSchema>

export const enrichmentKindSchema = z.enum(['epss', 'kev', 'cwe'])
export type EnrichmentKind = z.infer<typeof enrichmentKindSchema>

/** What one import read: rows inserted, updated, unchanged, skipped (bad lines), removed (gone from the snapshot). */
export const enrichmentRunCountsSchema = z.object({
  total: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  removed: z.number().int(),
})
export type EnrichmentRunCounts = z.infer<typeof enrichmentRunCountsSchema>

export const enrichmentDbSchema = z.object({
  id: enrichmentKindSchema,
  status: advisoryDbStatusSchema,
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  counts: enrichmentRunCountsSchema.nullable(),
  /** The snapshot's own version: EPSS score date, KEV catalogVersion. */
  version: z.string().nullable(),
  /** Rows stored now. */
  rows: z.number().int(),
})
export type EnrichmentDb = z.infer<typeof enrichmentDbSchema>

/** GET /api/v1/stats/enrichment-dbs (anonymous): one entry per kind, never-run ones included. */
export const enrichmentStatsSchema = z.object({ databases: z.array(enrichmentDbSchema) })
export type EnrichmentStats = z.infer<typeof enrichmentStatsSchema>

// ---- library lookups: advisories of one language (accounts-and-api §7 "Vulnerabilities and languages";
// issue 9 "Library lookups"). Empty query values count as absent; limit and offset keep their defaults.

const dropEmpty = (v: unknown) => (v === '' || v === null ? undefined : v)
const ADVISORY_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE'] as const
export type AdvisorySeverity = (typeof ADVISORY_SEVERITIES)[number]

/** 'high,critical' → ['HIGH', 'CRITICAL']; 'moderate' is MEDIUM (GitHub's word). */
const severityListSchema = z.preprocess(
  (v) => {
    const text = dropEmpty(v)
    if (text === undefined) return undefined
    const words = (Array.isArray(text) ? text : [text]).flatMap((x) => String(x).split(','))
    return words
      .map((w) => w.trim().toUpperCase())
      .filter((w) => w !== '')
      .map((w) => (w === 'MODERATE' ? 'MEDIUM' : w))
  },
  z
    .array(
      z.enum(ADVISORY_SEVERITIES, {
        error: `severity must be a comma-separated list of ${ADVISORY_SEVERITIES.join(', ')}`,
      }),
    )
    .optional(),
)

/** 'CWE-79', 'cwe-79' or '79' → 'CWE-79'. */
const cweFilterSchema = z.preprocess(
  (v) => {
    const text = dropEmpty(v)
    if (typeof text !== 'string') return text
    const m = /^(?:CWE-)?(\d{1,6})$/i.exec(text.trim())
    return m ? `CWE-${Number(m[1])}` : text
  },
  z
    .string()
    .regex(/^CWE-\d+$/, { error: "cwe must be a CWE identifier such as 'CWE-79' or 79" })
    .optional(),
)

const booleanFlag = (name: string) =>
  z.preprocess((v) => {
    const text = dropEmpty(v)
    if (text === undefined || typeof text === 'boolean') return text
    const t = String(text).trim().toLowerCase()
    return t === 'true' ? true : t === 'false' ? false : t
  }, z.boolean({ error: `${name} must be true or false` }).optional())

const advisoryFilters = {
  severity: severityListSchema,
  cwe: cweFilterSchema,
}

/** GET /api/v1/vulns/{language}: paging and filters. */
export const vulnListQuerySchema = z.object({
  limit: z.preprocess(
    dropEmpty,
    z.coerce
      .number({ error: 'limit must be an integer from 1 to 500' })
      .int({ error: 'limit must be an integer from 1 to 500' })
      .min(1, { error: 'limit must be an integer from 1 to 500' })
      .max(500, { error: 'limit must be an integer from 1 to 500' })
      .default(20),
  ),
  offset: z.preprocess(
    dropEmpty,
    z.coerce
      .number({ error: 'offset must be an integer of 0 or more' })
      .int({ error: 'offset must be an integer of 0 or more' })
      .min(0, { error: 'offset must be an integer of 0 or more' })
      .default(0),
  ),
  /**
   * Keyset paging (ours, issue 20): the `next` of the previous page; the page starts after its last
   * advisory, however deep, and `offset` counts from there.
   */
  after: z.preprocess(
    dropEmpty,
    z
      .string()
      .max(600, { error: 'after must be the next value of a previous page' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'after must be the next value of a previous page' })
      .optional(),
  ),
  ...advisoryFilters,
  /** Exact package name, normalised per ecosystem (npm name, Maven 'group:artifact'). */
  package: z.preprocess(dropEmpty, z.string().trim().min(1).max(300).optional()),
  /** Case-insensitive text found in the id, an alias or the summary. */
  q: z.preprocess(dropEmpty, z.string().trim().min(1).max(200).optional()),
  /** Only advisories modified at or after this date or time (ISO 8601). */
  modifiedSince: z.preprocess(
    dropEmpty,
    z
      .string()
      .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), {
        error: 'modifiedSince must be an ISO 8601 date or date-time, e.g. 2024-01-31',
      })
      .optional(),
  ),
  /** Withdrawn advisories are left out unless this is true. */
  includeWithdrawn: booleanFlag('includeWithdrawn'),
})
export type VulnListQuery = z.infer<typeof vulnListQuerySchema>

/** GET /api/v1/dependency/{language}/{name}/{version}?filters. */
export const dependencyFiltersSchema = z.object({
  ...advisoryFilters,
  /** true: only advices with a fixed-in version; false: only those without. */
  fixable: booleanFlag('fixable'),
})
export type DependencyFilters = z.infer<typeof dependencyFiltersSchema>

export const vulnLanguageParamsSchema = z.object({ language: z.string().min(1) })
export const vulnIdParamsSchema = z.object({ language: z.string().min(1), id: z.string().min(1).max(200) })

/** One advisory in a listing. */
export const vulnSummarySchema = z.object({
  id: z.string(),
  /** Every other identifier (CVE, GHSA, ...), CVEs first. */
  aliases: z.array(z.string()),
  cve: z.string().nullable(),
  summary: z.string(),
  severity: z.enum(ADVISORY_SEVERITIES),
  cvss: z.number().nullable(),
  cwes: z.array(z.string()),
  /** The package names of this language the advisory names. */
  packages: z.array(z.string()),
  published: z.string().nullable(),
  modified: z.string().nullable(),
  withdrawn: z.string().nullable(),
})
export type VulnSummary = z.infer<typeof vulnSummarySchema>

export const vulnListSchema = z.object({
  language: z.string(),
  /** Advisories matching the filters, over all pages. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** Newest `modified` first, then by id. */
  advisories: z.array(vulnSummarySchema),
  /** The `after` of the following page; null when this page is not full (nothing follows). */
  next: z.string().nullable(),
})
export type VulnList = z.infer<typeof vulnListSchema>

/** One advisory with what the report's Advice carries, and its affected packages of this language. */
export const vulnDetailSchema = vulnSummarySchema.extend({
  /** Markdown. */
  description: z.string(),
  links: z.array(z.object({ url: z.string(), type: z.string() })),
  epss: z.number().nullable(),
  kevEntry: z.object({ cve: z.string(), exploited: z.boolean() }).nullable(),
  affected: z.array(
    z.object({
      name: z.string(),
      fixedInVersions: z.array(z.string()),
      /** Each range as OSV events ('introduced', 'fixed', 'last_affected', 'limit'). */
      ranges: z.array(
        z.object({
          type: z.string(),
          events: z.array(z.object({ kind: z.string(), version: z.string() })),
        }),
      ),
      /** Versions the advisory lists explicitly. */
      versions: z.array(z.string()),
    }),
  ),
})
export type VulnDetail = z.infer<typeof vulnDetailSchema>

/** POST /api/v1/enrichment/import?kind= (ours; issue 14): as `sextant enrichment import` while the server runs. */
export const enrichmentImportQuerySchema = z.object({
  kind: enrichmentKindSchema,
  location: z.string().trim().min(1).max(2048).optional(),
  allowPrivate: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})

export const enrichmentImportResultSchema = z.object({
  kind: enrichmentKindSchema,
  counts: enrichmentRunCountsSchema,
  /** The snapshot's own version (EPSS score date, KEV catalogVersion). */
  version: z.string().nullable(),
  warnings: z.array(z.string()),
  warningCount: z.number().int(),
  durationMs: z.number(),
})
export type EnrichmentImportResult = z.infer<typeof enrichmentImportResultSchema>
