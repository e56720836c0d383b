// A local Jira REST server for tests (accounts-and-api §7 "Issue tracker"): basic auth with one user's
// e-mail and API token; GET /rest/api/2/myself, /project, /project/{key}, the create metadata
// (/issue/createmeta/{key}/issuetypes[/{id}]) and POST /rest/api/2/issue, answering as Jira Cloud does
// (401 for other credentials, 404 for unknown projects, 400 with per-field errors). Records every
// request; a delay makes time-outs testable.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeJiraRequest {
  method: string
  path: string
  authorization: string | undefined
  body: unknown
}

export interface FakeJiraIssue {
  id: string
  key: string
  fields: {
    project: { key: string }
    issuetype: { name: string }
    summary: string
    description: string
    labels: string[]
    /** Only when the issue was created with one. */
    priority?: { id: string; name: string }
  }
}

export interface FakeJira {
  url: string
  email: string
  apiToken: string
  requests: FakeJiraRequest[]
  issues: FakeJiraIssue[]
  /** Wait before answering, in ms. */
  setDelay(ms: number): void
  close(): Promise<void>
}

const projects = [
  {
    id: '10000',
    key: 'SEC',
    name: 'Security',
    issueTypes: [
      { id: '10001', name: 'Bug', description: 'A problem.', subtask: false },
      { id: '10002', name: 'Task', description: 'Work to do.', subtask: false },
      { id: '10003', name: 'Vulnerability', description: 'A security finding.', subtask: false },
    ],
  },
  {
    id: '10010',
    key: 'OPS',
    name: 'Operations',
    issueTypes: [{ id: '10011', name: 'Task', description: 'Work to do.', subtask: false }],
  },
]

/** Jira's five default priorities, highest first, as the create metadata lists them. */
export const FAKE_JIRA_PRIORITIES = ['Highest', 'High', 'Medium', 'Low', 'Lowest'].map((name, i) => ({
  id: String(i + 1),
  name,
}))

/** Fields of each issue type, as the create metadata lists them (Vulnerability has no priority). */
const fieldsOf = (typeName: string) => [
  { fieldId: 'summary', name: 'Summary', required: true },
  { fieldId: 'issuetype', name: 'Issue Type', required: true },
  { fieldId: 'project', name: 'Project', required: true },
  { fieldId: 'description', name: 'Description', required: false },
  { fieldId: 'labels', name: 'Labels', required: false },
  ...(typeName === 'Vulnerability'
    ? [{ fieldId: 'customfield_10050', name: 'Severity', required: true }]
    : [{ fieldId: 'priority', name: 'Priority', required: false, allowedValues: FAKE_JIRA_PRIORITIES }]),
]

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export async function startFakeJira(
  credentials: { email: string; apiToken: string } = {
    email: 'jira-bot@example.test',
    apiToken: 'ATATT-fake-jira-token-0123456789',
  },
): Promise<FakeJira> {
  const requests: FakeJiraRequest[] = []
  const issues: FakeJiraIssue[] = []
  let delayMs = 0
  const expected = `Basic ${Buffer.from(`${credentials.email}:${credentials.apiToken}`).toString('base64')}`

  const server = createServer(async (req, res) => {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://fake-jira')
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      body,
    })
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs))
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    if (req.headers.authorization !== expected)
      return send(401, {
        errorMessages: ['You are not authenticated. Authentication required to perform this operation.'],
      })
    const path = url.pathname
    const projectMatch = req.method === 'GET' ? /^\/rest\/api\/2\/project\/([^/]+)$/.exec(path) : null
    const metaMatch =
      req.method === 'GET'
        ? /^\/rest\/api\/2\/issue\/createmeta\/([^/]+)\/issuetypes(?:\/([^/]+))?$/.exec(path)
        : null
    if (req.method === 'GET' && path === '/rest/api/2/myself')
      return send(200, {
        accountId: '5b10a2844c20165700ede21g',
        emailAddress: credentials.email,
        displayName: 'Jira Bot',
      })
    if (req.method === 'GET' && path === '/rest/api/2/project')
      return send(
        200,
        projects.map(({ id, key, name }) => ({
          id,
          key,
          name,
          self: `${url.origin}/rest/api/2/project/${id}`,
        })),
      )
    if (projectMatch) {
      const m = projectMatch
      const p = projects.find((x) => x.key === decodeURIComponent(m[1]!))
      return p
        ? send(200, p)
        : send(404, { errorMessages: [`No project could be found with key '${m[1]}'.`], errors: {} })
    }
    if (metaMatch) {
      const m = metaMatch
      const p = projects.find((x) => x.key === decodeURIComponent(m[1]!))
      if (!p) return send(404, { errorMessages: ['Project not found.'] })
      if (!m[2])
        return send(200, {
          maxResults: 100,
          startAt: 0,
          total: p.issueTypes.length,
          issueTypes: p.issueTypes,
        })
      const type = p.issueTypes.find((t) => t.id === m[2])
      if (!type) return send(404, { errorMessages: ['Issue type not found.'] })
      const fields = fieldsOf(type.name)
      return send(200, { maxResults: 200, startAt: 0, total: fields.length, fields })
    }
    if (req.method === 'POST' && path === '/rest/api/2/issue') {
      const fields = (body as { fields?: Record<string, unknown> } | undefined)?.fields ?? {}
      const key = (fields.project as { key?: string } | undefined)?.key
      const p = projects.find((x) => x.key === key)
      if (!p) return send(400, { errorMessages: [], errors: { project: 'valid project is required' } })
      const typeName = (fields.issuetype as { name?: string } | undefined)?.name
      if (!p.issueTypes.some((t) => t.name === typeName))
        return send(400, { errorMessages: [], errors: { issuetype: 'Specify a valid issue type' } })
      if (typeof fields.summary !== 'string' || !fields.summary)
        return send(400, {
          errorMessages: [],
          errors: { summary: 'You must specify a summary of the issue.' },
        })
      if (typeName === 'Vulnerability' && !fields.customfield_10050)
        return send(400, { errorMessages: [], errors: { customfield_10050: 'Severity is required.' } })
      const priorityId = (fields.priority as { id?: string } | undefined)?.id
      const priority = FAKE_JIRA_PRIORITIES.find((x) => x.id === priorityId)
      if (fields.priority !== undefined && (typeName === 'Vulnerability' || !priority))
        return send(400, { errorMessages: [], errors: { priority: 'Specify a valid priority' } })
      const number = issues.filter((i) => i.fields.project.key === p.key).length + 1
      const issue: FakeJiraIssue = {
        id: String(20000 + issues.length),
        key: `${p.key}-${number}`,
        fields: {
          project: { key: p.key },
          issuetype: { name: typeName! },
          summary: fields.summary,
          description: String(fields.description ?? ''),
          labels: (fields.labels as string[] | undefined) ?? [],
          ...(priority ? { priority } : {}),
        },
      }
      issues.push(issue)
      return send(201, { id: issue.id, key: issue.key, self: `${url.origin}/rest/api/2/issue/${issue.id}` })
    }
    send(404, { errorMessages: [`No route ${req.method} ${path} in the fake Jira.`] })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    email: credentials.email,
    apiToken: credentials.apiToken,
    requests,
    issues,
    setDelay: (ms) => {
      delayMs = ms
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
