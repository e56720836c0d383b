// POST /api/v1/uploads/{uuid|new}/sbom-cdx.json (spec accounts-and-api §7; multipart field 'file') and
// POST /api/v1/uploads/{uuid|new}/manifests (ours; one part per file, filename = root-relative path).
// Limits: SEXTANT_BODY_LIMIT_MB per file and in total (413), SEXTANT_UPLOAD_MAX_FILES files (413).
import { routes } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/connection'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import type { PgBoss, Workers } from '../jobs/boss'
import { normaliseUploadPath, startUploadAnalysis, type UploadedFile } from '../services/uploads.service'

async function readFiles(
  request: FastifyRequest,
  limitBytes: number,
  onlyField?: string,
): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw new HttpError(415, "Send the files as multipart/form-data (e.g. curl -F file=@bom.json '…').")
  }
  const files: UploadedFile[] = []
  let total = 0
  for await (const part of request.parts({ preservePath: true })) {
    if (part.type !== 'file') continue
    const content = await part.toBuffer()
    if (onlyField && part.fieldname !== onlyField) continue
    total += content.length
    if (total > limitBytes)
      throw new HttpError(
        413,
        `The upload is too large: the limit is ${Math.round(limitBytes / 1048576)} MB in total.`,
      )
    const path = onlyField ? 'bom.cdx.json' : normaliseUploadPath(part.filename || part.fieldname)
    if (!path)
      throw new HttpError(
        400,
        `The file name '${part.filename}' is not a usable relative path (no '..', no absolute paths).`,
      )
    if (files.some((f) => f.path === path)) throw new HttpError(400, `The file '${path}' was sent twice.`)
    files.push({ path, content })
  }
  return files
}

export function uploadRoutes(
  app: FastifyInstance,
  db: Db,
  boss: PgBoss,
  workers: Workers | null,
  limitBytes: number,
): void {
  bindRoute(app, routes.uploadSbom, async ({ params, query, request }) => {
    const files = await readFiles(request, limitBytes, 'file')
    if (files.length === 0)
      throw new HttpError(400, "No SBOM was uploaded: send it as the multipart form field 'file'.")
    const result = await startUploadAnalysis({
      db,
      boss,
      principal: request.principal,
      projectId: params.projectId,
      query,
      files,
      source: 'sbom',
    })
    workers?.notify()
    return result
  })

  bindRoute(app, routes.uploadManifests, async ({ params, query, request }) => {
    const files = await readFiles(request, limitBytes)
    const result = await startUploadAnalysis({
      db,
      boss,
      principal: request.principal,
      projectId: params.projectId,
      query,
      files,
      source: 'manifests',
    })
    workers?.notify()
    return result
  })
}
