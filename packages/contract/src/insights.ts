// Account-wide views over the latest reports (spec accounts-and-api §7 "Projects and reports",
// "Insights, policies", "Vulnerabilities and languages"; issue 8 /dashboard): the latest report of every
// branch, a project's summary, the security metrics of the account, and which components and
// vulnerabilities its projects share. Query schemas name the bad parameter in their 400 messages.
import { z } from 'zod'
import { domainAssessmentsSchema, domainScoreSchema } from './assessment'
import { thresholdsSchema } from './project'
import { outcomeSchema, reportStatusSchema, severitySchema } from './report'

const SEVERITIES = severitySchema.options

/** 'true' / 'false' flags (also '' and '1' / '0', as URLs write them); anything else is refused by name. */
const flag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0', ''], {
      error: `${name} must be true or false`,
    })
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === '')

/** sinceDaysAgo: whole days, 1 to 3650; absent = every report, however old. */
const sinceDaysAgo = z
  .string()
  .regex(/^\d+$/, 'sinceDaysAgo must be a whole number of days (1 to 3650)')
  .transform(Number)
  .refine((n) => n >= 1 && n <= 3650, 'sinceDaysAgo must be between 1 and 3650 days')
  .optional()

const count = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number (${min} to ${max})`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`)
    .optional()
    .transform((n) => n ?? fallback)

export const sinceQuerySchema = z.object({ sinceDaysAgo, nocache: flag('nocache') })
export type SinceQuery = z.infer<typeof sinceQuerySchema>

/** The latest report of one branch, from the columns stored beside each report. */
export const latestReportSchema = z.object({
  projectUuid: z.string(),
  projectName: z.string(),
  branch: z.string(),
  reportUuid: z.string(),
  createdAt: z.string(),
  status: reportStatusSchema,
  outcome: outcomeSchema,
  /** `null`: not assessed, or only partly ("n/a"); `assessment` says which. */
  security: domainScoreSchema,
  stability: domainScoreSchema,
  licensing: domainScoreSchema,
  assessment: domainAssessmentsSchema,
  thresholds: thresholdsSchema,
  components: z.number().int(),
})
export type LatestReport = z.infer<typeof latestReportSchema>

export const scorePointSchema = z.object({
  reportUuid: z.string(),
  createdAt: z.string(),
  outcome: outcomeSchema,
  /** `null`: not assessed, or only partly (a gap in the trend line, never 100). */
  security: domainScoreSchema,
  stability: domainScoreSchema,
  licensing: domainScoreSchema,
})
export type ScorePoint = z.infer<typeof scorePointSchema>

const outcomeCountsSchema = z.object({
  PASS: z.number().int(),
  FAIL: z.number().int(),
  UNDECLARED: z.number().int(),
})

/** v3: the latest report of every branch with its score trend within sinceDaysAgo, and the totals. */
export const reportsOverviewSchema = z.object({
  sinceDaysAgo: z.number().int().nullable(),
  generatedAt: z.string(),
  projects: z.number().int(),
  /** Projects of the account without any report yet. */
  projectsWithoutReport: z.number().int(),
  outcomes: outcomeCountsSchema,
  reports: z.array(latestReportSchema.extend({ trend: z.array(scorePointSchema) })),
})
export type ReportsOverview = z.infer<typeof reportsOverviewSchema>

const severityCountsSchema = z.object(
  Object.fromEntries(SEVERITIES.map((s) => [s, z.number().int()])) as Record<
    (typeof SEVERITIES)[number],
    z.ZodNumber
  >,
)

export const reportSummarySchema = z.object({
  projectUuid: z.string(),
  projectName: z.string(),
  sinceDaysAgo: z.number().int().nullable(),
  branches: z.array(
    latestReportSchema.extend({
      /** Advisories of the latest report that are not excluded, by severity. */
      vulnerabilities: severityCountsSchema,
      vulnerableComponents: z.number().int(),
      stability: z.object({ patch: z.number(), minor: z.number(), major: z.number() }),
      licensing: z.object({ forbidden: z.number(), undeclared: z.number() }),
      /** Reports of the branch within sinceDaysAgo (all of them without it), oldest first. */
      trend: z.array(scorePointSchema),
    }),
  ),
})
export type ReportSummary = z.infer<typeof reportSummarySchema>

