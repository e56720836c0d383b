// Requests to a Jira site (accounts-and-api §7 "Issue tracker"): REST API v2 with basic auth (user e-mail
// and API token), through the outbound client (issue 18 item 3): the site may reach only public addresses,
// checked at connect time, unless the operator allows private ones; no redirects followed, a time-out and
// a size limit streamed on every answer. Jira's answers are parsed by schemas here; problems come back as
// JiraError values with a message fit for the user (the token never appears in one).
import type { JiraRemoteProject } from '@sextant/contract'
import { z } from 'zod'
import type { OutboundClient } from '../../http-client'

export interface JiraSite {
  baseUrl: string
  email: string
  apiToken: string
}

export interface JiraClientOptions {
  allowPrivate: boolean
  timeoutMs: number
  outbound: OutboundClient
}

/** kind 'rejected': Jira answered 4xx (bad credentials, unknown project…); 'unreachable': no usable answer. */
export class JiraError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable',
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024

const errorMessages = z.object({
  errorMessages: z.array(z.string()).optional(),
  errors: z.record(z.string(), z.string()).optional(),
})

/** Jira's own reasons ("errorMessages" and per-field "errors") in one line. */
function jiraReasons(text: string): string {
  try {
    const parsed = errorMessages.safeParse(JSON.parse(text))
    if (!parsed.success) return ''
    const parts = [
      ...(parsed.data.errorMessages ?? []),
      ...Object.entries(parsed.data.errors ?? {}).map(([field, message]) => `${field}: ${message}`),
    ]
    return parts.join('; ').slice(0, 500)
  } catch {
    return ''
  }
}

