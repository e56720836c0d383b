// The instance's outbound reachability as the product sees it (spec accounts-and-api §7 "GET /admin/
// server/site/network", issue 17 "Site network"; DESIGN §7): every outside service this server is set up
// to reach (advisory and enrichment sources, the npm registry and Maven repositories, SMTP, and the
// addresses accounts configured for Slack, Jira, Datadog, DataTrails, plus the assistant) with its base
// address, what the one outbound client last saw of it, and the SSRF policy in force. Never a credential:
// addresses are shown without user-info, secret query values or (for Slack) paths.
import { z } from 'zod'

export const siteServiceKinds = [
  'advisories',
  'enrichment',
  'npm-registry',
  'maven-repository',
  'smtp',
  'slack',
  'jira',
  'datadog',
  'datatrails',
  'assistant',
] as const
export type SiteServiceKind = (typeof siteServiceKinds)[number]

export const siteServiceSchema = z.object({
  service: z.enum(siteServiceKinds),
  /** What it is for, e.g. 'OSV advisories', 'Jira site'. */
  label: z.string(),
  /** The address without credentials; Slack webhooks by origin only (their path is the secret). */
  baseUrl: z.string(),
  /** 'public': private and loopback addresses are refused (SSRF); 'any': the operator allowed them. */
  reach: z.enum(['public', 'any']),
  /** Accounts whose configuration names this address (per-account integrations); null for instance settings. */
  accounts: z.number().int().nullable(),
  /** When the outbound client last had an answer below 500 (or a connection, for SMTP) from its origin. */
  lastSuccessAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
})
export type SiteService = z.infer<typeof siteServiceSchema>

export const siteNetworkSchema = z.object({
  /** Outcomes are kept in memory by each server process since it started (this one: recordedSince). */
  recordedSince: z.string(),
  policy: z.object({
    /** What a 'public' destination may not resolve to (checked on the address dialled: no DNS rebinding). */
    refusedRanges: z.array(z.string()),
    /** SEXTANT_ALLOW_PRIVATE_REPOSITORIES, SEXTANT_ALLOW_LOCAL_REPOSITORIES, SEXTANT_ALLOW_PRIVATE_INTEGRATIONS. */
    allowPrivateRepositories: z.boolean(),
    allowLocalRepositories: z.boolean(),
    allowPrivateIntegrations: z.boolean(),
    /** SEXTANT_OFFLINE: registry metadata from the cache only. */
    offline: z.boolean(),
    redirects: z.string(),
    proxy: z.object({
      httpProxy: z.string().nullable(),
      httpsProxy: z.string().nullable(),
      noProxy: z.string(),
    }),
    extraCaCerts: z.boolean(),
    /** How many host prefixes have credentials the client attaches (never the credentials). */
    credentialedHosts: z.number().int(),
  }),
  services: z.array(siteServiceSchema),
})
export type SiteNetwork = z.infer<typeof siteNetworkSchema>
