// Findings table routes (issue 19 "Findings table"): anyone who may read the project reads its rows;
// the CSV route writes nothing (it turns the rows shown into a file), so it needs no §6 write right.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import { createAdvisoryStore } from '../../advisories'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import type { OutboundClient } from '../../http-client'
import { createMetadataSource } from '../../metadata'
import { visibleProject } from '../../services/project-lookup'
import { csvOfShown, reportFindings } from './findings.service'
import { reportRemediationPatch, reportRemediationPlan } from './remediation.service'

export function findingRoutes(app: FastifyInstance, db: Db, config: Config, outbound: OutboundClient): void {
  // the same advisory store and metadata cache the analyses read (one fetch per package, DESIGN §2)
  const sources = {
    advisories: createAdvisoryStore(db, config),
    metadata: createMetadataSource(db, config, { outbound }),
  }

  bindRoute(app, routes.findingsList, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    return orThrow(await reportFindings(db, project.uuid, params.branch, query.reportUuid))
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
