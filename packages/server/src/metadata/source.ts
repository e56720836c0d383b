// The metadata facade (DESIGN §2 "analyses never call a registry twice for the same package", §4
// "Caching, retries, concurrency limits and offline behaviour live once"; issue 5 "Datasources"):
// one cache read per batch, only missing or expired packages fetched (each once), written back in
// bounded statements while the rest is still fetching (issue 20).
// One package's failure is a problem entry; the rest of the batch is still answered. The datasources
// are the engine's registry (issue 18), all over one RegistryFetch: their documents (POMs,
// maven-metadata.xml) go through the one document cache, shared with the Maven resolver.
import {
  type DatasourceClient,
  type Ecosystem,
  MavenRepository,
  type PackageOutcome,
  type PackageRequest,
  packageKey,
  datasources as registeredDatasources,
  withoutInstall,
} from '@sextant/engine'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import type { OutboundClient } from '../http-client'
import {
  DOCUMENT_FORMAT,
  type MetadataKey,
  type PackageMetadata,
  packDocument,
  type StoredDocument,
} from './document'
import { DocumentCache } from './document-cache'
import { HttpClient, type HttpOptions } from './http'
import { DEFAULT_MEMORY_LIMITS, MemoryCache, type MemoryEntry } from './memory-cache'
import { MetadataWriter } from './metadata-writer'
import {
  type CachedEntry,
  type CacheWriteRow,
  cacheKey,
  readCachedMetadata,
  writeCachedMetadata,
} from './package-metadata.repo'
import { configuredRegistries } from './registries'
import { createRegistryFetch } from './registry-fetch'

export type MetadataProblemKind = 'not-found' | 'failed' | 'offline' | 'stale' | 'warning' | 'unsupported'

export interface MetadataProblem {
  /** packageKey (`npm/@babel/core`, `maven/org.slf4j:slf4j-api`). */
  key: string
  kind: MetadataProblemKind
  message: string
}

export interface MetadataBatch {
  /** Per packageKey; usable as VersionHistory (stability) and LicenceMetadata (licensing). */
  packages: Map<string, PackageMetadata>
  problems: MetadataProblem[]
  /** Answered from the cache only (SEXTANT_OFFLINE). */
  offline: boolean
  /** Packages answered by the cache without asking a registry. */
  fromCache: number
  /** Packages a registry was asked about (once each; a 304 revalidation counts). */
  fetched: number
}

/** What a batch answers besides what every report reads. */
export interface MetadataForOptions {
  /**
   * npm's per-version install requirements (`install`: dependencies, engines), read by the npm resolver
   * and remediation only (default true). `false` answers the metadata without them (issue 20 peak RSS:
   * two thirds of the parsed metadata an analysis holds while it builds its report).
   */
  install?: boolean
}

export interface MetadataSource {
  metadataFor(keys: readonly MetadataKey[], options?: MetadataForOptions): Promise<MetadataBatch>
  /** The facade's HTTP client (request counts for tests and benchmarks). */
  readonly http: HttpClient
  /** The document cache under every datasource and the Maven resolver (fetch counts for tests). */
  readonly documents: DocumentCache
  /** A Maven repository client for one analysis's resolution, over the persistent document cache. */
  mavenRepository(): MavenRepository
}

export interface MetadataSourceOptions {
  /** The process's outbound client (proxies, credentials); one of its own when absent (tests, tools). */
  outbound?: OutboundClient
  now?: () => Date
  /** Retry, timeout, size and concurrency settings (defaults in http.ts). */
  http?: HttpOptions
  /** How long a 404 is believed (default: the TTL, at most one hour). */
  notFoundTtlMs?: number
  /**
   * Fresh entries kept in this process (default 100,000 packages; 0 = none), within `memoryVersions`
   * (default 500,000). Create one source per process and share it between analyses, so a warm
   * analysis does not even read the database.
   */
  memoryEntries?: number
  memoryVersions?: number
  /** Bytes of registry documents (POMs, maven-metadata.xml) kept in memory (default 32 MiB). */
  documentMemoryBytes?: number
}

/** The configuration the facade reads (config.ts: SEXTANT_NPM_REGISTRY, …_MAVEN_REPOSITORIES, …). */
export type MetadataConfig = Pick<Config, 'npmRegistry' | 'mavenRepositories' | 'metadataTtlMs' | 'offline'>

