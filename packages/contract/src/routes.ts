// The typed route table of the public API (DESIGN §5). Paths, methods and statuses follow the spec;
// the server registers exactly these, the SDK calls them, OpenAPI and the permission walk read them.
import { z } from 'zod'
import type { Permission } from './accounts'
import { accountRouteDefs } from './accounts.routes'
import {
  advisoryDbDetailSchema,
  advisoryDbStatsSchema,
  advisoryImportQuerySchema,
  advisoryImportResultSchema,
  databaseIdParamsSchema,
} from './advisories'
import { assistantRouteDefs } from './assistant.routes'
import { cliRouteDefs } from './cli.routes'
import { componentRouteDefs } from './components.routes'
import { datadogRouteDefs } from './datadog.routes'
import { deletionRequestRouteDefs } from './deletion-requests.routes'
import { dependencyRouteDefs } from './dependency.routes'
import { exclusionRouteDefs } from './exclusions.routes'
import { exportRouteDefs } from './exports.routes'
import { findingRouteDefs } from './findings.routes'
import { healthSchema } from './health'
import { accountSchema, loginBodySchema, loginResponseSchema, userSchema } from './identity'
import { insightRouteDefs } from './insights.routes'
import { instanceLicenceRouteDefs } from './instance-licences.routes'
import { isaacRouteDefs } from './isaac.routes'
import { jiraRouteDefs } from './jira.routes'
import { licenceRouteDefs } from './licences.routes'
import { notificationLockRouteDefs } from './notification-locks.routes'
import { notificationRouteDefs } from './notifications.routes'
import { projectSchema, uploadQuerySchema, uploadResponseSchema } from './project'
import { historyEntrySchema, historyQuerySchema, reportQuerySchema, reportSchema } from './report'
import { reportDeltaEntrySchema, reportDeltaQuerySchema } from './report-delta'
import { reportSectionRouteDefs } from './report-sections.routes'
import { rkvstRouteDefs } from './rkvst.routes'
import { sashaRouteDefs } from './sasha.routes'
import { siteNetworkRouteDefs } from './site-network.routes'
import { statsRouteDefs } from './stats.routes'
import { storageRouteDefs } from './storage.routes'
import { tagRouteDefs } from './tags.routes'
import { triageRouteDefs } from './triage.routes'
import { vulnRouteDefs } from './vulns.routes'

/** Who may call a route: anyone (no account at all), any caller incl. the default account, or a signed-in member. */
export type Access = 'public' | 'anonymous' | 'member'

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Fastify-style path: `:name` marks a path parameter. */
  path: string
  access: Access
  summary: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** Answers newline-delimited JSON, one `response` per line, as it is produced. */
  stream?: 'ndjson'
  /** Multipart form uploads are parsed by the route itself, with explicit limits. */
  multipart?: boolean
  status: number
  response: z.ZodType
  /** The §6 permission checked for every call before the handler (server http/auth.ts). */
  permission?: Permission
  /** Optional request headers the route reads besides Authorization (documented in OpenAPI). */
  headers?: readonly { name: string; description: string }[]
}

/** Issue 13 item 10: a public project's upload key, for scans of it without sign-in. */
const uploadKeyHeader = [
  {
    name: 'X-Upload-Key',
    description:
      'The upload key answered (once) by the anonymous upload that created this public project; needed to add a scan to it without sign-in.',
  },
] as const

const projectIdParams = z.object({ projectId: z.string().min(1) })
/** The most public projects GET /api/v1/projects/public answers. */
export const PUBLIC_PROJECTS_LIMIT = 200

