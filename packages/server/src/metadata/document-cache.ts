// The registry document cache (issue 18 "one datasource registry with one cache"; DESIGN §2, §4
// "caching and offline behaviour live once"): documents datasources ask to keep (Maven POMs and
// maven-metadata.xml), shared by every analysis, the resolvers and stability alike. A release POM is
// kept for good; metadata and SNAPSHOT POMs for the TTL, then revalidated with their ETag; a 404
// for a shorter TTL. Offline, kept documents answer whatever their age. A failed fetch answers a
// kept copy as stale (said to the caller) and never overwrites it.
import type { CachePolicy, RegistryRequest, RegistryResponse } from '@sextant/engine'
import type { Db } from '../db/connection'
import type { HttpClient } from './http'
import { type DocumentEntry, readDocuments, writeDocuments } from './registry-documents.repo'
import { TickBatch } from './tick-batch'

export interface DocumentCacheOptions {
  /** How long a document that may change is believed (SEXTANT_METADATA_TTL_HOURS). */
  ttlMs: number
  /** How long a 404 is believed. */
  notFoundTtlMs: number
  /** SEXTANT_OFFLINE: answer from kept documents only. */
  offline: boolean
  now: () => Date
  /** Bytes of document bodies kept in this process's memory (default 32 MiB; 0 = none). */
  memoryBytes?: number
}

export const OFFLINE_MISS = 'not in the registry cache and the server is offline (SEXTANT_OFFLINE)'

/** Most recently used documents of this process, bounded by the size of their bodies. */
class MemoryDocuments {
  private readonly entries = new Map<string, DocumentEntry>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(url: string): DocumentEntry | undefined {
    const entry = this.entries.get(url)
    if (entry) {
      this.entries.delete(url)
      this.entries.set(url, entry)
    }
    return entry
  }

  set(entry: DocumentEntry): void {
    const size = entry.body?.length ?? 0
    if (size > this.maxBytes) return
    this.remove(entry.url)
    this.entries.set(entry.url, entry)
    this.bytes += size
    for (const [url] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.remove(url)
    }
  }

  private remove(url: string): void {
    const old = this.entries.get(url)
    if (!old) return
    this.entries.delete(url)
    this.bytes -= old.body?.length ?? 0
  }
}

const answerOf = (entry: DocumentEntry): RegistryResponse =>
  entry.status === 404 ? { kind: 'not-found' } : { kind: 'ok', body: entry.body ?? '', etag: entry.etag }

export class DocumentCache {
  private readonly memory: MemoryDocuments
  private readonly reads: TickBatch<string, DocumentEntry | undefined> | null
  private readonly writes: TickBatch<DocumentEntry, undefined> | null
  /** One request per URL at a time, shared by every analysis of this process. */
  private readonly inFlight = new Map<string, Promise<RegistryResponse>>()
  /** Requests sent to a registry (misses and revalidations): for tests and benchmarks. */
  fetchCount = 0

  constructor(
    db: Db | null,
    private readonly http: HttpClient,
    private readonly options: DocumentCacheOptions,
  ) {
    this.memory = new MemoryDocuments(options.memoryBytes ?? 32 * 1024 * 1024)
    this.reads = db
      ? new TickBatch(async (urls) => {
          const found = await readDocuments(db, [...new Set(urls)])
          return urls.map((u) => found.get(u))
        })
      : null
    this.writes = db
      ? new TickBatch(async (entries) => {
          await writeDocuments(db, entries)
          return entries.map(() => undefined)
        })
      : null
  }

  get(request: RegistryRequest & { cache: CachePolicy }): Promise<RegistryResponse> {
    const running = this.inFlight.get(request.url)
    if (running) return running
    const answer = this.answer(request).finally(() => this.inFlight.delete(request.url))
    this.inFlight.set(request.url, answer)
    return answer
  }

  private async answer(request: RegistryRequest & { cache: CachePolicy }): Promise<RegistryResponse> {
    const kept = this.memory.get(request.url) ?? (await this.reads?.add(request.url))
    const at = this.options.now()
    if (kept) {
      this.memory.set(kept)
      const fresh = kept.expiresAt === null || kept.expiresAt.getTime() > at.getTime()
      if (fresh || this.options.offline) return answerOf(kept)
    } else if (this.options.offline) {
      return { kind: 'failed', status: null, message: OFFLINE_MISS, offline: true }
    }
    this.fetchCount++
    const held = kept?.status === 200 ? kept : undefined
    const got = await this.http.get({ url: request.url, accept: request.accept, etag: held?.etag ?? null })
    const done = this.options.now()
    const until = (ms: number) => new Date(done.getTime() + ms)
    switch (got.kind) {
      case 'ok': {
        const expiresAt = request.cache === 'immutable' ? null : until(this.options.ttlMs)
        const body = got.body.toString('utf8')
        await this.keep({
          url: request.url,
          status: 200,
          body,
          etag: got.etag,
          fetchedAt: done,
          expiresAt,
        })
        return { kind: 'ok', body, etag: got.etag }
      }
      case 'not-modified':
        if (!held) return { kind: 'failed', status: 304, message: 'HTTP 304 to an unconditional request' }
        await this.keep({
          ...held,
          etag: got.etag ?? held.etag,
          fetchedAt: done,
          expiresAt: until(this.options.ttlMs),
        })
        return answerOf(held)
      case 'not-found':
        await this.keep({
          url: request.url,
          status: 404,
          body: null,
          etag: null,
          fetchedAt: done,
          expiresAt: until(this.options.notFoundTtlMs),
        })
        return { kind: 'not-found' }
      case 'failed':
        if (held) {
          const stale = { since: held.fetchedAt.toISOString(), message: got.message }
          return { kind: 'ok', body: held.body ?? '', etag: held.etag, stale }
        }
        return { kind: 'failed', status: got.status, message: got.message }
    }
  }

  private async keep(entry: DocumentEntry): Promise<void> {
    this.memory.set(entry)
    await this.writes?.add(entry)
  }
}
