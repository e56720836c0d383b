// Findings table routes (issue 19 "Findings table"): anyone who may read the project reads its rows;
// the CSV route writes nothing (it turns the rows shown into a file), so it needs no §6 write right.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import { createAdvisoryStore } from '../../advisories'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { matchesIfNoneMatch } from '../../http/etag'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import type { OutboundClient } from '../../http-client'
import { createMetadataSource } from '../../metadata'
import { visibleProject } from '../../services/project-lookup'
import type { ReportCache } from '../../services/report-cache'
import { cachedReportFindings, csvOfShown, reportFindings } from './findings.service'
import { reportRemediationPatch, reportRemediationPlan } from './remediation.service'

export function findingRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  outbound: OutboundClient,
  cache: ReportCache,
): void {
  // the same advisory store and metadata cache the analyses read (one fetch per package, DESIGN §2)
  const sources = {
    advisories: createAdvisoryStore(db, config),
    metadata: createMetadataSource(db, config, { outbound }),
  }

  // Issue 19 acceptance 4: the rows' JSON from the cache (built once per report, previous report and
  // analyses), gzipped when the client accepts it; the ETag names them, so a revalidation is a 304. The
  // analyses can change, so the answer is revalidated on every use (no-cache), never stored as immutable.
  bindRoute(app, routes.findingsList, async ({ params, query, request, reply }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const { entry, tag } = orThrow(
      await cachedReportFindings(db, cache, project.uuid, params.branch, query.reportUuid),
    )
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    const etag = `"${tag}${gzip ? '.gz' : ''}"`
    reply
      .type('application/json')
      .header('etag', etag)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Accept-Encoding, Authorization')
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) reply.status(304).send()
    else if (gzip) reply.header('content-encoding', 'gzip').send(entry.gzip)
    else reply.send(await cache.jsonOf(entry))
    return undefined
  })

  bindRoute(app, routes.findingsCsv, async ({ params, body, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const found = orThrow(await reportFindings(db, project.uuid, params.branch, body.reportUuid))
    const csv = orThrow(csvOfShown(found, body.columns, body.keys))
    return { fileName: `${fileStem(project.name, params.branch)}-findings.csv`, csv }
  })

  bindRoute(app, routes.findingsPlan, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    return orThrow(await reportRemediationPlan(db, sources, project.uuid, params.branch, query.reportUuid))
  })

  bindRoute(app, routes.findingsPlanPatch, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const stem = fileStem(project.name, params.branch)
    return orThrow(
      await reportRemediationPatch(
        db,
        sources,
        project.uuid,
        params.branch,
        query.reportUuid,
        query.lane,
        stem,
      ),
    )
  })
}

/** A file name's stem from the project and branch: word characters, dots and dashes only. */
function fileStem(projectName: string, branch: string): string {
  return `${projectName || 'project'}-${branch}`.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '')
}
