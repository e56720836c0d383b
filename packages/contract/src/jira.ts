// The issue-tracker (Jira) integration (spec accounts-and-api §7 "Issue tracker", §6 'jira' feature, §8
// "credential and config checks treat 400 as false"; report-page §3 Report.jiraInfo, Advice.jira, §5
// "Issue-tracker issue creation"). Payload shapes are ours: the spec names the calls only. The API token
// is write-only: no answer carries it, only whether one is stored.
import { z } from 'zod'
import type { severitySchema } from './report'
import { serviceUrlSchema } from './service-url'

/** The account feature that turns the integration on (§6 "jira features"). */
export const JIRA_FEATURE = 'jira'

export const jiraMessages = {
  noFeature: "The issue-tracker integration is not enabled for this account (feature 'jira').",
  notConfigured:
    'Jira is not configured for this account: an account administrator sets baseUrl, email and apiToken (POST …/integrations/jira/accounts/{id}/config).',
  projectNotConfigured:
    'Jira is not configured for this project: set projectKey and issueType (POST …/projects/{p}/config).',
  baseUrl: 'baseUrl must be the http(s) address of the Jira site, e.g. https://example.atlassian.net.',
  email: 'email must be the e-mail address of the Jira user the API token belongs to.',
  apiTokenRequired: 'apiToken is required the first time Jira is configured for an account.',
  apiToken: 'apiToken is 1 to 512 characters.',
  projectKey:
    'projectKey must be a Jira project key: a capital letter, then capitals, digits or _ (at most 32).',
  issueType: 'issueType is the name of a Jira issue type, 1 to 64 characters.',
  label: 'Each label is 1 to 255 characters without spaces (Jira labels cannot hold spaces).',
  summary: 'summary is 1 to 255 characters.',
  description: 'description is at most 32000 characters.',
  adviceId: 'adviceId names the advice of the report the issue is about.',
  reportId: 'reportId names the report the advice is taken from.',
  priority: 'priority is the id of one of the Jira priorities the issue type allows.',
  priorityRequired: (type: string, names: string[]) =>
    `priority: Jira issue type ${type} has a priority field; choose one of ${names.join(', ')}.`,
  priorityUnknown: (type: string, value: string, names: string[]) =>
    `priority: Jira issue type ${type} has no priority ${value} (it allows ${names.join(', ')}).`,
  priorityNone: (type: string) => `priority: Jira issue type ${type} has no priority field.`,
  created: 'Jira issue created successfully',
  alreadyCreated: (key: string) => `This advice already has the Jira issue ${key}.`,
} as const

/** §5: the success message shows for 10 s. */
export const JIRA_SUCCESS_MS = 10_000
/** §5: the loading modal hides 500 ms after the reload. */
export const JIRA_LOADER_HIDE_MS = 500

const baseUrl = serviceUrlSchema(jiraMessages.baseUrl)
const email = z.email({ message: jiraMessages.email }).max(320, jiraMessages.email)
const apiToken = z
  .string({ message: jiraMessages.apiToken })
  .min(1, jiraMessages.apiToken)
  .max(512, jiraMessages.apiToken)
export const jiraProjectKeySchema = z
  .string({ message: jiraMessages.projectKey })
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{0,31}$/, jiraMessages.projectKey)
const issueType = z
  .string({ message: jiraMessages.issueType })
  .trim()
  .min(1, jiraMessages.issueType)
  .max(64, jiraMessages.issueType)
const labels = z
  .array(z.string({ message: jiraMessages.label }).regex(/^\S{1,255}$/, jiraMessages.label))
  .max(20, 'At most 20 labels.')

