// Route definitions of the issue-tracker integration (spec accounts-and-api §7 "Issue tracker"). §6:
// the account's Jira site is configuration (Administrators); reading whether it is set is account read;
// a project's Jira settings are project edit; creating an issue from a report is report edit. Every
// route answers 403 unless the account has the 'jira' feature.

import { z } from 'zod'
import {
  jiraAccountCheckBodySchema,
  jiraAccountConfigBodySchema,
  jiraAccountConfigSchema,
  jiraAccountParamsSchema,
  jiraCheckSchema,
  jiraIssueCreateBodySchema,
  jiraIssueMetaSchema,
  jiraIssueSchema,
  jiraProjectCheckBodySchema,
  jiraProjectConfigBodySchema,
  jiraProjectConfigSchema,
  jiraProjectParamsSchema,
  jiraRemoteProjectParamsSchema,
  jiraRemoteProjectSchema,
} from './jira'
import type { RouteDef } from './routes'

const base = '/api/v1/integrations/jira/accounts/:id'

export const jiraRouteDefs = {
  jiraAccountConfigGet: {
    method: 'GET',
    path: `${base}/config`,
    access: 'member',
    summary: "The account's Jira site and user; the API token is never answered (apiTokenSet only).",
    params: jiraAccountParamsSchema,
    permission: { area: 'account', action: 'read', accountParam: 'id' },
    status: 200,
    response: jiraAccountConfigSchema,
  },
  jiraAccountConfigSet: {
    method: 'POST',
    path: `${base}/config`,
    access: 'member',
    summary:
      'Set the Jira site {baseUrl, email, apiToken?}; apiToken is required the first time and kept when left out.',
    params: jiraAccountParamsSchema,
    body: jiraAccountConfigBodySchema,
    permission: { area: 'configuration', action: 'edit', accountParam: 'id' },
    status: 200,
    response: jiraAccountConfigSchema,
  },
  jiraAccountConfigCheck: {
    method: 'POST',
    path: `${base}/config/check`,
    access: 'member',
    summary:
      'Ask Jira who the credentials are (/rest/api/2/myself); fields sent override the stored ones. 200 when valid, 400 with the reason otherwise.',
    params: jiraAccountParamsSchema,
    body: jiraAccountCheckBodySchema,
    permission: { area: 'configuration', action: 'edit', accountParam: 'id' },
    status: 200,
    response: jiraCheckSchema,
  },
  jiraProjectConfigGet: {
    method: 'GET',
    path: `${base}/projects/:projectId/config`,
    access: 'member',
    summary: "A project's Jira project key, issue type and default labels (configured false when unset).",
    params: jiraProjectParamsSchema,
    permission: { area: 'projects', action: 'read', accountParam: 'id' },
    status: 200,
    response: jiraProjectConfigSchema,
  },
  jiraProjectConfigSet: {
    method: 'POST',
    path: `${base}/projects/:projectId/config`,
    access: 'member',
    summary: "Set a project's Jira settings {projectKey, issueType, labels?}.",
    params: jiraProjectParamsSchema,
    body: jiraProjectConfigBodySchema,
    permission: { area: 'projects', action: 'edit', accountParam: 'id' },
    status: 200,
    response: jiraProjectConfigSchema,
  },
  jiraProjectConfigCheck: {
    method: 'POST',
    path: `${base}/projects/:projectId/config/check`,
    access: 'member',
    summary:
      "Check a project's Jira settings against Jira (the project exists and has the issue type); 200 when valid, 400 with the reason otherwise.",
    params: jiraProjectParamsSchema,
    body: jiraProjectCheckBodySchema,
    permission: { area: 'projects', action: 'edit', accountParam: 'id' },
    status: 200,
    response: jiraCheckSchema,
  },
  jiraRemoteProjects: {
    method: 'GET',
    path: `${base}/jiraprojects`,
    access: 'member',
    summary: 'The Jira projects the configured user can see (/rest/api/2/project).',
    params: jiraAccountParamsSchema,
    permission: { area: 'projects', action: 'read', accountParam: 'id' },
    status: 200,
    response: z.array(jiraRemoteProjectSchema),
  },
  jiraIssueMeta: {
    method: 'GET',
    path: `${base}/jiraprojects/:key/issues/meta`,
    access: 'member',
    summary: 'The issue types of a Jira project with the fields each requires (Jira create metadata).',
    params: jiraRemoteProjectParamsSchema,
    permission: { area: 'reports', action: 'read', accountParam: 'id' },
    status: 200,
    response: jiraIssueMetaSchema,
  },
  jiraIssueList: {
    method: 'GET',
    path: `${base}/projects/:projectId/issues`,
    access: 'member',
    summary: 'The Jira issues created from advices of a project, newest first.',
    params: jiraProjectParamsSchema,
    permission: { area: 'reports', action: 'read', accountParam: 'id' },
    status: 200,
    response: z.array(jiraIssueSchema),
  },
  jiraIssueCreate: {
    method: 'POST',
    path: `${base}/projects/:projectId/issues`,
    access: 'member',
    summary:
      "Create a Jira issue for an advice of one of the project's reports {reportId, adviceId, summary, description?, issueType?, labels?}; 201 with the issue; 409 when the advice already has one.",
    params: jiraProjectParamsSchema,
    body: jiraIssueCreateBodySchema,
    permission: { area: 'reports', action: 'edit', accountParam: 'id' },
    status: 201,
    response: jiraIssueSchema,
  },
} as const satisfies Record<string, RouteDef>
