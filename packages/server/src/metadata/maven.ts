// Maven repository datasource (DESIGN §4 datasources; issue 5 "Datasources"): versions from
// maven-metadata.xml (merged over config.mavenRepositories, http(s) or file://) and the POM <licenses>
// of each version the analysis has, following <parent> when a POM declares none (commons-parent etc.).
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import {
  getVersionScheme,
  type MavenFetchResponse,
  MavenRepository,
  mavenXmlChild,
  mavenXmlChildren,
  mavenXmlText,
  parseMavenXml,
} from '@sextant/engine'
import type { Datasource, FetchOutcome, FetchRequest } from './datasource'
import { DOCUMENT_FORMAT, type PackageMetadata, type StoredDocument } from './document'
import type { HttpClient } from './http'

const notRead: FetchOutcome = { kind: 'failed', status: null, message: 'POM could not be read' }
const MAVEN_ACCEPT = 'application/xml, text/xml;q=0.9, */*;q=0.8'
/** Parent POMs followed for licences (Maven's own inheritance has no limit; real chains are short). */
const maxParentDepth = 6

/**
 * The fetch a MavenRepository uses, through the facade's HTTP client (retries, limits, per-host
 * concurrency); `file://` repositories are read from disk. Offline, only `file://` is read.
 */
export function mavenFetchText(http: HttpClient, maxBytes: number, offline = false) {
  return async (url: string): Promise<MavenFetchResponse> => {
    if (url.startsWith('file:')) return readLocal(url, maxBytes)
    if (offline) throw new Error('offline mode (SEXTANT_OFFLINE): remote Maven repositories are not asked')
    const answer = await http.get({ url, accept: MAVEN_ACCEPT })
    if (answer.kind === 'ok') return { status: 200, body: answer.body }
    if (answer.kind === 'not-found') return { status: answer.status, body: '' }
    if (answer.kind === 'not-modified') return { status: 304, body: '' }
    if (answer.status !== null) return { status: answer.status, body: answer.message }
    throw new Error(answer.message)
  }
}

export function mavenDatasource(
  http: HttpClient,
  repositories: readonly string[],
  maxBytes: number,
): Datasource {
  const repos = repositories.map((r) => r.replace(/\/+$/, ''))
  const fetchText = mavenFetchText(http, maxBytes)
  return {
    ecosystem: 'maven',
    registry: repos.join(' '),
    covers: (document, versions) => versions.every((v) => document.licencesRead?.includes(v) ?? false),
    async fetch(request: FetchRequest): Promise<FetchOutcome> {
      const coordinates = splitCoordinates(request.name)
      if (!coordinates) return { kind: 'failed', status: null, message: `not a Maven name: ${request.name}` }
      // One client per package fetch: it caches parent POMs only within this fetch.
      const repository = new MavenRepository({ repositories: repos, fetchText })
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
}

function buildDocument(
  name: string,
  metadata: { versions: string[]; release: string | null; latest: string | null; lastUpdated: string | null },
  byVersion: Map<string, string[]>,
  licencesRead: Set<string>,
): StoredDocument {
  const scheme = getVersionScheme('maven')
  const read = [...byVersion.keys()].sort((a, b) => scheme?.compare(a, b) ?? 0)
  const newestRead = read[read.length - 1]
  const distTags: Record<string, string> = {}
  if (metadata.release) distTags.release = metadata.release
  // A version with a POM is real even when maven-metadata.xml does not list it (stale metadata).
  const versions = [...new Set([...metadata.versions, ...byVersion.keys()])]
  const result: PackageMetadata = {
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
  return { format: DOCUMENT_FORMAT, metadata: result, licencesRead: [...licencesRead] }
}

/** Licences of a release's POM, else of its nearest parent declaring some; `null` when no POM was read. */
async function pomLicences(
  repository: MavenRepository,
  start: { groupId: string; artifactId: string; version: string },
): Promise<string[] | null> {
  let coordinates: typeof start | null = start
  let readAny = false
  for (let depth = 0; coordinates && depth <= maxParentDepth; depth++) {
    const pom = await repository.pom(coordinates)
    if (!pom) return readAny ? [] : null
    readAny = true
    const parsed = parseMavenXml(pom.text, new Set(['license']))
    if (!parsed.ok) return []
    const project = mavenXmlChild(parsed.root, 'project')
    const licences = mavenXmlChildren(mavenXmlChild(project, 'licenses'), 'license')
      .map((l) => mavenXmlText(l, 'name')?.trim() || mavenXmlText(l, 'url')?.trim() || '')
      .filter((l) => l !== '')
    if (licences.length > 0) return licences
    const parent = mavenXmlChild(project, 'parent')
    const groupId = mavenXmlText(parent, 'groupId')?.trim()
    const artifactId = mavenXmlText(parent, 'artifactId')?.trim()
    const version = mavenXmlText(parent, 'version')?.trim()
    coordinates = groupId && artifactId && version ? { groupId, artifactId, version } : null
  }
  return []
}

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

async function readLocal(url: string, maxBytes: number): Promise<MavenFetchResponse> {
  try {
    const buffer = await readFile(fileURLToPath(url))
    if (buffer.byteLength > maxBytes) return { status: 413, body: 'file larger than the size limit' }
    return { status: 200, body: buffer.toString('utf8') }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return { status: 404, body: '' }
    throw error
  }
}