export const routes = {
  ...exclusionRouteDefs,
  ...triageRouteDefs,
  ...findingRouteDefs,
  ...exportRouteDefs,
  ...accountRouteDefs,
  ...vulnRouteDefs,
  ...dependencyRouteDefs,
  ...licenceRouteDefs,
  ...deletionRequestRouteDefs,
  ...tagRouteDefs,
  ...isaacRouteDefs,
  ...insightRouteDefs,
  ...assistantRouteDefs,
  ...jiraRouteDefs,
  ...datadogRouteDefs,
  ...rkvstRouteDefs,
  ...componentRouteDefs,
  ...instanceLicenceRouteDefs,
  ...sashaRouteDefs,
  ...siteNetworkRouteDefs,
  ...cliRouteDefs,
  ...notificationRouteDefs,
  ...notificationLockRouteDefs,
  ...statsRouteDefs,
  ...storageRouteDefs,
  ...reportSectionRouteDefs,
  healthcheck: {
    method: 'GET',
    path: '/admin/server/:service/healthcheck',
    access: 'public',
    summary: 'Health of a server service (e.g. "site"): database, jobs.',
    params: z.object({ service: z.string() }),
    status: 200,
    response: healthSchema,
  },
  login: {
    method: 'POST',
    path: '/api/v1/credentials/login',
    access: 'public',
    summary: 'Sign in with e-mail and password; answers an access token.',
    body: loginBodySchema,
    status: 200,
    response: loginResponseSchema,
  },
  usersMe: {
    method: 'GET',
    path: '/api/v1/users/me',
    access: 'member',
    summary: 'The signed-in user.',
    status: 200,
    response: userSchema,
  },
  accountGet: {
    method: 'GET',
    path: '/api/v1/accounts/:id',
    access: 'anonymous',
    summary: "An account: 'me' (the caller's; the default account without a header), 'default', or a uuid.",
    params: z.object({ id: z.string().min(1) }),
    status: 200,
    response: accountSchema,
  },
  accountProjects: {
    method: 'GET',
    path: '/api/v1/accounts/:id/projects',
    access: 'anonymous',
    summary: "The projects of an account ('me' for the caller's).",
    params: z.object({ id: z.string().min(1) }),
    status: 200,
    response: z.array(projectSchema),
  },
  projectGet: {
    method: 'GET',
    path: '/api/v1/projects/:projectId',
    access: 'anonymous',
    summary: 'A project with its branches and the state of their newest analyses.',
    params: projectIdParams,
    status: 200,
    response: projectSchema,
  },
  publicProjects: {
    method: 'GET',
    path: '/api/v1/projects/public',
    access: 'anonymous',
    summary: `The public projects of every account, newest first (at most ${PUBLIC_PROJECTS_LIMIT}): the anonymous home page (issue 14 "Navigation").`,
    status: 200,
    response: z.array(projectSchema),
  },
  projectVisibility: {
    method: 'PUT',
    path: '/api/v1/projects/:projectId/visibility',
    access: 'member',
    summary:
      'Make a project public (anyone reads its reports, without their actions) or private again (its account only); issue 14 "Private by default … unless made public".',
    params: projectIdParams,
    body: z.object({ isPublic: z.boolean() }),
    permission: { area: 'projects', action: 'edit' },
    status: 200,
    response: projectSchema,
  },
  uploadSbom: {
    method: 'POST',
    path: '/api/v1/uploads/:projectId/sbom-cdx.json',
    access: 'anonymous',
    summary:
      "Upload a CycloneDX JSON SBOM (multipart field 'file') to a project or to 'new'; queues an analysis. Without sign-in: 'new' creates a public project and answers its uploadKey once; adding to that project later needs the header X-Upload-Key.",
    params: projectIdParams,
    query: uploadQuerySchema,
    multipart: true,
    status: 202,
    response: uploadResponseSchema,
    permission: { area: 'projects', action: 'edit', createParam: 'projectId' },
    headers: uploadKeyHeader,
  },
  uploadManifests: {
    method: 'POST',
    path: '/api/v1/uploads/:projectId/manifests',
    access: 'anonymous',
    summary:
      "Upload manifests and lockfiles (multipart; each part's filename is its root-relative path); queues an analysis. Without sign-in: 'new' creates a public project and answers its uploadKey once; adding to that project later needs the header X-Upload-Key.",
    params: projectIdParams,
    query: uploadQuerySchema,
    multipart: true,
    status: 202,
    response: uploadResponseSchema,
    permission: { area: 'projects', action: 'edit', createParam: 'projectId' },
    headers: uploadKeyHeader,
  },
  reportLatest: {
    method: 'GET',
    path: '/api/v1/reports/:projectId/full',
    access: 'anonymous',
    summary: 'The latest report of a branch (404 NOT FOUND before the first one).',
    params: projectIdParams,
    query: reportQuerySchema,
    status: 200,
    response: reportSchema,
  },
  reportById: {
    method: 'GET',
    path: '/api/v1/reports/:projectId/full/:reportId',
    access: 'anonymous',
    summary: 'One report from the history.',
    params: z.object({ projectId: z.string().min(1), reportId: z.string().min(1) }),
    query: reportQuerySchema,
    status: 200,
    response: reportSchema,
  },
  reportHistory: {
    method: 'GET',
    path: '/api/v1/reports/:projectId/history',
    access: 'anonymous',
    summary: 'Report history, newest first.',
    params: projectIdParams,
    query: historyQuerySchema,
    status: 200,
    response: z.array(historyEntrySchema),
  },
  reportDelta: {
    method: 'GET',
    path: '/api/v1/reports/:projectId/delta',
    access: 'anonymous',
    summary:
      'What a report (default: the latest of the branch) has new since the previous one: new findings, newly KEV-listed, raised severity, outcome; live says it is a live re-check after new advisory data. 404 for reports stored before deltas existed.',
    params: projectIdParams,
    query: reportDeltaQuerySchema,
    status: 200,
    response: reportDeltaEntrySchema,
  },
  advisoryDbStats: {
    method: 'GET',
    path: '/api/v1/stats/advisories-dbs',
    access: 'anonymous',
    summary: 'Advisories in the store per ecosystem, and each advisory database with its last sync.',
    status: 200,
    response: advisoryDbStatsSchema,
  },
  // The locations (server paths, URLs) and warnings of the advisory databases are the operator's
  // configuration: account administrators and system administrators only (issue 13 item 12).
  databases: {
    method: 'GET',
    path: '/api/v1/databases',
    access: 'member',
    summary:
      'The advisory databases (OSV sources) with location, last run, counts and last error (administrators).',
    status: 200,
    response: z.array(advisoryDbDetailSchema),
    permission: { area: 'configuration', action: 'read' },
  },
  databaseSyncStart: {
    method: 'POST',
    path: '/api/v1/databases/:id/sync',
    access: 'member',
    summary: 'Queue a sync of one advisory database (system administrators only; 403 otherwise).',
    params: databaseIdParamsSchema,
    status: 202,
    response: advisoryDbDetailSchema,
    permission: {
      area: 'system',
      action: 'edit',
      message: 'Unauthorized: only a system administrator may start an advisory database sync.',
    },
  },
  databaseImport: {
    method: 'POST',
    path: '/api/v1/databases/import',
    access: 'member',
    summary:
      "Import OSV advisories into the running server (ours; system administrators only): the file as multipart field 'file', or ?location= an http(s) URL. 400 names what could not be read; older reports are then recomputed.",
    query: advisoryImportQuerySchema,
    multipart: true,
    status: 200,
    response: advisoryImportResultSchema,
    permission: {
      area: 'system',
      action: 'edit',
      message: 'Unauthorized: only a system administrator may import advisories.',
    },
  },
  databaseSyncStatus: {
    method: 'GET',
    path: '/api/v1/databases/:id/sync',
    access: 'member',
    summary: 'The sync state of one advisory database, with its location (administrators).',
    params: databaseIdParamsSchema,
    status: 200,
    response: advisoryDbDetailSchema,
    permission: { area: 'configuration', action: 'read' },
  },
} as const satisfies Record<string, RouteDef>

export type RouteName = keyof typeof routes
export type RouteResponse<N extends RouteName> = z.infer<(typeof routes)[N]['response']>
