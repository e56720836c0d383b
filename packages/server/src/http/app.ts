// The Fastify application (DESIGN §5): one error shape, auth resolved once, contract routes, the
// built web app served with an SPA fallback. Built from its dependencies so tests can make one per case.
import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { isAppPage, openApiDocument } from '@sextant/contract'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { advisoryRoutes } from '../advisories/advisories.routes'
import { advisoryImportRoutes } from '../advisories/import.routes'
import { readAdvisorySnapshot } from '../advisories/snapshot'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { dataFolderSpace } from '../db/disk-space'
import { vulnRoutes } from '../enrichment/vulns.routes'
import { downloadAndBadgeRoutes } from '../exports/register'
import type { OutboundClient } from '../http-client'
import type { PgBoss, Workers } from '../jobs/boss'
import { notificationRoutes } from '../notifications/notifications.routes'
import { slackLockRoutes } from '../notifications/slack-locks.routes'
import { subscriptionRoutes } from '../notifications/subscriptions.routes'
import type { Metrics } from '../operations/metrics'
import { operationsRoutes } from '../operations/operations.routes'
import { accountRoutes } from '../resources/accounts/accounts.routes'
import { adminRoutes } from '../resources/admin/admin.routes'
import { siteNetworkRoutes } from '../resources/admin/site-network.routes'
import { assistantRoutes } from '../resources/assistant/assistant.routes'
import { buildRoutes } from '../resources/builds/builds.routes'
import { cliRoutes } from '../resources/cli/cli.routes'
import { componentRoutes } from '../resources/components/components.routes'
import { credentialsRoutes } from '../resources/credentials/credentials.routes'
import { type MailTransport, mailTransportFor } from '../resources/credentials/mail'
import { datadogRoutes } from '../resources/datadog/datadog.routes'
import { deletionRequestRoutes } from '../resources/deletion-requests/deletion-requests.routes'
import { dependencyRoutes } from '../resources/dependency/dependency.routes'
import { exclusionRoutes } from '../resources/exclusions/exclusions.routes'
import { findingRoutes } from '../resources/findings/findings.routes'
import { healthRoutes } from '../resources/health.routes'
import { identityRoutes } from '../resources/identity.routes'
import { insightRoutes } from '../resources/insights/insights.routes'
import { instanceLicenceRoutes } from '../resources/instance-licences/instance-licences.routes'
import { isaacRoutes } from '../resources/isaac/isaac.routes'
import { jiraRoutes } from '../resources/jira/jira.routes'
import { licenceRoutes } from '../resources/licences/licences.routes'
import { memberRoutes } from '../resources/members/members.routes'
import { mfaRoutes } from '../resources/mfa/mfa.routes'
import { projectRoutes } from '../resources/projects.routes'
import { refreshRoutes } from '../resources/refresh/refresh.routes'
import { reportSectionRoutes } from '../resources/report-sections/report-sections.routes'
import { reportServiceRoutes } from '../resources/report-services/report-services.routes'
import { rkvstRoutes } from '../resources/rkvst/rkvst.routes'
import { sashaRoutes } from '../resources/sasha/sasha.routes'
import { statsRoutes } from '../resources/stats/stats.routes'
import { tagRoutes } from '../resources/tags/tags.routes'
import { teamRoutes } from '../resources/teams/teams.routes'
import { tokenRoutes } from '../resources/tokens/tokens.routes'
import { triageRoutes } from '../resources/triage/triage.routes'
import { uploadRoutes } from '../resources/uploads.routes'
import { vulnLookupRoutes } from '../resources/vulns/vulns.routes'
import { ReportCache } from '../services/report-cache'
import { installAuth } from './auth'
import { installErrorHandling, sendError } from './errors'
import { installSecurityHeaders } from './security-headers'

export interface AppDeps {
  config: Config
  db: Db
  boss: PgBoss
  workers: Workers | null
  logger: Logger
  /** The process's one outbound HTTP client (Jira, the assistant, registry metadata). */
  outbound: OutboundClient
  /** Folder of the built web app; `null` serves the API only. */
  webDir: string | null
  /** This process's Prometheus registry (GET /metrics; HTTP durations are recorded into it). */
  metrics: Metrics
  /** A job queue the readiness probe asks the job engine about. */
  probeQueue: string
  /** Where e-mails go instead of SEXTANT_SMTP_URL's transport (tests read the links they carry). */
  mail?: MailTransport
}

/**
 * Vite names every file under assets/ by a hash of its content, so a name never changes meaning: a year,
 * immutable. Everything else (index.html, which names the current hashes; favicon.svg) is revalidated.
 */
