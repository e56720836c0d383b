// The one reader of uploaded files (issue 13 items 2 and 19), for every multipart route: each part is
// streamed; only files the engine reads (isProjectFile, `.meterian`) are kept, the rest drained unbuffered;
// a 413 names the limit that was hit (bytes per file, bytes per request, files per request) and a 400
// names a file name that is unusable (absolute, `..`, NUL).
import { isProjectFile } from '@sextant/engine'
import type { FastifyRequest } from 'fastify'
import { normaliseUploadPath, type UploadedFile } from '../services/uploads.service'
import { HttpError } from './errors'

export interface UploadLimits {
  /** Bytes per file and per request (SEXTANT_BODY_LIMIT_MB). */
  maxBytes: number
  /** Files per request (SEXTANT_UPLOAD_MAX_FILES). */
  maxFiles: number
}

export interface ReadUpload {
  /** The files kept, in the order sent. */
  files: UploadedFile[]
  /** Root-relative paths of the files dropped: nothing in the analysis reads them. */
  dropped: string[]
}

/** Bytes as MB for messages: whole numbers as such (`1 MB`), others to one decimal (`0.4 MB`). */
export function mb(bytes: number): string {
  const value = bytes / 1048576
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`
}

export function tooManyFiles(limit: number, scope = 'upload'): HttpError {
  return new HttpError(
    413,
    `Too many files: the limit is ${limit} files per ${scope} (SEXTANT_UPLOAD_MAX_FILES).`,
  )
}

export function tooManyBytes(limit: number, scope = 'upload'): HttpError {
  return new HttpError(
    413,
    `The ${scope} is too large: the limit is ${mb(limit)} per ${scope} and per file (SEXTANT_BODY_LIMIT_MB).`,
  )
}

/** The limit errors @fastify/multipart raises while parts stream, as a 413 naming the limit. */
function limitError(error: unknown, limits: UploadLimits): HttpError | null {
  const code = (error as { code?: string }).code
  if (code === 'FST_FILES_LIMIT') return tooManyFiles(limits.maxFiles)
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new HttpError(413, `Too many form fields: send at most ${limits.maxFiles} files and 50 fields.`)
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const name = (error as { part?: { filename?: string } }).part?.filename
    return new HttpError(
      413,
      `The file${name ? ` '${name}'` : ''} is too large: the limit is ${mb(limits.maxBytes)} per file (SEXTANT_BODY_LIMIT_MB).`,
    )
  }
  return null
}

/**
 * Reads the request's files. `sbomField`: read only that form field, as `bom.cdx.json` (the SBOM upload);
 * otherwise every file part, named by its root-relative filename.
 */
export async function readUploadedFiles(
  request: FastifyRequest,
  limits: UploadLimits,
  sbomField?: string,
): Promise<ReadUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(415, "Send the files as multipart/form-data (e.g. curl -F file=@bom.json '…').")
  }
  const files: UploadedFile[] = []
  const dropped: string[] = []
  let total = 0
  let index = 0
  try {
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type !== 'file') continue
      const name = part.filename || part.fieldname
      if (name.includes('\u0000')) {
        const field = `files.${index}.filename`
        const message = 'must not contain a NUL character (\\0)'
        throw new HttpError(400, `Invalid upload: ${field}: ${message}`, [{ field, message }])
      }
      index++
      const path = sbomField ? 'bom.cdx.json' : normaliseUploadPath(name)
      if (path === null)
        throw new HttpError(
          400,
          `The file name '${name}' is not a usable relative path (no '..', no absolute paths).`,
        )
      const keep = sbomField ? part.fieldname === sbomField : isProjectFile(path)
      if (!keep) {
        // Drained, never buffered; its bytes still count against the request.
        for await (const chunk of part.file) {
          total += (chunk as Buffer).length
          if (total > limits.maxBytes) throw tooManyBytes(limits.maxBytes)
        }
        if (!sbomField) dropped.push(path)
        continue
      }
      const content = await part.toBuffer()
      total += content.length
      if (total > limits.maxBytes) throw tooManyBytes(limits.maxBytes)
      if (files.some((f) => f.path === path)) throw new HttpError(400, `The file '${path}' was sent twice.`)
      files.push({ path, content, sentAs: name })
    }
  } catch (error) {
    throw limitError(error, limits) ?? error
  }
  return { files, dropped }
}
