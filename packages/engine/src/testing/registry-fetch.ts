// RegistryFetch functions for tests and benchmarks (tests never use the network): a folder laid out
// as a repository behind file:// URLs, and an adapter from a plain (url) → {status, body} function,
// where throwing means "unreachable". Never imported by product code.
import { existsSync, readFileSync } from 'node:fs'
import type { RegistryFetch } from '../datasources/types'

export type TextFetch = (url: string) => Promise<{ status: number; body: string }>

/** Status and body as a datasource sees them: 2xx ok, 404/410 not found, others and throws failed. */
export function registryFetchOf(fetchText: TextFetch): RegistryFetch {
  return async (request) => {
    try {
      const res = await fetchText(request.url)
      if (res.status >= 200 && res.status < 300) return { kind: 'ok', body: res.body, etag: null }
      if (res.status === 404 || res.status === 410) return { kind: 'not-found' }
      return { kind: 'failed', status: res.status, message: `HTTP ${res.status}` }
    } catch (e) {
      return { kind: 'failed', status: null, message: e instanceof Error ? e.message : String(e) }
    }
  }
}

/** file:// URLs read from disk; a missing file is not found. */
export const fileRegistryFetch: RegistryFetch = registryFetchOf(async (url) => {
  const path = decodeURIComponent(new URL(url).pathname)
  return existsSync(path) ? { status: 200, body: readFileSync(path, 'utf8') } : { status: 404, body: '' }
})
