// The registry document cache (issue 18 "one cache"; DESIGN §2 "cached per registry with ETag and
// TTL"), on every storage mode, against a local Maven repository: release documents kept for good,
// changing ones revalidated with their ETag after the TTL, 404s for a shorter TTL, stale copies
// answered (and said) when the registry fails, nothing sent offline, one query per tick.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/connection'
import { storageModes } from '../testing/databases'
import { type FakeMavenRepository, startFakeMavenRepository } from '../testing/fake-maven-repository'
import { DocumentCache, OFFLINE_MISS } from './document-cache'
import { HttpClient } from './http'
import { type MigratedDatabase, openMigratedDatabase } from './test-database'

const HOUR = 3600_000
const POM = 'org/acme/lib/1.0/lib-1.0.pom'
const META = 'org/acme/lib/maven-metadata.xml'

describe.each(storageModes())('the registry document cache on %s storage', (mode) => {
  let database: MigratedDatabase
  let repo: FakeMavenRepository
  const clock = { now: new Date('2026-01-01T00:00:00Z') }
  const queries: string[] = []

  const cache = (offline = false) => {
    const counting = {
      query: (...args: Parameters<Db['query']>) => {
        queries.push(String(args[0]).trim().split(/\s/)[0]!)
        return (database.db.query as (...a: unknown[]) => unknown)(...args)
      },
    } as unknown as Db
    return new DocumentCache(counting, new HttpClient({ retries: 0, timeoutMs: 2000 }), {
      ttlMs: 24 * HOUR,
      notFoundTtlMs: HOUR,
      offline,
      now: () => clock.now,
      memoryBytes: 0,
    })
  }
  const get = (c: DocumentCache, path: string, policy: 'immutable' | 'revalidate') =>
    c.get({ url: `${repo.url}/${path}`, accept: 'application/xml', cache: policy })
  const asked = () => repo.requests.splice(0)

  beforeAll(async () => {
    database = await openMigratedDatabase(mode)
    repo = await startFakeMavenRepository(mkdtempSync(join(tmpdir(), 'sx-m2-')), {
      [POM]: '<project><version>1.0</version></project>',
      [META]: '<metadata><versioning><versions><version>1.0</version></versions></versioning></metadata>',
    })
  })
  afterAll(async () => {
    await repo.close()
    await database.close()
  })
  beforeEach(async () => {
    await database.db.query('DELETE FROM registry_documents')
    clock.now = new Date('2026-01-01T00:00:00Z')
    repo.down = false
    asked()
  })

  it('keeps a release document for good: a year later it is not asked again', async () => {
    expect(await get(cache(), POM, 'immutable')).toMatchObject({
      kind: 'ok',
      body: expect.stringContaining('1.0'),
    })
    clock.now = new Date('2027-01-01T00:00:00Z')
    expect(await get(cache(), POM, 'immutable')).toMatchObject({ kind: 'ok' })
    expect(asked()).toEqual([`200 ${POM}`])
  })

  it('revalidates a changing document after the TTL with its ETag (304), not before', async () => {
    await get(cache(), META, 'revalidate')
    clock.now = new Date(clock.now.getTime() + 23 * HOUR)
    await get(cache(), META, 'revalidate')
    clock.now = new Date(clock.now.getTime() + 2 * HOUR)
    expect(await get(cache(), META, 'revalidate')).toMatchObject({
      kind: 'ok',
      body: expect.stringContaining('<metadata>'),
    })
    expect(asked()).toEqual([`200 ${META}`, `304 ${META}`])
  })

  it('believes a 404 for its shorter TTL', async () => {
    const missing = 'org/acme/none/1/none-1.pom'
    expect(await get(cache(), missing, 'immutable')).toEqual({ kind: 'not-found' })
    expect(await get(cache(), missing, 'immutable')).toEqual({ kind: 'not-found' })
    clock.now = new Date(clock.now.getTime() + 2 * HOUR)
    await get(cache(), missing, 'immutable')
    expect(asked()).toEqual([`404 ${missing}`, `404 ${missing}`])
  })

  it('answers a kept copy as stale when the registry fails, and keeps it', async () => {
    await get(cache(), META, 'revalidate')
    clock.now = new Date(clock.now.getTime() + 25 * HOUR)
    repo.down = true
    expect(await get(cache(), META, 'revalidate')).toMatchObject({
      kind: 'ok',
      body: expect.stringContaining('<metadata>'),
      stale: { since: '2026-01-01T00:00:00.000Z', message: expect.stringContaining('HTTP 503') },
    })
    const { rows } = await database.db.query('SELECT status, body FROM registry_documents')
    expect(rows).toEqual([{ status: 200, body: expect.stringContaining('<metadata>') }])
    expect(await get(cache(), POM, 'immutable')).toMatchObject({ kind: 'failed', status: 503 })
  })

  it('offline, answers kept documents whatever their age and sends nothing', async () => {
    await get(cache(), META, 'revalidate')
    asked()
    clock.now = new Date('2030-01-01T00:00:00Z')
    expect(await get(cache(true), META, 'revalidate')).toMatchObject({ kind: 'ok' })
    expect(await get(cache(true), POM, 'immutable')).toEqual({
      kind: 'failed',
      status: null,
      message: OFFLINE_MISS,
      offline: true,
    })
    expect(asked()).toEqual([])
  })

  it('reads the documents asked in one tick with one query, and sends one request per URL', async () => {
    const paths = [POM, META, ...Array.from({ length: 10 }, (_, i) => `org/acme/x${i}/1/x${i}-1.pom`)]
    const c = cache()
    queries.length = 0
    await Promise.all([...paths, POM, META].map((p) => get(c, p, 'immutable')))
    expect(queries.filter((q) => q === 'SELECT')).toHaveLength(1)
    // Answers arriving in the same tick are written together: never more writes than answers.
    expect(queries.filter((q) => q === 'INSERT').length).toBeLessThanOrEqual(paths.length)
    expect(asked()).toHaveLength(paths.length)
  })
})
