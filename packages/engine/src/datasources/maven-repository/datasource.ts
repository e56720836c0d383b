// Maven repository datasource (DESIGN §4 datasources; issue 5 "Datasources"; issue 18 registry):
// versions from maven-metadata.xml (merged over the configured repositories) and the POM licences
// of each version the analysis has. POMs come through a MavenRepository over the caller's fetch,
// so stability, licensing and the Maven resolver share one cache of documents.

import { mavenScheme } from '../../versioning/maven'
import type { NpmPackageMetadata } from '../npm/packument'
import type { Datasource, PackageDocument, PackageOutcome } from '../types'
import { pomLicences } from './licences'
import type { MavenMetadata } from './metadata'
import { MAVEN_CENTRAL, MavenRepository } from './repository'

const notRead: PackageOutcome = { kind: 'failed', status: null, message: 'POM could not be read' }

function splitCoordinates(name: string): { groupId: string; artifactId: string } | null {
  const [groupId, artifactId, ...rest] = name.split(':')
  if (!groupId || !artifactId || rest.length > 0) return null
  return { groupId, artifactId }
}

/** yyyyMMddHHmmss (UTC) → ISO-8601; `null` when unreadable. */
function lastUpdatedIso(value: string | null): string | null {
  const m = value ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value) : null
  if (!m) return null
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]))
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

function buildDocument(
  name: string,
  metadata: MavenMetadata,
  byVersion: Map<string, string[]>,
  licencesRead: Set<string>,
): PackageDocument {
  const read = [...byVersion.keys()].sort((a, b) => mavenScheme.compare(a, b) ?? 0)
  const newestRead = read[read.length - 1]
  const distTags: Record<string, string> = {}
  if (metadata.release) distTags.release = metadata.release
  // A version with a POM is real even when maven-metadata.xml does not list it (stale metadata).
  const versions = [...new Set([...metadata.versions, ...byVersion.keys()])]
  const result: NpmPackageMetadata = {
    name,
    versions: versions.map((version) => ({
      version,
      publishedAt: null,
      deprecated: null,
      licences: byVersion.get(version) ?? [],
    })),
    distTags,
    licences: newestRead ? (byVersion.get(newestRead) ?? []) : [],
    repository: null,
    modifiedAt: lastUpdatedIso(metadata.lastUpdated),
  }
  return { metadata: result, licencesRead: [...licencesRead] }
}

export const mavenRepositoryDatasource: Datasource = {
  id: 'maven-repository',
  ecosystem: 'maven',
  defaultRegistries: [MAVEN_CENTRAL],
  connect(registries, registryFetch) {
    const repos = (registries.length > 0 ? registries : [MAVEN_CENTRAL]).map((r) => r.replace(/\/+$/, ''))
    return {
      registry: repos.join(' '),
      covers: (document, versions) => versions.every((v) => document.licencesRead?.includes(v) ?? false),
      async fetchPackage(request): Promise<PackageOutcome> {
        const coordinates = splitCoordinates(request.name)
        if (!coordinates)
          return { kind: 'failed', status: null, message: `not a Maven name: ${request.name}` }
        // One client per package: it dedupes within this fetch; the caller's fetch caches for good.
        const repository = new MavenRepository({ repositories: repos, fetch: registryFetch })
        const failure = () =>
          repository.problems.length > 0
            ? ({
                kind: 'failed',
                status: null,
                message: repository.problems.map((p) => `${p.url}: ${p.message}`).join('; '),
              } as const)
            : null
        const metadata = await repository.metadata(coordinates.groupId, coordinates.artifactId)
        if (!metadata) return failure() ?? { kind: 'not-found' }

        const licencesRead = new Set(request.cached?.licencesRead ?? [])
        const byVersion = new Map<string, string[]>()
        for (const v of request.cached?.metadata.versions ?? []) {
          if (licencesRead.has(v.version)) byVersion.set(v.version, [...v.licences])
        }
        for (const version of request.versions) {
          if (licencesRead.has(version)) continue
          const problemsBefore = repository.problems.length
          const licences = await pomLicences(repository, { ...coordinates, version })
          // No POM because a repository failed: not known yet, so the whole fetch counts as failed.
          if (licences === null && repository.problems.length > problemsBefore) return failure() ?? notRead
          // No POM anywhere: nothing to read, and nothing to ask again until the entry expires.
          if (licences !== null) byVersion.set(version, licences)
          licencesRead.add(version)
        }
        return {
          kind: 'document',
          document: buildDocument(request.name, metadata, byVersion, licencesRead),
          etag: null,
        }
      },
    }
  },
}