/** An account's Jira site and user; the token is never answered, only `apiTokenSet`. */
export const jiraAccountConfigSchema = z.object({
  configured: z.boolean(),
  baseUrl: z.string().nullable(),
  email: z.string().nullable(),
  apiTokenSet: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type JiraAccountConfig = z.infer<typeof jiraAccountConfigSchema>

/** Saving: apiToken may be left out to keep the stored one. */
export const jiraAccountConfigBodySchema = z.object({ baseUrl, email, apiToken: apiToken.optional() })
export type JiraAccountConfigBody = z.input<typeof jiraAccountConfigBodySchema>
/** Checking: any field left out is taken from the stored configuration. */
export const jiraAccountCheckBodySchema = z.object({
  baseUrl: baseUrl.optional(),
  email: email.optional(),
  apiToken: apiToken.optional(),
})

/** A successful check; a failing one answers 400 with the reason (§8: the SDK reads it as false). */
export const jiraCheckSchema = z.object({ valid: z.literal(true), message: z.string() })
export type JiraCheck = { valid: boolean; message: string }

export const jiraProjectConfigSchema = z.object({
  configured: z.boolean(),
  projectKey: z.string().nullable(),
  issueType: z.string().nullable(),
  labels: z.array(z.string()),
  updatedAt: z.string().nullable(),
})
export type JiraProjectConfig = z.infer<typeof jiraProjectConfigSchema>
export const jiraProjectConfigBodySchema = z.object({
  projectKey: jiraProjectKeySchema,
  issueType,
  labels: labels.default([]),
})
export type JiraProjectConfigBody = z.input<typeof jiraProjectConfigBodySchema>
export const jiraProjectCheckBodySchema = z.object({
  projectKey: jiraProjectKeySchema.optional(),
  issueType: issueType.optional(),
})

export const jiraRemoteProjectSchema = z.object({ id: z.string(), key: z.string(), name: z.string() })
export type JiraRemoteProject = z.infer<typeof jiraRemoteProjectSchema>

type Severity = z.infer<typeof severitySchema>

/** One allowed value of an issue type's priority field, in Jira's order (highest first). */
export const jiraPrioritySchema = z.object({ id: z.string(), name: z.string() })
export type JiraPriority = z.infer<typeof jiraPrioritySchema>

/**
 * The severity number of report-page §5 "Default priority index: severity number times (allowed values
 * count divided by 5), rounded". The spec does not list the numbers; ours follow §5's severity ordering
 * (critical, high, medium, low, suggest, none) as 0…5, because Jira lists priorities highest first:
 * with Jira's five default priorities CRITICAL gets Highest, HIGH High, MEDIUM Medium, LOW Low and
 * SUGGEST/NONE Lowest.
 */
export const JIRA_SEVERITY_NUMBER: Record<Severity, number> = {
  CRITICAL: 0,
  HIGH: 1,
  MEDIUM: 2,
  LOW: 3,
  SUGGEST: 4,
  NONE: 5,
}

/**
 * The default priority's index into `count` allowed values: round(severity number × count / 5),
 * clamped into 0…count-1 (NONE's 5 would point past the list). -1 when there are no values.
 */
export function defaultPriorityIndex(severity: Severity, count: number): number {
  if (count <= 0) return -1
  const index = Math.round((JIRA_SEVERITY_NUMBER[severity] * count) / 5)
  return Math.min(Math.max(index, 0), count - 1)
}

export const jiraIssueTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  subtask: z.boolean(),
  /** Names of the fields Jira requires beyond project, summary, issue type and reporter. */
  requiredFields: z.array(z.string()),
  /** The priority field's allowed values; empty when the type has no priority field. */
  priorities: z.array(jiraPrioritySchema).default([]),
})
export const jiraIssueMetaSchema = z.object({
  projectKey: z.string(),
  issueTypes: z.array(jiraIssueTypeSchema),
})
export type JiraIssueMeta = z.infer<typeof jiraIssueMetaSchema>

/** Advice.jira (report-page §3): the issue created for an advice. */
export const adviceJiraSchema = z.object({ id: z.string(), url: z.string(), key: z.string() })
export type AdviceJira = z.infer<typeof adviceJiraSchema>

/** Report.jiraInfo: where the project's issues go (absent when the project has no Jira configuration). */
export const reportJiraInfoSchema = z.object({
  siteUrl: z.string(),
  projectKey: z.string(),
  issueType: z.string(),
  issues: z.number().int(),
})
export type ReportJiraInfo = z.infer<typeof reportJiraInfoSchema>

export const jiraIssueSchema = adviceJiraSchema.extend({
  adviceId: z.string(),
  reportId: z.string(),
  summary: z.string(),
  issueType: z.string(),
  createdAt: z.string(),
})
export type JiraIssue = z.infer<typeof jiraIssueSchema>

export const jiraIssueCreateBodySchema = z.object({
  reportId: z.string({ message: jiraMessages.reportId }).min(1, jiraMessages.reportId),
  adviceId: z.string({ message: jiraMessages.adviceId }).min(1, jiraMessages.adviceId),
  summary: z
    .string({ message: jiraMessages.summary })
    .trim()
    .min(1, jiraMessages.summary)
    .max(255, jiraMessages.summary),
  description: z
    .string({ message: jiraMessages.description })
    .max(32_000, jiraMessages.description)
    .default(''),
  /**
   * The id of one of the issue type's priorities (report-page §5: summary and priority are mandatory);
   * required when the type has a priority field, refused when it has none.
   */
  priority: z
    .string({ message: jiraMessages.priority })
    .trim()
    .min(1, jiraMessages.priority)
    .max(64, jiraMessages.priority)
    .optional(),
  /** Defaults to the project's configured issue type. */
  issueType: issueType.optional(),
  /** Added to the project's default labels. */
  labels: labels.optional(),
})
export type JiraIssueCreateBody = z.input<typeof jiraIssueCreateBodySchema>

export const jiraAccountParamsSchema = z.object({ id: z.string().min(1) })
export const jiraProjectParamsSchema = z.object({ id: z.string().min(1), projectId: z.string().min(1) })
export const jiraRemoteProjectParamsSchema = z.object({ id: z.string().min(1), key: jiraProjectKeySchema })
