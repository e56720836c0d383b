// The issue-tracker integration (spec accounts-and-api §7 "Issue tracker", §6 'jira' feature, §8;
// report-page §5 "Issue-tracker issue creation"): an account's Jira site, a project's Jira settings,
// checks against Jira, Jira's projects and issue types, and issues created from a report's advices.
// Every route answers 403 unless the account in the path has the 'jira' feature. Jira's 4xx answers
// become 400 naming what to fix; no answer at all (or one we cannot read) becomes 502.
import {
  JIRA_FEATURE,
  type JiraAccountConfig,
  type JiraIssue,
  type JiraProjectConfig,
  jiraMessages,
  type Report,
  routes,
} from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import type { OutboundClient } from '../../http-client'
import { sealSecretFor, secretForTarget } from '../../integrations/stored-secret'
import { findAccount } from '../../services/identity.repo'
import { visibleProject, writableProject } from '../../services/project-lookup'
import type { ProjectRecord } from '../../services/projects.repo'
import { reportJsonById } from '../../services/reports.repo'
import { loadSecretKey } from '../../services/secrets'
import { findAdvice } from '../assistant/assistant.prompts'
import {
  findAccountConfig,
  findIssue,
  findProjectConfig,
  insertIssue,
  listIssues,
  type StoredAccountConfig,
  type StoredIssue,
  type StoredProjectConfig,
  saveAccountConfig,
  saveProjectConfig,
} from './jira.repo'
import {
  type JiraClientOptions,
  JiraError,
  type JiraSite,
  jiraCreateIssue,
  jiraIssueMeta,
  jiraMyself,
  jiraProject,
  jiraProjects,
} from './jira-client'

/** Jira refused (4xx) → 400 with its reason; Jira unusable → 502. */
function asHttp(error: unknown): never {
  if (error instanceof JiraError) throw new HttpError(error.kind === 'rejected' ? 400 : 502, error.message)
  throw error
}

function presentAccountConfig(c: StoredAccountConfig | null): JiraAccountConfig {
  return {
    configured: c !== null,
    baseUrl: c?.baseUrl ?? null,
    email: c?.email ?? null,
    apiTokenSet: c !== null,
    updatedAt: c?.updatedAt.toISOString() ?? null,
  }
}

function presentProjectConfig(c: StoredProjectConfig | null): JiraProjectConfig {
  return {
    configured: c !== null,
    projectKey: c?.projectKey ?? null,
    issueType: c?.issueType ?? null,
    labels: c?.labels ?? [],
    updatedAt: c?.updatedAt.toISOString() ?? null,
  }
}

function presentIssue(i: StoredIssue): JiraIssue {
  return {
    adviceId: i.adviceId,
    reportId: i.reportUuid,
    id: i.issueId,
    key: i.issueKey,
    url: i.url,
    summary: i.summary,
    issueType: i.issueType,
    createdAt: i.createdAt.toISOString(),
  }
}

