// Route definitions of the statistics files (issue 16; spec accounts-and-api §7 "statistics": GET
// /stats/allerta.json, /stats/allerta_{date}.json, /stats/public-vulns.json; payloads "not shown" in §3, so
// the shapes are ours). Allerta (the daily alerts): the alerts sent to the caller's account (the anonymous
// caller's is the public default account), counted from the delivery log by ecosystem (the finding's
// language key) and severity; an alert without a finding (outcome PASS → FAIL, analysis failed) counts
// under ecosystem 'none' and severity 'NONE'. Account read (§6): every member and the anonymous caller.
// public-vulns: advisories of the store published in the last days, newest first, bounded; public data.
import { z } from 'zod'
import type { RouteDef } from './routes'

/** Days GET /stats/allerta.json covers, today (UTC) included. */
export const ALLERTA_SUMMARY_DAYS = 30
export const PUBLIC_VULNS_DEFAULT_DAYS = 7
export const PUBLIC_VULNS_MAX_DAYS = 90
export const PUBLIC_VULNS_MAX = 500

const count = z.number().int().nonnegative()
export const allertaCountSchema = z.object({ ecosystem: z.string(), severity: z.string(), alerts: count })

export const allertaDaySchema = z.object({
  accountUuid: z.string(),
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  /** Alert items sent that day (one per finding and event). */
  alerts: count,
  /** Messages sent that day (an e-mail, a Slack post or a webhook call carries one or more alerts). */
  messages: count,
  byEcosystem: z.record(z.string(), count),
  bySeverity: z.record(z.string(), count),
  counts: z.array(allertaCountSchema),
})
export type AllertaDay = z.infer<typeof allertaDaySchema>

export const allertaSummarySchema = z.object({
  accountUuid: z.string(),
  from: z.string(),
  to: z.string(),
  alerts: count,
  days: z.array(allertaDaySchema.omit({ accountUuid: true, counts: true })),
})
export type AllertaSummary = z.infer<typeof allertaSummarySchema>

export const allertaFileParamsSchema = z.object({
  file: z
    .string()
    .regex(/^allerta_\d{4}-\d{2}-\d{2}\.json$/, 'The file is allerta_YYYY-MM-DD.json.')
    .refine((f) => !Number.isNaN(Date.parse(`${f.slice(8, 18)}T00:00:00Z`)), 'Not a date.'),
})

export const publicVulnsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(PUBLIC_VULNS_MAX_DAYS).default(PUBLIC_VULNS_DEFAULT_DAYS),
  limit: z.coerce.number().int().min(1).max(PUBLIC_VULNS_MAX).default(100),
})

export const publicVulnSchema = z.object({
  id: z.string(),
  aliases: z.array(z.string()),
  summary: z.string().nullable(),
  published: z.string(),
  modified: z.string().nullable(),
  severity: z.string().nullable(),
  cvss: z.number().nullable(),
  packages: z.array(z.object({ ecosystem: z.string(), name: z.string() })),
})
export const publicVulnsSchema = z.object({
  since: z.string(),
  /** Advisories published since `since` (all of them, not only those listed). */
  total: count,
  advisories: z.array(publicVulnSchema),
})
export type PublicVulns = z.infer<typeof publicVulnsSchema>

const accountRead = { area: 'account', action: 'read' } as const

export const statsRouteDefs = {
  allertaStats: {
    method: 'GET',
    path: '/stats/allerta.json',
    access: 'anonymous',
    summary: `Alerts sent to the caller's account on each of the last ${ALLERTA_SUMMARY_DAYS} days (UTC), by ecosystem and severity.`,
    permission: accountRead,
    status: 200,
    response: allertaSummarySchema,
  },
  allertaDayStats: {
    method: 'GET',
    path: '/stats/:file',
    access: 'anonymous',
    summary:
      "GET /stats/allerta_{YYYY-MM-DD}.json: the alerts sent to the caller's account that day (UTC), by ecosystem and severity.",
    params: allertaFileParamsSchema,
    permission: accountRead,
    status: 200,
    response: allertaDaySchema,
  },
  publicVulns: {
    method: 'GET',
    path: '/stats/public-vulns.json',
    access: 'anonymous',
    summary: `Advisories of the store published in the last days (?days=, default ${PUBLIC_VULNS_DEFAULT_DAYS}, at most ${PUBLIC_VULNS_MAX_DAYS}), newest first (?limit=, at most ${PUBLIC_VULNS_MAX}).`,
    query: publicVulnsQuerySchema,
    status: 200,
    response: publicVulnsSchema,
  },
} as const satisfies Record<string, RouteDef>
