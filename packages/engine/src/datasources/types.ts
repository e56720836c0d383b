// The datasource interface (DESIGN §4 datasources; issue 18 "one datasource registry with one
// cache"): a datasource talks to one kind of registry over an HTTP function it is given, and says
// how long each answer may be kept. Caching, retries, limits and offline mode are the caller's
// (the server's metadata cache): the engine never opens a connection itself.
import type { Ecosystem } from '../model'
import type { NpmPackageMetadata } from './npm/packument'

/**
 * How the caller may keep an answer: `immutable` never changes once published (a release POM), so
 * it is kept without expiry; `revalidate` changes (maven-metadata.xml, a SNAPSHOT POM), so it is
 * kept for the cache's TTL, then asked again with its ETag. Absent: the caller keeps nothing of
 * this request (it caches what it derives from it, as the package metadata cache does).
 */
export type CachePolicy = 'immutable' | 'revalidate'

export interface RegistryRequest {
  url: string
  accept: string
  /** ETag of a copy the caller holds: a 304 answers `not-modified`. */
  etag?: string | null
  cache?: CachePolicy
}

/**
 * `not-found`: the registry says there is no such document (404, 410). `failed`: no answer could
 * be had (unreachable, a server error, a body over the limit, or offline with nothing cached): the
 * document may well exist, and reports must say it was not assessed. `offline` marks a request
 * that was not sent at all, so the repository is not taken for down.
 */
export type RegistryResponse =
  | {
      kind: 'ok'
      /**
       * The document; a fetch not kept by a cache may answer the UTF-8 bytes as received, so a large
       * one is never held as a string (issue 20: npm packuments are read from their bytes).
       */
      body: string | Uint8Array
      etag: string | null
      /** Set when the registry could not be asked and a kept copy answered instead. */
      stale?: { since: string; message: string }
    }
  | { kind: 'not-modified'; etag: string | null }
  | { kind: 'not-found' }
  | { kind: 'failed'; status: number | null; message: string; offline?: boolean }

/** The only I/O of a datasource. It answers problems as values and never throws. */
export type RegistryFetch = (request: RegistryRequest) => Promise<RegistryResponse>

/** Versions, dates, deprecation and licences of one package: what stability and licensing read. */
export interface PackageDocument {
  /** npm's parsed packument shape; a Maven repository fills the same fields. */
  metadata: NpmPackageMetadata
  /** Maven: versions whose POM licences were read (licences of other versions are not known yet). */
  licencesRead?: string[]
  /** What the parser dropped from the registry's answer (broken fields), reported with every use. */
  warnings?: string[]
}

export interface PackageRequest {
  name: string
  /** Versions the analysis has (Maven reads licences per version). */
  versions: readonly string[]
  /** What the caller holds, fresh or expired (for conditional requests and merging). */
  cached: PackageDocument | null
  etag: string | null
}

export type PackageOutcome =
  | { kind: 'document'; document: PackageDocument; etag: string | null }
  | { kind: 'not-modified'; etag: string | null }
  | { kind: 'not-found' }
  | { kind: 'failed'; status: number | null; message: string }

/** A datasource bound to the registries an operator configured. */
export interface DatasourceClient {
  /** The base URL(s) answers come from: the cache keys its entries by it. */
  registry: string
  fetchPackage(request: PackageRequest): Promise<PackageOutcome>
  /** Whether a cached document also answers these versions (default: always). */
  covers?(document: PackageDocument, versions: readonly string[]): boolean
}

export interface Datasource {
  /** Folder name = id = registry key; resolvers and extractors name it in `datasources`. */
  id: string
  ecosystem: Ecosystem
  /** Where it reads when no registry is configured. */
  defaultRegistries: readonly string[]
  connect(registries: readonly string[], registryFetch: RegistryFetch): DatasourceClient
}