export function jiraRoutes(app: FastifyInstance, db: Db, config: Config, outbound: OutboundClient): void {
  const client: JiraClientOptions = {
    allowPrivate: config.allowPrivateIntegrations,
    timeoutMs: config.jiraTimeoutMs,
    outbound,
  }
  let key: Promise<Buffer> | null = null
  const secretKey = () => {
    key ??= loadSecretKey(db, config.secretKey)
    return key
  }

  /** The account in the path (already scoped by the §6 check); 403 without the 'jira' feature. */
  async function jiraAccount(request: FastifyRequest): Promise<string> {
    const uuid = request.scope?.accountUuid
    if (!uuid) throw new HttpError(404, 'There is no such account.')
    const account =
      uuid === request.principal.account.uuid ? request.principal.account : await findAccount(db, uuid)
    if (!account?.features.includes(JIRA_FEATURE)) throw new HttpError(403, jiraMessages.noFeature)
    return uuid
  }

  /**
   * The API token to send to `baseUrl` (issue 13 item 11, integrations/stored-secret.ts): the one in
   * the request, else the stored one only for the site it was saved for; 400 naming apiToken otherwise.
   */
  async function tokenFor(
    stored: StoredAccountConfig | null,
    baseUrl: string,
    given: string | undefined,
  ): Promise<string> {
    const choice = secretForTarget(
      await secretKey(),
      stored && { sealed: stored.apiTokenEncrypted, url: stored.baseUrl },
      baseUrl,
      given,
      'apiToken',
    )
    if (!choice.ok)
      throw new HttpError(
        400,
        choice.reason === 'missing'
          ? `Invalid body: body.apiToken: ${jiraMessages.apiTokenRequired}`
          : `Invalid body: body.${choice.message}`,
      )
    return choice.secret
  }

  /** The stored site with its token, or 400 when the account has none. */
  async function siteOf(accountUuid: string): Promise<JiraSite> {
    const stored = await findAccountConfig(db, accountUuid)
    if (!stored) throw new HttpError(400, jiraMessages.notConfigured)
    return {
      baseUrl: stored.baseUrl,
      email: stored.email,
      apiToken: await tokenFor(stored, stored.baseUrl, undefined),
    }
  }

  /** A project of the account in the path that the caller may see (or change, with `write`). */
  async function projectOf(
    request: FastifyRequest,
    accountUuid: string,
    projectId: string,
    write: boolean,
  ): Promise<ProjectRecord> {
    const project = orThrow(
      await (write ? writableProject : visibleProject)(db, request.principal, projectId),
    )
    if (project.accountUuid !== accountUuid)
      throw new HttpError(404, `PROJECT NOT FOUND: account ${accountUuid} has no project ${projectId}.`)
    return project
  }

  bindRoute(app, routes.jiraAccountConfigGet, async ({ request }) =>
    presentAccountConfig(await findAccountConfig(db, await jiraAccount(request))),
  )

  bindRoute(app, routes.jiraAccountConfigSet, async ({ body, request }) => {
    const account = await jiraAccount(request)
    const stored = await findAccountConfig(db, account)
    // A new site needs the token again; the stored one is sealed for the site it is saved with.
    const apiToken = await tokenFor(stored, body.baseUrl, body.apiToken)
    const apiTokenEncrypted = sealSecretFor(await secretKey(), apiToken, body.baseUrl)
    await saveAccountConfig(db, account, { baseUrl: body.baseUrl, email: body.email, apiTokenEncrypted })
    return presentAccountConfig(await findAccountConfig(db, account))
  })

  bindRoute(app, routes.jiraAccountConfigCheck, async ({ body, request }) => {
    const account = await jiraAccount(request)
    const stored = await findAccountConfig(db, account)
    const baseUrl = body.baseUrl ?? stored?.baseUrl
    const email = body.email ?? stored?.email
    if (!baseUrl || !email || (!body.apiToken && !stored))
      throw new HttpError(400, jiraMessages.notConfigured)
    const apiToken = await tokenFor(stored, baseUrl, body.apiToken)
    try {
      const who = await jiraMyself({ baseUrl, email, apiToken }, client)
      return { valid: true as const, message: `Connected to ${baseUrl} as ${who}.` }
    } catch (error) {
      return asHttp(error)
    }
  })

  bindRoute(app, routes.jiraProjectConfigGet, async ({ params, request }) => {
    const account = await jiraAccount(request)
    const project = await projectOf(request, account, params.projectId, false)
    return presentProjectConfig(await findProjectConfig(db, project.uuid))
  })

  bindRoute(app, routes.jiraProjectConfigSet, async ({ params, body, request }) => {
    const account = await jiraAccount(request)
    const project = await projectOf(request, account, params.projectId, true)
    await saveProjectConfig(db, project.uuid, {
      projectKey: body.projectKey,
      issueType: body.issueType,
      labels: [...new Set(body.labels)],
    })
    return presentProjectConfig(await findProjectConfig(db, project.uuid))
  })

  bindRoute(app, routes.jiraProjectConfigCheck, async ({ params, body, request }) => {
    const account = await jiraAccount(request)
    const project = await projectOf(request, account, params.projectId, true)
    const stored = await findProjectConfig(db, project.uuid)
    const projectKey = body.projectKey ?? stored?.projectKey
    const issueType = body.issueType ?? stored?.issueType
    if (!projectKey || !issueType) throw new HttpError(400, jiraMessages.projectNotConfigured)
    const site = await siteOf(account)
    let remote: Awaited<ReturnType<typeof jiraProject>>
    try {
      remote = await jiraProject(site, client, projectKey)
    } catch (error) {
      if (error instanceof JiraError && error.status === 404)
        throw new HttpError(400, `projectKey: Jira has no project ${projectKey} that ${site.email} can see.`)
      return asHttp(error)
    }
    const type = remote.issueTypes.find((t) => t.name.toLowerCase() === issueType.toLowerCase())
    if (!type)
      throw new HttpError(
        400,
        `issueType: Jira project ${projectKey} has no issue type '${issueType}' (it has ${remote.issueTypes.map((t) => t.name).join(', ') || 'none'}).`,
      )
    return { valid: true as const, message: `Issues go to ${remote.name} (${remote.key}) as ${type.name}.` }
  })

  bindRoute(app, routes.jiraRemoteProjects, async ({ request }) => {
    const site = await siteOf(await jiraAccount(request))
    return jiraProjects(site, client).catch(asHttp)
  })

  bindRoute(app, routes.jiraIssueMeta, async ({ params, request }) => {
    const site = await siteOf(await jiraAccount(request))
    try {
      return { projectKey: params.key, issueTypes: await jiraIssueMeta(site, client, params.key) }
    } catch (error) {
      if (error instanceof JiraError && error.status === 404)
        throw new HttpError(400, `key: Jira has no project ${params.key} that ${site.email} can see.`)
      return asHttp(error)
    }
  })

  bindRoute(app, routes.jiraIssueList, async ({ params, request }) => {
    const account = await jiraAccount(request)
    const project = await projectOf(request, account, params.projectId, false)
    return (await listIssues(db, project.uuid)).map(presentIssue)
  })

  /**
   * report-page §5 "Summary and priority are mandatory payload fields": when the issue type has a
   * priority field (per Jira's create metadata) the body must name one of its allowed values; a type
   * without one takes none. An issue type Jira does not list is left for Jira to refuse.
   */
  async function checkedPriority(
    site: JiraSite,
    projectKey: string,
    issueType: string,
    priority: string | undefined,
  ): Promise<string | undefined> {
    const types = await jiraIssueMeta(site, client, projectKey).catch(asHttp)
    const type = types.find((t) => t.name.toLowerCase() === issueType.toLowerCase())
    if (!type) return priority
    const names = type.priorities.map((p) => p.name)
    if (type.priorities.length === 0) {
      if (priority !== undefined) throw new HttpError(400, jiraMessages.priorityNone(type.name))
      return undefined
    }
    if (priority === undefined) throw new HttpError(400, jiraMessages.priorityRequired(type.name, names))
    const chosen = type.priorities.find((p) => p.id === priority)
    if (!chosen) throw new HttpError(400, jiraMessages.priorityUnknown(type.name, priority, names))
    return chosen.id
  }

  bindRoute(app, routes.jiraIssueCreate, async ({ params, body, request }) => {
    const account = await jiraAccount(request)
    const project = await projectOf(request, account, params.projectId, true)
    const settings = await findProjectConfig(db, project.uuid)
    if (!settings) throw new HttpError(400, jiraMessages.projectNotConfigured)
    const json = await reportJsonById(db, project.uuid, body.reportId)
    if (!json) throw new HttpError(404, `reportId: this project has no report ${body.reportId}.`)
    const found = findAdvice(JSON.parse(json) as Report, body.adviceId)
    if (!found) throw new HttpError(404, `adviceId: report ${body.reportId} has no advice ${body.adviceId}.`)
    const existing = await findIssue(db, project.uuid, body.adviceId)
    if (existing) throw new HttpError(409, jiraMessages.alreadyCreated(existing.issueKey))
    const site = await siteOf(account)
    const issueType = body.issueType ?? settings.issueType
    const priority = await checkedPriority(site, settings.projectKey, issueType, body.priority)
    const created = await jiraCreateIssue(site, client, {
      projectKey: settings.projectKey,
      issueType,
      priority,
      summary: body.summary,
      description: body.description,
      labels: [...new Set([...settings.labels, ...(body.labels ?? [])])],
    }).catch(asHttp)
    const membership = request.principal.kind === 'member' ? request.principal.member.membershipUuid : null
    const stored = await insertIssue(
      db,
      project.uuid,
      {
        adviceId: body.adviceId,
        reportUuid: body.reportId,
        issueId: created.id,
        issueKey: created.key,
        url: created.url,
        summary: body.summary,
        issueType,
      },
      membership,
    )
    // Two creations raced: Jira has both issues, the advice keeps the first.
    if (stored === 'taken') {
      const first = await findIssue(db, project.uuid, body.adviceId)
      throw new HttpError(409, jiraMessages.alreadyCreated(first?.issueKey ?? created.key))
    }
    request.log.info({ project: project.uuid, issue: created.key }, 'jira issue created')
    return presentIssue(stored)
  })
}
