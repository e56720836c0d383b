// The data of /dashboard through the SDK (accounts-and-api §7 "Projects and reports", "Insights",
// "Vulnerabilities"): GET /api/v3/reports, /api/v1/metrics/security/me and
// /api/v2/accounts/me/insights/dependencies.
import { insightsApi } from '@sextant/sdk'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'

const insights = insightsApi(sdk)
/** The most widespread vulnerable components shown. */
export const WIDESPREAD_LIMIT = 10

export function useReportsOverview(sinceDaysAgo: number | undefined) {
  return useQuery({
    queryKey: ['reports-overview', sinceDaysAgo ?? 'all'],
    queryFn: () => insights.reportsOverview({ sinceDaysAgo }),
    placeholderData: keepPreviousData,
  })
}

export function useSecurityMetrics() {
  return useQuery({ queryKey: ['security-metrics'], queryFn: () => insights.securityMetrics() })
}

export function useWidespreadComponents(sinceDaysAgo: number | undefined, component: string) {
  return useQuery({
    queryKey: ['dependency-insights', sinceDaysAgo ?? 'all', component],
    queryFn: () =>
      insights.dependencyInsights('me', {
        sinceDaysAgo,
        component: component || undefined,
        limit: WIDESPREAD_LIMIT,
      }),
    placeholderData: keepPreviousData,
  })
}