/** One call to the site; answers the parsed body or throws JiraError. */
export async function jiraRequest<S extends z.ZodType>(
  site: JiraSite,
  options: JiraClientOptions,
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.infer<S>> {
  const auth = Buffer.from(`${site.email}:${site.apiToken}`).toString('base64')
  const answer = await options.outbound.request({
    url: `${site.baseUrl}${path}`,
    method,
    reach: options.allowPrivate ? 'any' : 'public',
    allowedBy: 'SEXTANT_ALLOW_PRIVATE_INTEGRATIONS=true',
    maxBytes: MAX_ANSWER_BYTES,
    timeoutMs: options.timeoutMs,
    headers: {
      authorization: `Basic ${auth}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!answer.ok) {
    if (answer.kind === 'refused' || answer.kind === 'invalid' || answer.kind === 'unresolvable')
      throw new JiraError('unreachable', `Jira at ${site.baseUrl} cannot be reached: ${answer.message}.`)
    throw new JiraError(
      'unreachable',
      `Jira at ${site.baseUrl} did not answer ${method} ${path.split('?')[0]}: ${answer.kind === 'timeout' ? 'timed out' : answer.message}.`,
    )
  }
  const text = answer.body.toString('utf8')
  if (answer.status >= 300 && answer.status < 400)
    throw new JiraError(
      'unreachable',
      `Jira at ${site.baseUrl} redirected ${path.split('?')[0]} (HTTP ${answer.status}): check baseUrl, it should be the site's own address.`,
    )
  if (answer.status === 401 || answer.status === 403)
    throw new JiraError(
      'rejected',
      `Jira refused the credentials (HTTP ${answer.status}): check email and apiToken.`,
      answer.status,
    )
  if (answer.status >= 400 && answer.status < 500) {
    const reasons = jiraReasons(text)
    throw new JiraError(
      'rejected',
      `Jira answered HTTP ${answer.status} to ${method} ${path.split('?')[0]}${reasons ? `: ${reasons}` : '.'}`,
      answer.status,
    )
  }
  if (answer.status < 200 || answer.status >= 300)
    throw new JiraError(
      'unreachable',
      `Jira at ${site.baseUrl} answered HTTP ${answer.status}.`,
      answer.status,
    )
  let json: unknown
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    throw new JiraError(
      'unreachable',
      `Jira at ${site.baseUrl} answered ${path.split('?')[0]} with something that is not JSON: check baseUrl.`,
    )
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success)
    throw new JiraError(
      'unreachable',
      `Jira at ${site.baseUrl} answered ${path.split('?')[0]} in an unexpected shape (${parsed.error.issues[0]?.path.join('.') || 'body'}): check baseUrl.`,
    )
  return parsed.data
}

const myselfSchema = z.object({
  accountId: z.string().optional(),
  name: z.string().optional(),
  displayName: z.string().optional(),
  emailAddress: z.string().optional(),
})

/** Who the credentials are (GET /rest/api/2/myself). */
export async function jiraMyself(site: JiraSite, options: JiraClientOptions): Promise<string> {
  const me = await jiraRequest(site, options, 'GET', '/rest/api/2/myself', myselfSchema)
  return me.displayName ?? me.name ?? me.emailAddress ?? me.accountId ?? site.email
}

const remoteProject = z.object({ id: z.coerce.string(), key: z.string(), name: z.string() })
const issueTypeSchema = z.object({
  id: z.coerce.string(),
  name: z.string(),
  description: z.string().optional(),
  subtask: z.boolean().optional(),
})

export async function jiraProjects(site: JiraSite, options: JiraClientOptions): Promise<JiraRemoteProject[]> {
  const list = await jiraRequest(site, options, 'GET', '/rest/api/2/project', z.array(remoteProject))
  return list.map((p) => ({ id: p.id, key: p.key, name: p.name })).sort((a, b) => a.key.localeCompare(b.key))
}

/** One project with its issue types (GET /rest/api/2/project/{key}); 'rejected' 404 when unknown. */
export async function jiraProject(site: JiraSite, options: JiraClientOptions, key: string) {
  return jiraRequest(
    site,
    options,
    'GET',
    `/rest/api/2/project/${encodeURIComponent(key)}`,
    remoteProject.extend({ issueTypes: z.array(issueTypeSchema).default([]) }),
  )
}

const fieldMeta = z.object({
  required: z.boolean().optional(),
  name: z.string().optional(),
  fieldId: z.string().optional(),
  allowedValues: z.array(z.object({ id: z.coerce.string(), name: z.string().optional() })).optional(),
})
const createMetaTypes = z.object({
  issueTypes: z.array(issueTypeSchema).optional(),
  values: z.array(issueTypeSchema).optional(),
})
const createMetaFields = z.object({
  fields: z.array(fieldMeta).optional(),
  values: z.array(fieldMeta).optional(),
})

/** Fields every issue of ours already carries. */
const FILLED = new Set(['project', 'summary', 'issuetype', 'reporter', 'description', 'labels', 'priority'])

/**
 * The issue types of a project with the fields each requires, from Jira's create metadata
 * (GET /rest/api/2/issue/createmeta/{key}/issuetypes and …/{typeId}).
 */
export async function jiraIssueMeta(site: JiraSite, options: JiraClientOptions, key: string) {
  const base = `/rest/api/2/issue/createmeta/${encodeURIComponent(key)}/issuetypes`
  const types = await jiraRequest(site, options, 'GET', `${base}?maxResults=100`, createMetaTypes)
  const list = types.issueTypes ?? types.values ?? []
  return Promise.all(
    list.map(async (t) => {
      const fields = await jiraRequest(
        site,
        options,
        'GET',
        `${base}/${encodeURIComponent(t.id)}?maxResults=200`,
        createMetaFields,
      )
      const all = fields.fields ?? fields.values ?? []
      // report-page §5: the priority's allowed values, in Jira's order (highest first).
      const priorities = (all.find((f) => f.fieldId === 'priority')?.allowedValues ?? []).map((v) => ({
        id: v.id,
        name: v.name ?? v.id,
      }))
      const required = all
        .filter((f) => f.required && !FILLED.has(f.fieldId ?? ''))
        .map((f) => f.name ?? f.fieldId ?? '')
        .filter(Boolean)
      return {
        id: t.id,
        name: t.name,
        description: t.description ?? '',
        subtask: t.subtask ?? false,
        requiredFields: required,
        priorities,
      }
    }),
  )
}

const createdSchema = z.object({ id: z.coerce.string(), key: z.string() })

export interface NewJiraIssue {
  projectKey: string
  issueType: string
  summary: string
  description: string
  labels: string[]
  /** A priority id (sent only when the issue type has a priority field). */
  priority?: string | undefined
}

/** POST /rest/api/2/issue; answers the new issue's id, key and browse URL. */
export async function jiraCreateIssue(site: JiraSite, options: JiraClientOptions, issue: NewJiraIssue) {
  const created = await jiraRequest(site, options, 'POST', '/rest/api/2/issue', createdSchema, {
    fields: {
      project: { key: issue.projectKey },
      issuetype: { name: issue.issueType },
      summary: issue.summary,
      description: issue.description,
      labels: issue.labels,
      ...(issue.priority === undefined ? {} : { priority: { id: issue.priority } }),
    },
  })
  return {
    id: created.id,
    key: created.key,
    url: `${site.baseUrl}/browse/${encodeURIComponent(created.key)}`,
  }
}
