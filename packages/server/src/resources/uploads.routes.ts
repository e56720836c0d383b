// POST /api/v1/uploads/{uuid|new}/sbom-cdx.json (spec accounts-and-api §7; multipart field 'file') and
// POST /api/v1/uploads/{uuid|new}/manifests (ours; one part per file, filename = root-relative path).
// Limits: SEXTANT_BODY_LIMIT_MB per file and in total (413), SEXTANT_UPLOAD_MAX_FILES files (413); only the
// files the analysis reads are kept (http/upload-files.ts). The target is checked before the body is read.
import { routes, UPLOAD_KEY_HEADER } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/connection'
import { HttpError } from '../http/errors'
import { orThrow } from '../http/problems'
import { bindRoute } from '../http/route'
import { readUploadedFiles, type UploadLimits } from '../http/upload-files'
import type { PgBoss, Workers } from '../jobs/boss'
import { sbomFileFor } from '../services/sbom-upload'
import { startUploadAnalysis, uploadTarget } from '../services/uploads.service'

export function uploadRoutes(
  app: FastifyInstance,
  db: Db,
  boss: PgBoss,
  workers: Workers | null,
  limits: UploadLimits,
): void {
  // The target is checked before the body is read (issue 13: no work before the access check).
  const keyOf = (request: FastifyRequest) => {
    const key = request.headers[UPLOAD_KEY_HEADER]
    return typeof key === 'string' ? key.trim() : undefined
  }

  bindRoute(app, routes.uploadSbom, async ({ params, query, request }) => {
    orThrow(await uploadTarget(db, request.principal, params.projectId, keyOf(request)))
    const read = await readUploadedFiles(request, limits, 'file')
    if (read.files.length === 0)
      throw new HttpError(400, "No SBOM was uploaded: send it as the multipart form field 'file'.")
    // read by its content (CycloneDX JSON or XML, SPDX JSON), named as sent (issue 14)
    const files = read.files.map((f) => {
      const sbom = sbomFileFor(f.sentAs ?? '', f.content)
      return { ...f, path: sbom.path, label: sbom.label }
    })
    const result = orThrow(
      await startUploadAnalysis({
        db,
        boss,
        principal: request.principal,
        projectId: params.projectId,
        query,
        files,
        source: 'sbom',
        uploadKey: keyOf(request),
      }),
    )
    workers?.notify()
    return result
  })

  bindRoute(app, routes.uploadManifests, async ({ params, query, request }) => {
    orThrow(await uploadTarget(db, request.principal, params.projectId, keyOf(request)))
    const { files } = await readUploadedFiles(request, limits)
    const result = orThrow(
      await startUploadAnalysis({
        db,
        boss,
        principal: request.principal,
        projectId: params.projectId,
        query,
        files,
        source: 'manifests',
        uploadKey: keyOf(request),
      }),
    )
    workers?.notify()
    return result
  })
}
