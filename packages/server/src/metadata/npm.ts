// npm registry datasource (DESIGN §4 datasources; issue 5 "Datasources"): GET <registry>/<name> for
// the FULL packument (the abbreviated install form has no licence and no deprecation text is kept
// by every registry), conditional on the cached ETag, parsed once at the edge by the engine.
import { parseNpmPackumentText } from '@sextant/engine'
import type { Datasource, FetchOutcome, FetchRequest } from './datasource'
import { DOCUMENT_FORMAT } from './document'
import type { HttpClient } from './http'

// Full document only: `application/vnd.npm.install-v1+json` would drop licences and repository.
export const NPM_ACCEPT = 'application/json'

/** The path npm's client uses: `@scope%2fname` for scoped names, each part URI-encoded. */
export function npmPackagePath(name: string): string {
  if (name.startsWith('@') && name.includes('/')) {
    const slash = name.indexOf('/')
    return `@${encodeURIComponent(name.slice(1, slash))}%2f${encodeURIComponent(name.slice(slash + 1))}`
  }
  return encodeURIComponent(name)
}

export function npmDatasource(http: HttpClient, registry: string): Datasource {
  const base = registry.endsWith('/') ? registry : `${registry}/`
  return {
    ecosystem: 'npm',
    registry: base,
    async fetch(request: FetchRequest): Promise<FetchOutcome> {
      const answer = await http.get({
        url: `${base}${npmPackagePath(request.name)}`,
        accept: NPM_ACCEPT,
        etag: request.cached ? request.etag : null,
      })
      if (answer.kind === 'not-modified') return { kind: 'not-modified', etag: answer.etag }
      if (answer.kind === 'not-found') return { kind: 'not-found' }
      if (answer.kind === 'failed') return answer
      const parsed = parseNpmPackumentText(answer.body, request.name)
      if (!parsed.metadata) {
        return { kind: 'failed', status: 200, message: parsed.warnings.join('; ') || 'unusable packument' }
      }
      return {
        kind: 'document',
        document: {
          format: DOCUMENT_FORMAT,
          metadata: parsed.metadata,
          ...(parsed.warnings.length > 0 ? { warnings: parsed.warnings } : {}),
        },
        etag: answer.etag,
      }
    },
  }
}
