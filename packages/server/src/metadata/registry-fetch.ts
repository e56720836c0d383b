// The RegistryFetch the engine's datasources and the Maven resolver receive (issue 18; DESIGN §4):
// file:// repositories read from disk, requests a datasource asks to keep through the one document
// cache, and the rest (packuments, cached by the metadata facade as parsed documents) straight
// through the HTTP client. Offline, nothing is sent: kept documents and file:// answer alone.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { RegistryFetch, RegistryResponse } from '@sextant/engine'
import { type DocumentCache, OFFLINE_MISS } from './document-cache'
import type { HttpClient } from './http'

export interface RegistryFetchOptions {
  http: HttpClient
  documents: DocumentCache
  offline: boolean
  /** Largest file:// document read. */
  maxBytes: number
}

export function createRegistryFetch(options: RegistryFetchOptions): RegistryFetch {
  return async (request) => {
    if (request.url.startsWith('file:')) return readLocal(request.url, options.maxBytes)
    if (request.cache) return options.documents.get({ ...request, cache: request.cache })
    if (options.offline) return { kind: 'failed', status: null, message: OFFLINE_MISS, offline: true }
    const got = await options.http.get({
      url: request.url,
      accept: request.accept,
      etag: request.etag ?? null,
    })
    if (got.kind === 'not-found') return { kind: 'not-found' }
    return got
  }
}

async function readLocal(url: string, maxBytes: number): Promise<RegistryResponse> {
  try {
    const buffer = await readFile(fileURLToPath(url))
    if (buffer.byteLength > maxBytes)
      return { kind: 'failed', status: 413, message: 'file larger than the size limit' }
    return { kind: 'ok', body: buffer.toString('utf8'), etag: null }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'not-found' }
    return { kind: 'failed', status: null, message: error instanceof Error ? error.message : String(error) }
  }
}
