// Static-analysis reports over HTTP (spec accounts-and-api §7 GET /api/v1/sasha/projects/{id}/report,
// issue 17; our reading in contract sasha.ts): SARIF uploads for a project branch (multipart 'file',
// bounded) and the latest one with the account's isaac policies applied. A project the caller may not
// see answers 404 like one that does not exist.
import { randomUUID } from 'node:crypto'
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { visibleProject, writableProject } from '../../services/project-lookup'
import { readSarif } from './sarif-reader'
import { insertSasha, isaacPoliciesOf, latestSasha } from './sasha.repo'
import { sashaReport } from './sasha-report'

/** Largest SARIF file accepted. */
export const MAX_SARIF_BYTES = 8 * 1024 * 1024

export function sashaRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.uploadSarif, async ({ params, query, request, reply }) => {
    const project = orThrow(await writableProject(db, request.principal, params.projectId))
    if (!request.isMultipart())
      throw new HttpError(400, "Send the SARIF file as the multipart form field 'file'.")
    const part = await request.file({ limits: { fileSize: MAX_SARIF_BYTES, files: 1 } })
    if (part?.fieldname !== 'file')
      throw new HttpError(400, "No SARIF file was sent: send it as the multipart form field 'file'.")
    const chunks: Buffer[] = []
    for await (const chunk of part.file) chunks.push(chunk as Buffer)
    if (part.file.truncated)
      throw new HttpError(413, `The SARIF file is larger than ${MAX_SARIF_BYTES / 1024 / 1024} MB.`)
    const content = orThrow(readSarif(Buffer.concat(chunks).toString('utf8')))
    const uuid = randomUUID()
    await insertSasha(db, uuid, project.uuid, query.branch, content)
    reply.status(201)
    return { uuid, projectId: project.uuid, branch: query.branch, results: content.results.length }
  })

  bindRoute(app, routes.sashaReport, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const stored = await latestSasha(db, project.uuid, query.branch)
    if (!stored)
      throw new HttpError(
        404,
        `No static-analysis report for branch ${query.branch} of this project: upload a SARIF file (POST /api/v1/uploads/{id}/sarif).`,
      )
    return sashaReport(stored, await isaacPoliciesOf(db, project.accountUuid))
  })
}