function cacheControlOf(webDir: string, path: string): string {
  const rel = relative(webDir, path)
  return rel.startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, boss } = deps
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // X-Forwarded-For only from the configured proxies (SEXTANT_TRUSTED_PROXIES): request.ip is the
    // address the sign-in rate limit counts against, so a client must not be able to choose it.
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
  })
  installErrorHandling(app, config.bodyLimitBytes)
  await installSecurityHeaders(app)
  await app.register(multipart, {
    limits: {
      fileSize: config.bodyLimitBytes,
      files: config.uploadMaxFiles,
      fields: 50,
      parts: config.uploadMaxFiles + 50,
    },
    throwFileSizeLimit: true,
  })
  installAuth(app, db)
  operationsRoutes(app, { config, db, boss, metrics: deps.metrics, probeQueue: deps.probeQueue })
  const uploadLimits = { maxBytes: config.bodyLimitBytes, maxFiles: config.uploadMaxFiles }
  // DESIGN §5: the OpenAPI document generated from the contract's route table (no auth). Made at the
  // first request, not at start: converting every schema costs ~0.2 s of a start (issue 18 acceptance 6).
  let openApi: ReturnType<typeof openApiDocument> | null = null
  app.get('/api/docs', async () => (openApi ??= openApiDocument({ version: '0.1.0' })))

  healthRoutes(app, db, {
    jobs: async () => {
      const count = await boss.getQueueSize('analyse')
      return `pg-boss running; ${count} analyses waiting`
    },
    advisories: () => readAdvisorySnapshot(db, config),
    ...(config.databaseUrl === null ? { storage: () => dataFolderSpace(config.dataDir) } : {}),
  })
  identityRoutes(app, db, config.sessionTtlMs)
  // One mail transport for every e-mailed link (resets, sign-ups, invitations).
  const mail = deps.mail ?? mailTransportFor(config, app.log)
  credentialsRoutes(app, db, config, mail)
  mfaRoutes(app, db, config)
  accountRoutes(app, db, config, mail)
  memberRoutes(app, db, config, mail)
  teamRoutes(app, db)
  tokenRoutes(app, db)
  adminRoutes(app, db)
  siteNetworkRoutes(app, db, config, deps.outbound)
  // one byte budget for stored reports and the findings rows derived from them (both immutable per key)
  const reportCache = new ReportCache(config.reportCacheMb * 1024 * 1024)
  projectRoutes(app, db, reportCache)
  reportSectionRoutes(app, db, reportCache)
  uploadRoutes(app, db, boss, deps.workers, uploadLimits)
  deletionRequestRoutes(app, db)
  advisoryRoutes(app, db, boss)
  advisoryImportRoutes(app, db, boss, config)
  vulnRoutes(app, db)
  dependencyRoutes(app, db, config, deps.outbound)
  vulnLookupRoutes(app, db)
  downloadAndBadgeRoutes(app, db, boss)
  exclusionRoutes(app, db)
  triageRoutes(app, db)
  findingRoutes(app, db, config, deps.outbound, reportCache)
  licenceRoutes(app, db)
  tagRoutes(app, db)
  isaacRoutes(app, db)
  insightRoutes(app, db)
  reportServiceRoutes(app, db, boss, deps.workers)
  refreshRoutes(app, db, boss, deps.workers, config, deps.outbound)
  buildRoutes(app, db, boss, deps.workers, uploadLimits)
  assistantRoutes(app, db, config.assistant, deps.outbound)
  jiraRoutes(app, db, config, deps.outbound)
  datadogRoutes(app, db, config, deps.outbound)
  rkvstRoutes(app, db, config, deps.outbound)
  componentRoutes(app)
  instanceLicenceRoutes(app, db, config)
  sashaRoutes(app, db)
  notificationRoutes(app, db, config, deps.outbound)
  slackLockRoutes(app, db)
  statsRoutes(app, db)
  subscriptionRoutes(app, db)
  cliRoutes(app, config)

  // The built web app: files are looked up per request (a rebuild is served without a restart), and
  // the app's pages (contract appPages: the report page, /projects.html, /dashboard, ...) load the
  // single-page app. Any other address is a 404 (issue 18: a wrong probe or API path must not pass with
  // the app's HTML); a browser asking for such a page gets the app's not-found page with that 404.
  const webDir = deps.webDir
  if (webDir)
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: ['index.html'],
      // Issue 20 "Static assets": the .br / .gz siblings the build wrote, chosen by Accept-Encoding (with
      // Vary: Accept-Encoding); the plain file when there is none.
      preCompressed: true,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlOf(webDir, path)),
    })
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const hasApp = webDir !== null && request.method === 'GET' && existsSync(join(webDir, 'index.html'))
    const page = isAppPage(path)
    if (hasApp && (page || (request.headers.accept ?? '').includes('text/html'))) {
      return reply
        .status(page ? 200 : 404)
        .type('text/html')
        .header('cache-control', 'no-cache')
        .sendFile('index.html')
    }
    return sendError(reply, 404, `There is no ${request.method} ${path} in this API.`)
  })
  return app
}
