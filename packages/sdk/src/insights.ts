// Typed calls of the account-wide report views (spec accounts-and-api §7 "Projects and reports",
// "Insights", "Vulnerabilities"; §8 SDK messages): numbers and flags in, the query strings the contract
// reads out. The server re-checks every parameter and answers 400 naming the bad one.
import type { InsightsQuery } from '@sextant/contract'
import type { SextantClient } from './client'
import { clientError, sdkMessages } from './errors'

export interface InsightsFilters {
  component?: string
  advisory?: string
  severity?: InsightsQuery['severity']
  language?: string
  all?: boolean
  sinceDaysAgo?: number
  nocache?: boolean
  limit?: number
  offset?: number
}

const text = (n: number | undefined) => (n === undefined ? undefined : String(n))
const flag = (b: boolean | undefined) =>
  (b === undefined ? undefined : b ? 'true' : 'false') as 'true' | 'false' | undefined

function required(id: string | null | undefined, message: string): string {
  if (!id?.trim()) throw clientError(message)
  return id
}

/** Drops undefined entries so that the URL carries only what was asked. */
function defined<T extends Record<string, unknown>>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as T
}

export function insightsApi(client: SextantClient) {
  return {
    /** GET /api/v2/reports: the latest report of every branch of the caller's projects. */
    latestReports: () => client.call('reportsLatest'),
    /** GET /api/v3/reports: outcomes and score trends within sinceDaysAgo. */
    reportsOverview: (options: { sinceDaysAgo?: number; nocache?: boolean } = {}) =>
      client.call('reportsOverview', {
        query: defined({ sinceDaysAgo: text(options.sinceDaysAgo), nocache: flag(options.nocache) }),
      }),
    /** GET /api/v1/reports/{uuid}/summary. */
    reportSummary: async (projectUuid: string, sinceDaysAgo?: number) =>
      client.call('reportSummary', {
        params: { projectId: required(projectUuid, sdkMessages.noProject) },
        query: defined({ sinceDaysAgo: text(sinceDaysAgo) }),
      }),
    /** GET /api/v1/accounts/{id}/projects/count ('me' for the caller's account). */
    projectsCount: async (accountId: string) =>
      (
        await client.call('accountProjectsCount', {
          params: { id: required(accountId, sdkMessages.noAccount) },
        })
      ).count,
    /** GET /api/v1/metrics/security/me. */
    securityMetrics: () => client.call('securityMetrics'),
    /** GET /api/v2/accounts/{id}/insights/dependencies with the filters given. */
    dependencyInsights: async (accountId: string, filters: InsightsFilters = {}) =>
      client.call('dependencyInsights', {
        params: { id: required(accountId, sdkMessages.noAccount) },
        query: defined({
          component: filters.component,
          advisory: filters.advisory,
          severity: filters.severity?.join(','),
          language: filters.language,
          all: flag(filters.all),
          sinceDaysAgo: text(filters.sinceDaysAgo),
          nocache: flag(filters.nocache),
          limit: text(filters.limit),
          offset: text(filters.offset),
        }),
      }),
  }
}

export type InsightsApi = ReturnType<typeof insightsApi>
