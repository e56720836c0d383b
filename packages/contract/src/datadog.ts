// The metrics integration (Datadog), spec accounts-and-api §7 "Metrics integration", issue 17: an
// account's Datadog site and API key (write-only: no answer carries it, only whether one is stored), a
// check of the key, the submissions made (scheduled and send-now) with their results. Payload shapes are
// ours: the spec names the calls only.
import { z } from 'zod'
import { serviceUrlSchema } from './service-url'

/** The account feature that turns the integration on (§6 "datadog" feature). */
export const DATADOG_FEATURE = 'datadog'

/**
 * Datadog's sites and the API host of each (Datadog "Getting started with Datadog sites"); a custom
 * base URL (a proxy, a test double) is allowed instead of a named site.
 */
export const DATADOG_SITES = {
  'datadoghq.com': 'https://api.datadoghq.com',
  'datadoghq.eu': 'https://api.datadoghq.eu',
  'us3.datadoghq.com': 'https://api.us3.datadoghq.com',
  'us5.datadoghq.com': 'https://api.us5.datadoghq.com',
  'ap1.datadoghq.com': 'https://api.ap1.datadoghq.com',
  'ddog-gov.com': 'https://api.ddog-gov.com',
} as const
export type DatadogSite = keyof typeof DATADOG_SITES
export const datadogSiteNames = Object.keys(DATADOG_SITES) as DatadogSite[]

export const datadogMessages = {
  noFeature: "The metrics integration is not enabled for this account (feature 'datadog').",
  notConfigured:
    'Datadog is not set up for this account: an account administrator sets site and apiKey (POST …/integrations/datadog/accounts/{id}/setup).',
  site: `site must be one of ${datadogSiteNames.join(', ')}, or 'custom' with baseUrl.`,
  baseUrl:
    "baseUrl must be the http(s) address of the Datadog API (only with site 'custom'), e.g. https://dd-proxy.example.com.",
  baseUrlNeeded: "baseUrl is required with site 'custom' and not allowed with a named site.",
  apiKeyRequired: 'apiKey is required the first time Datadog is set up for an account.',
  apiKey: 'apiKey is a Datadog API key: 1 to 256 characters.',
} as const

const baseUrl = serviceUrlSchema(datadogMessages.baseUrl)
const site = z.enum([...datadogSiteNames, 'custom'], { message: datadogMessages.site })
const apiKey = z
  .string({ message: datadogMessages.apiKey })
  .min(1, datadogMessages.apiKey)
  .max(256, datadogMessages.apiKey)

export const datadogAccountParamsSchema = z.object({ id: z.string().min(1) })

/** An account's Datadog set-up; the key is never answered, only `apiKeySet`. */
export const datadogSetupSchema = z.object({
  configured: z.boolean(),
  site: z.string().nullable(),
  /** The API address metrics go to (the named site's, or the custom one). */
  baseUrl: z.string().nullable(),
  apiKeySet: z.boolean(),
  /** Whether the scheduled job submits this account's metrics (send-now works either way). */
  scheduled: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type DatadogSetup = z.infer<typeof datadogSetupSchema>

const withCustomUrl = <T extends { site?: string | undefined; baseUrl?: string | undefined }>(v: T) =>
  v.site === undefined || (v.site === 'custom') === (v.baseUrl !== undefined)

/** Saving: apiKey may be left out to keep the stored one (for the same API address only). */
export const datadogSetupBodySchema = z
  .object({
    site,
    baseUrl: baseUrl.optional(),
    apiKey: apiKey.optional(),
    scheduled: z.boolean().default(true),
  })
  .refine(withCustomUrl, { message: datadogMessages.baseUrlNeeded, path: ['baseUrl'] })
export type DatadogSetupBody = z.input<typeof datadogSetupBodySchema>

/** Checking: fields left out are taken from the stored set-up. */
export const datadogCheckBodySchema = z
  .object({ site: site.optional(), baseUrl: baseUrl.optional(), apiKey: apiKey.optional() })
  .refine(withCustomUrl, { message: datadogMessages.baseUrlNeeded, path: ['baseUrl'] })
export type DatadogCheckBody = z.input<typeof datadogCheckBodySchema>

/** A successful check; a failing one answers 400 with the reason (§8: the SDK reads it as false). */
export const datadogCheckSchema = z.object({ valid: z.literal(true), message: z.string() })
export type DatadogCheck = { valid: boolean; message: string }

/** One submission of an account's metrics to Datadog, with its result. */
export const datadogSubmissionSchema = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'send-now']),
  at: z.string(),
  ok: z.boolean(),
  /** Project branches whose latest report was sent. */
  branches: z.number().int(),
  /** Series (one gauge point each) Datadog accepted, or that were sent when it refused. */
  series: z.number().int(),
  /** Datadog's HTTP status of the last request; null when it could not be reached. */
  status: z.number().int().nullable(),
  message: z.string(),
})
export type DatadogSubmission = z.infer<typeof datadogSubmissionSchema>

/** The metric names the integration submits (gauges, tagged project, branch, account, team). */
export const DATADOG_METRICS = [
  'sextant.score.security',
  'sextant.score.stability',
  'sextant.score.licensing',
  'sextant.findings.critical',
  'sextant.findings.high',
  'sextant.findings.medium',
  'sextant.findings.low',
  'sextant.findings.kev',
  'sextant.components.outdated',
  'sextant.licences.violations',
  'sextant.outcome',
] as const
export type DatadogMetric = (typeof DATADOG_METRICS)[number]