/** What a datasource answers for one package, its document tagged for storage. */
type FetchOutcome =
  | { kind: 'document'; document: StoredDocument; etag: string | null }
  | Exclude<PackageOutcome, { kind: 'document' }>

/** A registered datasource bound to the configured registries. */
interface Bound {
  ecosystem: Ecosystem
  registry: string
  covers?: DatasourceClient['covers']
  fetch(request: PackageRequest): Promise<FetchOutcome>
}

function bind(ecosystem: Ecosystem, client: DatasourceClient): Bound {
  return {
    ecosystem,
    registry: client.registry,
    ...(client.covers ? { covers: (d, v) => client.covers!(d, v) } : {}),
    fetch: async (request) => {
      const outcome = await client.fetchPackage(request)
      return outcome.kind === 'document'
        ? { ...outcome, document: { format: DOCUMENT_FORMAT, ...outcome.document } }
        : outcome
    },
  }
}

/**
 * Packages fetched at once per batch. Above the outbound client's per-host limit (8), so a slot
 * freed is taken at once while a worker parses or queues its row; below the point where parsed
 * documents waiting on the writer would add up (each worker holds at most one).
 */
const FETCH_WORKERS = 16

interface Shared {
  outcome: FetchOutcome
  release: () => void
}

interface Wanted {
  key: string
  datasource: Bound
  name: string
  versions: Set<string>
}

