// npm registry datasource (DESIGN §4 datasources; issue 5 "Datasources"; issue 18 registry):
// GET <registry>/<name> for the FULL packument (the abbreviated install form has no licence and not
// every registry keeps deprecation texts in it), conditional on the cached ETag, parsed once here.
// The caller caches the parsed document, never the raw packument (tens of MB for popular packages).
import type { Datasource, PackageOutcome } from '../types'
import { parseNpmPackumentText } from './packument'

// Full document only: `application/vnd.npm.install-v1+json` would drop licences and repository.
export const NPM_ACCEPT = 'application/json'

export const NPM_REGISTRY = 'https://registry.npmjs.org/'

/** The path npm's client uses: `@scope%2fname` for scoped names, each part URI-encoded. */
export function npmPackagePath(name: string): string {
  if (name.startsWith('@') && name.includes('/')) {
    const slash = name.indexOf('/')
    return `@${encodeURIComponent(name.slice(1, slash))}%2f${encodeURIComponent(name.slice(slash + 1))}`
  }
  return encodeURIComponent(name)
}

export const npmDatasource: Datasource = {
  id: 'npm',
  ecosystem: 'npm',
  defaultRegistries: [NPM_REGISTRY],
  connect(registries, registryFetch) {
    const first = registries[0] ?? NPM_REGISTRY
    const base = first.endsWith('/') ? first : `${first}/`
    return {
      registry: base,
      async fetchPackage(request): Promise<PackageOutcome> {
        const answer = await registryFetch({
          url: `${base}${npmPackagePath(request.name)}`,
          accept: NPM_ACCEPT,
          etag: request.cached ? request.etag : null,
        })
        if (answer.kind === 'not-modified') return { kind: 'not-modified', etag: answer.etag }
        if (answer.kind === 'not-found') return { kind: 'not-found' }
        if (answer.kind === 'failed')
          return { kind: 'failed', status: answer.status, message: answer.message }
        const parsed = parseNpmPackumentText(answer.body, request.name)
        if (!parsed.metadata) {
          return { kind: 'failed', status: 200, message: parsed.warnings.join('; ') || 'unusable packument' }
        }
        return {
          kind: 'document',
          document: {
            metadata: parsed.metadata,
            ...(parsed.warnings.length > 0 ? { warnings: parsed.warnings } : {}),
          },
          etag: answer.etag,
        }
      },
    }
  },
}
