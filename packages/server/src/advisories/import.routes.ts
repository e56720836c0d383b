// POST /api/v1/databases/import and POST /api/v1/enrichment/import (ours; issue 14 "New advisory data
// reaches old reports"): imports into the running server, so `sextant advisories import` and `sextant
// enrichment import` work while the server holds the embedded database. The file is streamed to a
// temporary folder under the import's own size limit (not the upload limit) and imported like the CLI
// does; new or changed advisories queue the re-assessment of older reports. System administrators only
// (the routes' contract permission, checked before the handlers).
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { routes } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { formatEnrichmentWarning, importEnrichmentSource } from '../enrichment'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import type { PgBoss } from '../jobs/boss'
import { formatWarning } from './import.service'
import { defaultImportLimits } from './readers'
import { queueReassessment } from './reassess.job'
import { importAdvisorySource } from './standalone'

/** Warnings sent back; the rest are counted (a full OSV export may skip thousands of records). */
const SENT_WARNINGS = 50

/** A file name safe to keep in the temporary folder (the source id is made from it: 'import-npm'). */
function safeName(name: string): string {
  const base = basename(name.replaceAll('\\', '/')).replace(/[^A-Za-z0-9._-]/g, '_')
  return base === '' || base.startsWith('.') ? `advisories${base}` : base
}

/** Streams the multipart field 'file' to `dir`; answers its path. */
async function receiveFile(request: FastifyRequest, dir: string): Promise<string> {
  const part = await request.file({ limits: { fileSize: defaultImportLimits.maxFileBytes, files: 1 } })
  if (!part || part.fieldname !== 'file')
    throw new HttpError(400, "No advisory file was sent: send it as the multipart form field 'file'.")
  const path = join(dir, safeName(part.filename || 'advisories.jsonl'))
  await pipeline(part.file, createWriteStream(path))
  if (part.file.truncated)
    throw new HttpError(
      413,
      `The advisory file is larger than ${defaultImportLimits.maxFileBytes / 1024 ** 3} GB: import it in parts.`,
    )
  return path
}

/**
 * Where the data to import is: a file sent as the multipart field 'file' (streamed into a temporary
 * folder, removed by `cleanUp`), or `location`, an http(s) URL the server fetches.
 */
async function importSource(
  request: FastifyRequest,
  location: string | undefined,
): Promise<{ location: string; cleanUp: () => Promise<void> }> {
  if (request.isMultipart()) {
    if (location) throw new HttpError(400, 'Send a file or ?location=, not both.')
    const dir = await mkdtemp(join(tmpdir(), 'sx-import-'))
    const cleanUp = () => rm(dir, { recursive: true, force: true })
    try {
      return { location: await receiveFile(request, dir), cleanUp }
    } catch (error) {
      await cleanUp()
      throw error
    }
  }
  if (!location)
    throw new HttpError(
      400,
      "Send the file as the multipart form field 'file', or ?location= an http(s) URL.",
    )
  if (!/^https?:\/\//i.test(location))
    throw new HttpError(400, `location: only http(s) URLs are fetched by the server, not '${location}'.`)
  return { location, cleanUp: async () => {} }
}

export function advisoryImportRoutes(app: FastifyInstance, db: Db, boss: PgBoss, config: Config): void {
  bindRoute(app, routes.databaseImport, async ({ query, request }) => {
    const source = await importSource(request, query.location)
    try {
      const result = await importAdvisorySource(db, config, source.location, {
        allowPrivateAddresses: query.allowPrivate,
      })
      if (!result.ok) {
        throw new HttpError(
          400,
          `${result.error} (${result.counts.inserted + result.counts.updated} records stored before the problem).`,
        )
      }
      const changed = result.counts.inserted + result.counts.updated > 0
      if (changed) await queueReassessment(boss)
      const warnings = result.warnings.map(formatWarning)
      return {
        sourceId: result.sourceId,
        counts: result.counts,
        warnings: warnings.slice(0, SENT_WARNINGS),
        warningCount: warnings.length,
        durationMs: Math.round(result.durationMs),
        reassessing: changed,
      }
    } finally {
      await source.cleanUp()
    }
  })

  bindRoute(app, routes.enrichmentImport, async ({ query, request }) => {
    const source = await importSource(request, query.location)
    try {
      const result = await importEnrichmentSource(db, query.kind, source.location, {
        allowPrivateAddresses: query.allowPrivate,
      })
      if (!result.ok) throw new HttpError(400, result.error ?? `The ${query.kind} data could not be read.`)
      const warnings = result.warnings.map(formatEnrichmentWarning)
      return {
        kind: query.kind,
        counts: result.counts,
        version: result.version,
        warnings: warnings.slice(0, SENT_WARNINGS),
        warningCount: warnings.length,
        durationMs: Math.round(result.durationMs),
      }
    } finally {
      await source.cleanUp()
    }
  })
}