/** `db = null`: no database cache, this process's memory only (the CLI's offline scan, issue 15). */
export function createMetadataSource(
  db: Db | null,
  config: MetadataConfig,
  options: MetadataSourceOptions = {},
): MetadataSource {
  const now = options.now ?? (() => new Date())
  const http = new HttpClient(options.http, options.outbound)
  const maxBytes = options.http?.maxBytes ?? 128 * 1024 * 1024
  const notFoundTtlMs = options.notFoundTtlMs ?? Math.min(config.metadataTtlMs, 3600_000)
  const documents = new DocumentCache(db, http, {
    ttlMs: config.metadataTtlMs,
    notFoundTtlMs,
    offline: config.offline,
    now,
    ...(options.documentMemoryBytes !== undefined ? { memoryBytes: options.documentMemoryBytes } : {}),
  })
  const registryFetch = createRegistryFetch({ http, documents, offline: config.offline, maxBytes })
  const registries = configuredRegistries(config)
  const datasources = new Map<string, Bound>(
    registeredDatasources.map((d) => [
      d.ecosystem,
      bind(d.ecosystem, d.connect(registries[d.id] ?? d.defaultRegistries, registryFetch)),
    ]),
  )
  const memory = new MemoryCache({
    entries: options.memoryEntries ?? DEFAULT_MEMORY_LIMITS.entries,
    versions: options.memoryVersions ?? DEFAULT_MEMORY_LIMITS.versions,
  })
  // With a database, memory holds documents without the install requirements (issue 20 peak RSS): a
  // batch that asks for them reads the stored document instead. Without one, memory is the only cache.
  const compact = new WeakMap<StoredDocument, StoredDocument>()
  const compactOf = (document: StoredDocument): StoredDocument => {
    let held = compact.get(document)
    if (!held) {
      const metadata = withoutInstall(document.metadata)
      held = metadata === document.metadata ? document : { ...document, metadata }
      compact.set(document, held)
    }
    return held
  }
  const remember = (id: string, entry: MemoryEntry) => {
    if (!db || !entry.document) memory.set(id, entry)
    else {
      const document = compactOf(entry.document)
      memory.set(id, document === entry.document ? entry : { ...entry, document, installDropped: true })
    }
  }
  const covers = (w: Wanted, document: StoredDocument) =>
    w.datasource.covers?.(document, [...w.versions]) ?? true
  // Shared by concurrent batches of this process, so two analyses never fetch one package at once.
  const inFlight = new Map<string, Promise<FetchOutcome>>()

  // Each fetch answers its outcome and a release: the batch that started it releases it once the
  // outcome is in the database, so a batch starting meanwhile finds it either in flight or stored.
  const fetchShared = (w: Wanted, entry: CachedEntry | undefined): Promise<Shared> => {
    // Versions matter only to a datasource that reads per version (Maven POMs), not to npm.
    const versions = w.datasource.covers ? [...w.versions].sort().join(',') : ''
    const id = `${cacheKey(w.datasource.registry, w.datasource.ecosystem, w.name)}\u0000${versions}`
    const running = inFlight.get(id)
    if (running) return running.then((outcome) => ({ outcome, release: () => {} }))
    const request = w.datasource
      .fetch({
        name: w.name,
        versions: [...w.versions],
        cached: entry?.document ?? null,
        etag: entry?.etag ?? null,
      })
      .catch((error: unknown): FetchOutcome => ({ kind: 'failed', status: null, message: String(error) }))
    inFlight.set(id, request)
    return request.then((outcome) => ({ outcome, release: () => inFlight.delete(id) }))
  }

  /** The cache row of one fetch outcome (null: nothing to write), also held in this process's memory. */
  const cacheRowOf = async (
    w: Wanted,
    outcome: FetchOutcome,
    held: CachedEntry | undefined,
  ): Promise<CacheWriteRow | null> => {
    const done = now()
    const stamp = (ttlMs: number) => ({
      registry: w.datasource.registry,
      ecosystem: w.datasource.ecosystem,
      name: w.name,
      fetchedAt: done,
      expiresAt: new Date(done.getTime() + ttlMs),
    })
    const id = cacheKey(w.datasource.registry, w.datasource.ecosystem, w.name)
    switch (outcome.kind) {
      case 'document': {
        const row = stamp(config.metadataTtlMs)
        const { document, etag } = outcome
        remember(id, { ...row, etag, status: 200, document, error: null })
        if (!db) return null
        return { ...row, write: { kind: 'document', etag, packed: await packDocument(document) } }
      }
      case 'not-modified': {
        if (!held?.document) return null
        const row = stamp(config.metadataTtlMs)
        remember(id, { ...held, ...row, etag: outcome.etag ?? held.etag })
        return { ...row, write: { kind: 'revalidated', etag: outcome.etag } }
      }
      case 'not-found': {
        const row = stamp(notFoundTtlMs)
        remember(id, { ...row, etag: null, status: 404, document: null, error: null })
        return { ...row, write: { kind: 'not-found' } }
      }
      case 'failed':
        return { ...stamp(0), write: { kind: 'failed', status: outcome.status, error: outcome.message } }
    }
  }

  return {
    http,
    documents,
    mavenRepository: () =>
      new MavenRepository({ repositories: registries['maven-repository'] ?? [], fetch: registryFetch }),
    async metadataFor(keys, options = {}) {
      const install = options.install ?? true
      const batch: MetadataBatch = {
        packages: new Map(),
        problems: [],
        offline: config.offline,
        fromCache: 0,
        fetched: 0,
      }
      const wanted = new Map<string, Wanted>()
      for (const k of keys) {
        const key = packageKey(k.ecosystem, k.name)
        let w = wanted.get(key)
        if (!w) {
          const datasource = datasources.get(k.ecosystem)
          if (!datasource) {
            batch.problems.push({
              key,
              kind: 'unsupported',
              message: `no registry datasource for ${k.ecosystem}`,
            })
            wanted.set(key, { key, datasource: unsupported, name: k.name, versions: new Set() })
            continue
          }
          w = { key, datasource, name: k.name, versions: new Set() }
          wanted.set(key, w)
        }
        if (k.version) w.versions.add(k.version)
      }
      const list = [...wanted.values()].filter((w) => w.datasource !== unsupported)
      const idOf = (w: Wanted) => cacheKey(w.datasource.registry, w.datasource.ecosystem, w.name)
      const at = now()
      // Fresh entries this process holds skip the database; the rest come in one query.
      const cached = new Map<string, MemoryEntry>()
      const toRead: Wanted[] = []
      for (const w of list) {
        const hit = memory.fresh(idOf(w), at)
        const usable =
          hit &&
          (hit.status === 404 ||
            (hit.document && covers(w, hit.document) && !(install && hit.installDropped)))
        if (hit && usable) cached.set(idOf(w), hit)
        else toRead.push(w)
      }
      const read = db
        ? await readCachedMetadata(
            db,
            toRead.map((w) => ({
              registry: w.datasource.registry,
              ecosystem: w.datasource.ecosystem,
              name: w.name,
            })),
          )
        : new Map<string, CachedEntry>()
      for (const [id, entry] of read) cached.set(id, entry)
      const entryOf = (w: Wanted) => cached.get(idOf(w))
      const answer = (w: Wanted, document: StoredDocument) => {
        batch.packages.set(w.key, install ? document.metadata : compactOf(document).metadata)
        for (const message of document.warnings ?? [])
          batch.problems.push({ key: w.key, kind: 'warning', message })
      }

      const toFetch: Wanted[] = []
      for (const w of list) {
        const entry = entryOf(w)
        const fresh = entry !== undefined && entry.expiresAt.getTime() > at.getTime()
        if (entry?.status === 404 && (fresh || config.offline)) {
          batch.fromCache++
          if (fresh) remember(idOf(w), entry)
          batch.problems.push({ key: w.key, kind: 'not-found', message: notFoundMessage(w) })
        } else if (entry?.document && config.offline) {
          batch.fromCache++
          answer(w, entry.document)
        } else if (config.offline) {
          const last = entry?.error ? ` (last fetch failed: ${entry.error})` : ''
          batch.problems.push({
            key: w.key,
            kind: 'offline',
            message: `not in the metadata cache and the server is offline (SEXTANT_OFFLINE)${last}`,
          })
        } else if (fresh && entry.document && covers(w, entry.document)) {
          batch.fromCache++
          answer(w, entry.document)
          remember(idOf(w), entry)
        } else {
          toFetch.push(w)
        }
      }

      // Fetched by a pool of workers (the outbound client's per-host limit paces the requests); each
      // outcome is packed and queued for the cache at once, so documents are written in bounded
      // statements while the rest is still fetching, and a full writer holds its worker back.
      const writer = db ? new MetadataWriter((rows) => writeCachedMetadata(db, rows)) : null
      const outcomes: FetchOutcome[] = new Array(toFetch.length)
      let next = 0
      const worker = async () => {
        while (next < toFetch.length) {
          const i = next++
          const w = toFetch[i] as Wanted
          const shared = await fetchShared(w, entryOf(w))
          const { outcome } = shared
          // held until the batch answers: without the install requirements when it does not want them
          outcomes[i] =
            outcome.kind === 'document' && !install
              ? { ...outcome, document: compactOf(outcome.document) }
              : outcome
          const row = await cacheRowOf(w, outcome, entryOf(w))
          if (row && writer) await writer.add(row, shared.release)
          else shared.release()
        }
      }
      try {
        await Promise.all(Array.from({ length: Math.min(FETCH_WORKERS, toFetch.length) }, worker))
      } finally {
        await writer?.close()
      }
      batch.fetched = toFetch.length

      toFetch.forEach((w, i) => {
        const outcome = outcomes[i] as FetchOutcome
        const entry = entryOf(w)
        switch (outcome.kind) {
          case 'document':
            answer(w, outcome.document)
            return
          case 'not-modified':
            if (entry?.document) {
              answer(w, entry.document)
              return
            }
            batch.problems.push({
              key: w.key,
              kind: 'failed',
              message: 'registry answered 304 to an unconditional request',
            })
            return
          case 'not-found':
            batch.problems.push({ key: w.key, kind: 'not-found', message: notFoundMessage(w) })
            return
          case 'failed': {
            const message = `${w.datasource.registry}: ${outcome.message}`
            if (entry?.document) {
              answer(w, entry.document)
              const since = entry.fetchedAt.toISOString()
              batch.problems.push({
                key: w.key,
                kind: 'stale',
                message: `${message}; using metadata from ${since}`,
              })
            } else {
              batch.problems.push({ key: w.key, kind: 'failed', message })
            }
          }
        }
      })
      return batch
    },
  }
}

function notFoundMessage(w: Wanted): string {
  return `${w.name} is not in ${w.datasource.registry}`
}

const unsupported: Bound = {
  ecosystem: 'other',
  registry: '',
  fetch: async () => ({ kind: 'failed', status: null, message: 'unsupported' }),
}