export const accountProjectsCountSchema = z.object({ count: z.number().int() })

export const securityMetricsSchema = z.object({
  accountUuid: z.string(),
  generatedAt: z.string(),
  projects: z.number().int(),
  /** Branches with a report (the latest of each is counted). */
  branches: z.number().int(),
  components: z.number().int(),
  vulnerableComponents: z.number().int(),
  /** Distinct advisories (not excluded) by severity, across the latest reports. */
  vulnerabilities: severityCountsSchema,
  exploited: z.number().int(),
  /** Branches whose security score is below their threshold. */
  belowThreshold: z.number().int(),
  /** Branches whose security was not assessed whole (no score; counted in neither the average nor below). */
  notAssessed: z.number().int(),
  /** Over the branches with a security score; null when none has one. */
  averageScore: z.number().nullable(),
})
export type SecurityMetrics = z.infer<typeof securityMetricsSchema>

const severityList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const items = (v ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean)
    const bad = items.filter((s) => !(SEVERITIES as readonly string[]).includes(s))
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `severity must be a comma-separated list of ${SEVERITIES.join(', ')} (not ${bad.join(', ')})`,
      })
      return z.NEVER
    }
    return items as (typeof SEVERITIES)[number][]
  })

export const insightsQuerySchema = z.object({
  /** Part of a component name, case-insensitive. */
  component: z.string().trim().max(200, 'component must be at most 200 characters').optional(),
  /** An advisory id or CVE, exact (case-insensitive). */
  advisory: z.string().trim().max(100, 'advisory must be at most 100 characters').optional(),
  severity: severityList,
  language: z.string().trim().max(50, 'language must be at most 50 characters').optional(),
  /** With all=true components without (unexcluded) advisories are listed too. */
  all: flag('all'),
  sinceDaysAgo,
  nocache: flag('nocache'),
  limit: count('limit', 1, 500, 50),
  offset: count('offset', 0, 1_000_000, 0),
})
export type InsightsQuery = z.infer<typeof insightsQuerySchema>

export const insightAdvisorySchema = z.object({
  id: z.string(),
  cve: z.string().nullable(),
  severity: severitySchema,
  cvss: z.number().nullable(),
  epss: z.number().nullable(),
  exploited: z.boolean(),
})

const projectRefSchema = z.object({
  projectUuid: z.string(),
  projectName: z.string(),
  branch: z.string(),
  reportUuid: z.string(),
})

export const componentInsightSchema = z.object({
  language: z.string(),
  name: z.string(),
  versions: z.array(z.string()),
  /** The highest severity of its advisories; NONE without any. */
  severity: severitySchema,
  advisories: z.array(insightAdvisorySchema),
  projects: z.array(projectRefSchema),
})
export type ComponentInsight = z.infer<typeof componentInsightSchema>

export const advisoryInsightSchema = insightAdvisorySchema.extend({
  components: z.number().int(),
  projects: z.number().int(),
})
export type AdvisoryInsight = z.infer<typeof advisoryInsightSchema>

export const dependencyInsightsSchema = z.object({
  accountUuid: z.string(),
  sinceDaysAgo: z.number().int().nullable(),
  generatedAt: z.string(),
  /** Latest reports read (one per branch). */
  reports: z.number().int(),
  /** Components matching the filters (before limit and offset), most widespread first. */
  total: z.number().int(),
  components: z.array(componentInsightSchema),
  /** Every advisory of the matching components, most widespread first. */
  advisories: z.array(advisoryInsightSchema),
})
export type DependencyInsights = z.infer<typeof dependencyInsightsSchema>
