// Findings table routes (issue 19 "Findings table"): anyone who may read the project reads its rows;
// the CSV route writes nothing (it turns the rows shown into a file), so it needs no §6 write right.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { visibleProject } from '../../services/project-lookup'
import { csvOfShown, reportFindings } from './findings.service'

export function findingRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.findingsList, async ({ params, query, request }) => {
    const project = await visibleProject(db, request.principal, params.projectId)
    return orThrow(await reportFindings(db, project.uuid, params.branch, query.reportUuid))
  })

  bindRoute(app, routes.findingsCsv, async ({ params, body, request }) => {
    const project = await visibleProject(db, request.principal, params.projectId)
    const found = orThrow(await reportFindings(db, project.uuid, params.branch, body.reportUuid))
    const csv = orThrow(csvOfShown(found, body.columns, body.keys))
    const stem = `${project.name || 'project'}-${params.branch}`.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '')
    return { fileName: `${stem}-findings.csv`, csv }
  })
}
