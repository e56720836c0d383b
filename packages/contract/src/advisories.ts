// Advisory databases (spec accounts-and-api §7 "Licence server, databases, statistics, health"; issue 9):
// GET /api/v1/stats/advisories-dbs, GET /api/v1/databases, POST and GET /api/v1/databases/{id}/sync.
// A database is one configured OSV source with the state of its last sync.
import { z } from 'zod'

/** NEVER_RUN before the first sync; PARTIAL when records were skipped with warnings; FAILED with lastError. */
export const advisoryDbStatusSchema = z.enum(['NEVER_RUN', 'QUEUED', 'RUNNING', 'OK', 'PARTIAL', 'FAILED'])
export type AdvisoryDbStatus = z.infer<typeof advisoryDbStatusSchema>

/** What the last run read: records inserted, updated (newer `modified`), unchanged, skipped (bad records). */
export const advisoryRunCountsSchema = z.object({
  total: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** Records read per ecosystem (ours: npm, maven, pypi, ...); a record naming two counts in both. */
  byEcosystem: z.record(z.string(), z.number().int()),
})
export type AdvisoryRunCounts = z.infer<typeof advisoryRunCountsSchema>

export const advisoryDbSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: advisoryDbStatusSchema,
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  counts: advisoryRunCountsSchema.nullable(),
})
export type AdvisoryDb = z.infer<typeof advisoryDbSchema>

/** GET /api/v1/databases and /api/v1/databases/{id}/sync (members): with the location and warnings. */
export const advisoryDbDetailSchema = advisoryDbSchema.extend({
  location: z.string(),
  /** The first warnings of the last run (a skipped record names its id). */
  warnings: z.array(z.string()),
})
export type AdvisoryDbDetail = z.infer<typeof advisoryDbDetailSchema>

/** GET /api/v1/stats/advisories-dbs (anonymous): what the store holds, per ecosystem and per source. */
export const advisoryDbStatsSchema = z.object({
  total: z.number().int(),
  withdrawn: z.number().int(),
  byEcosystem: z.record(z.string(), z.number().int()),
  databases: z.array(advisoryDbSchema),
})
export type AdvisoryDbStats = z.infer<typeof advisoryDbStatsSchema>

export const databaseIdParamsSchema = z.object({ id: z.string().min(1).max(200) })

/**
 * POST /api/v1/databases/import (ours; issue 14): imports OSV advisories into the running server, so that
 * `sextant advisories import` works while the server holds the embedded database. The file goes as the
 * multipart field 'file' (all.zip, JSONL[.gz], JSON); or `location` names an http(s) URL the server
 * fetches. Reports built before are then marked out of date and recomputed in the background.
 */
export const advisoryImportQuerySchema = z.object({
  location: z.string().trim().min(1).max(2048).optional(),
  /** Let `location` be on a private or loopback address (an internal mirror). */
  allowPrivate: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})

export const advisoryImportResultSchema = z.object({
  /** The database the records were stored as ('import-npm' for npm.jsonl.gz; a configured source's id). */
  sourceId: z.string(),
  counts: advisoryRunCountsSchema,
  /** The first warnings (a skipped record names its id); `warningCount` says how many there were. */
  warnings: z.array(z.string()),
  warningCount: z.number().int(),
  durationMs: z.number(),
  /** Whether reports were queued for re-assessment (some record was inserted or changed). */
  reassessing: z.boolean(),
})
export type AdvisoryImportResult = z.infer<typeof advisoryImportResultSchema>
