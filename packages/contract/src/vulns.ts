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
