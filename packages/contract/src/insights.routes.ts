// Route definitions of the account-wide report views (spec accounts-and-api §7 "Projects and reports":
// GET /api/v2/reports, /api/v3/reports?sinceDaysAgo&nocache, /api/v1/reports/{uuid}/summary?sinceDaysAgo,
// /api/v1/accounts/{id}/projects/count; "Insights": /api/v2/accounts/{id}/insights/dependencies;
// "Vulnerabilities": /api/v1/metrics/security/me). Permissions per §6 (reports / projects / insights read).
import { z } from 'zod'
import { accountIdParams } from './accounts'
import {
  accountProjectsCountSchema,
  dependencyInsightsSchema,
  insightsQuerySchema,
  latestReportSchema,
  reportSummarySchema,
  reportsOverviewSchema,
  securityMetricsSchema,
  sinceQuerySchema,
} from './insights'
import type { RouteDef } from './routes'

export const insightRouteDefs = {
  reportsLatest: {
    method: 'GET',
    path: '/api/v2/reports',
    access: 'member',
    summary: "The latest report of every branch of the caller's projects: scores, thresholds and outcome.",
    permission: { area: 'reports', action: 'read' },
    status: 200,
    response: z.array(latestReportSchema),
  },
  reportsOverview: {
    method: 'GET',
    path: '/api/v3/reports',
    access: 'member',
    summary:
      "The caller's projects by outcome, and the latest report of every branch with its score trend within sinceDaysAgo (1-3650; nocache=true recomputes).",
    query: sinceQuerySchema,
    permission: { area: 'reports', action: 'read' },
    status: 200,
    response: reportsOverviewSchema,
  },
  reportSummary: {
    method: 'GET',
    path: '/api/v1/reports/:projectId/summary',
    access: 'anonymous',
    summary:
      'A project summary: per branch the latest scores and outcome, vulnerabilities by severity, stability and licensing counts, and the score trend within sinceDaysAgo.',
    params: z.object({ projectId: z.string().min(1) }),
    query: sinceQuerySchema,
    status: 200,
    response: reportSummarySchema,
  },
  accountProjectsCount: {
    method: 'GET',
    path: '/api/v1/accounts/:id/projects/count',
    access: 'anonymous',
    summary: "How many projects an account has ('me' for the caller's, 'default' for the public ones).",
    params: accountIdParams,
    status: 200,
    response: accountProjectsCountSchema,
  },
  securityMetrics: {
    method: 'GET',
    path: '/api/v1/metrics/security/me',
    access: 'member',
    summary:
      "Security metrics of the caller's account over the latest report of every branch: vulnerabilities by severity, exploited ones, branches below threshold.",
    permission: { area: 'insights', action: 'read' },
    status: 200,
    response: securityMetricsSchema,
  },
  dependencyInsights: {
    method: 'GET',
    path: '/api/v2/accounts/:id/insights/dependencies',
    access: 'member',
    summary:
      "Which components and vulnerabilities the account's projects share (latest report of every branch, within sinceDaysAgo): filter by component (name part), advisory (id or CVE), severity (comma list), language; all=true adds components without advisories; limit (1-500, 50) and offset.",
    params: accountIdParams,
    query: insightsQuerySchema,
    permission: { area: 'insights', action: 'read', accountParam: 'id' },
    status: 200,
    response: dependencyInsightsSchema,
  },
} as const satisfies Record<string, RouteDef>
