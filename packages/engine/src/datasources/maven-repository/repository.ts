// A Maven repository client (DESIGN §4 datasources): an ordered list of base URLs (http(s) or
// file://), tried in order, over an injected RegistryFetch; maven-metadata.xml merged across
// repositories, POMs from the first that has them. Each request says how long its answer may be
// kept (a release POM forever, metadata and SNAPSHOT POMs until revalidated), so the server's one
// cache serves every analysis; within one analysis nothing is asked twice.
import type { CachePolicy, RegistryFetch } from '../types'
import { type MavenMetadata, parseMavenMetadata } from './metadata'

export const MAVEN_CENTRAL = 'https://repo.maven.apache.org/maven2'

export const MAVEN_ACCEPT = 'application/xml, text/xml;q=0.9, */*;q=0.8'

export interface MavenRepositoryOptions {
  /** Base URLs tried in order; Maven Central when empty or absent. */
  repositories?: readonly string[]
  fetch: RegistryFetch
}

/** A repository that failed (unreachable or a server error), named so reports can say which. */
export interface MavenRepositoryProblem {
  repository: string
  url: string
  message: string
}

export interface MavenPom {
  /** The URL the POM was read from (file name for warnings). */
  url: string
  text: string
}

export interface MavenCoordinates {
  groupId: string
  artifactId: string
  version: string
}

/** Parses `SEXTANT_MAVEN_REPOSITORIES`-style text: comma-separated URLs, blanks dropped. */
export function parseRepositoryList(text: string | undefined): string[] {
  const list = (text ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter((s) => s !== '')
  return list.length > 0 ? list : [MAVEN_CENTRAL]
}

function artifactPath(groupId: string, artifactId: string): string {
  return `${groupId.replace(/\./g, '/')}/${artifactId}`
}

type Fetched = { kind: 'ok'; body: string } | { kind: 'missing' } | { kind: 'failed'; message: string }

/** A released artefact never changes once published; a SNAPSHOT is replaced by each deploy. */
const policyOfVersion = (version: string): CachePolicy =>
  version.endsWith('-SNAPSHOT') ? 'revalidate' : 'immutable'

export class MavenRepository {
  readonly repositories: readonly string[]
  private readonly fetch: RegistryFetch
  private readonly cache = new Map<string, Promise<Fetched>>()
  /** One MavenPom object per URL, so callers may memoise what they derive from it (a WeakMap). */
  private readonly poms = new Map<string, MavenPom>()
  private readonly problemList: MavenRepositoryProblem[] = []
  /** Repositories that could not be reached are not asked again in this analysis. */
  private readonly down = new Set<string>()
  /** Number of real fetches made (for tests and benchmarks). */
  fetchCount = 0

  constructor(options: MavenRepositoryOptions) {
    const repos = (options.repositories ?? []).map((r) => r.replace(/\/+$/, '')).filter((r) => r !== '')
    this.repositories = repos.length > 0 ? repos : [MAVEN_CENTRAL]
    this.fetch = options.fetch
  }

  /** Repositories that failed during this analysis. */
  get problems(): readonly MavenRepositoryProblem[] {
    return this.problemList
  }

  private fetchOnce(repository: string, url: string, cache: CachePolicy): Promise<Fetched> {
    const hit = this.cache.get(url)
    if (hit) return hit
    const p = this.doFetch(repository, url, cache)
    this.cache.set(url, p)
    return p
  }

  private async doFetch(repository: string, url: string, cache: CachePolicy): Promise<Fetched> {
    if (this.down.has(repository)) return { kind: 'failed', message: 'repository unreachable' }
    this.fetchCount++
    const res = await this.fetch({ url, accept: MAVEN_ACCEPT, cache })
    switch (res.kind) {
      case 'ok':
        if (res.stale) {
          const message = `unreachable (${res.stale.message}); answered from the cache of ${res.stale.since}`
          this.problemList.push({ repository, url, message })
        }
        return {
          kind: 'ok',
          body: typeof res.body === 'string' ? res.body : new TextDecoder().decode(res.body),
        }
      case 'not-found':
        return { kind: 'missing' }
      case 'not-modified':
        this.problemList.push({ repository, url, message: 'HTTP 304 to an unconditional request' })
        return { kind: 'failed', message: 'HTTP 304' }
      case 'failed': {
        // No HTTP answer at all: the repository is down, not asked again in this analysis. A request
        // not sent (offline, nothing cached) says nothing of the repository: the next may be cached.
        const unreachable = res.status === null && !res.offline
        const message = unreachable
          ? `unreachable: ${res.message}`
          : res.status !== null
            ? `HTTP ${res.status}`
            : res.message
        if (unreachable) this.down.add(repository)
        this.problemList.push({ repository, url, message })
        return { kind: 'failed', message }
      }
    }
  }

  /**
   * The POM of a release; `null` when no repository has it (see `problems` for unreachable ones).
   * The same object is returned for the same POM as long as this repository lives.
   */
  async pom(c: MavenCoordinates): Promise<MavenPom | null> {
    const file = `${artifactPath(c.groupId, c.artifactId)}/${c.version}/${c.artifactId}-${c.version}.pom`
    for (const repo of this.repositories) {
      const url = `${repo}/${file}`
      const got = await this.fetchOnce(repo, url, policyOfVersion(c.version))
      if (got.kind !== 'ok') continue
      let pom = this.poms.get(url)
      if (!pom) {
        pom = { url, text: got.body }
        this.poms.set(url, pom)
      }
      return pom
    }
    return null
  }

  /** maven-metadata.xml merged over every repository (Maven merges versions); `null` when none has it. */
  async metadata(groupId: string, artifactId: string): Promise<MavenMetadata | null> {
    const file = `${artifactPath(groupId, artifactId)}/maven-metadata.xml`
    let merged: MavenMetadata | null = null
    for (const repo of this.repositories) {
      const url = `${repo}/${file}`
      const got = await this.fetchOnce(repo, url, 'revalidate')
      if (got.kind !== 'ok') continue
      const m = parseMavenMetadata(got.body)
      if (!m) {
        // Unreadable is not "no such artifact": the versions are unknown, and said so.
        if (!this.problemList.some((p) => p.url === url))
          this.problemList.push({ repository: repo, url, message: 'not a maven-metadata.xml document' })
        continue
      }
      if (!merged) {
        merged = m
        continue
      }
      merged = {
        ...merged,
        versions: [...new Set([...merged.versions, ...m.versions])],
        latest: merged.latest ?? m.latest,
        release: merged.release ?? m.release,
        lastUpdated:
          [merged.lastUpdated, m.lastUpdated]
            .filter((x) => x !== null)
            .sort()
            .pop() ?? null,
      }
    }
    return merged
  }
}
