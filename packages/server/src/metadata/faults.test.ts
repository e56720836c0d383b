// Registry failures through the metadata facade (issue 5 acceptance 5; DESIGN §4 retries, limits):
// 500, 429 with Retry-After, timeouts and broken packuments become problem entries for that package
// only; retries back off; stale documents are kept; the per-host concurrency limit holds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { HOUR, type MetadataTestContext, openMetadataTest, packument } from './test-setup'

describe.each(storageModes())('metadata source failures on %s storage', (mode) => {
  let t: MetadataTestContext

  beforeAll(async () => {
    t = await openMetadataTest(mode)
    for (const name of ['ok-one', 'flaky', 'limited', 'sluggish', 'broken', 'odd-fields']) {
      t.registry.setPackument(name, packument(name, ['1.0.0', '1.0.1']))
    }
    for (let i = 0; i < 24; i++) t.registry.setPackument(`many-${i}`, packument(`many-${i}`, ['1.0.0']))
  })
  afterAll(async () => t.close())
  beforeEach(async () => {
    await t.db.query('DELETE FROM package_metadata')
    t.registry.resetCounters()
    t.registry.clearFaults()
  })

  const npm = (name: string) => ({ ecosystem: 'npm' as const, name })

  it('a 500 that persists is a problem for that package after the retries; the rest is answered', async () => {
    t.registry.inject('flaky', { kind: 'status', status: 500 })
    const batch = await t
      .source({ options: { http: { retries: 2 } } })
      .metadataFor([npm('flaky'), npm('ok-one')])
    expect(batch.packages.has('npm/ok-one')).toBe(true)
    expect(batch.packages.has('npm/flaky')).toBe(false)
    expect(batch.problems).toEqual([
      { key: 'npm/flaky', kind: 'failed', message: `${t.registry.url}: HTTP 500 (after 3 attempts)` },
    ])
    expect(t.registry.requests('flaky')).toBe(3)
    const { rows } = await t.db.query<{ status: number; error: string; document: unknown }>(
      "SELECT status, error, document FROM package_metadata WHERE name = 'flaky'",
    )
    expect(rows).toEqual([{ status: 500, error: 'HTTP 500 (after 3 attempts)', document: null }])
    // Not cached as an answer: the next batch asks again.
    t.registry.clearFaults()
    const next = await t.source().metadataFor([npm('flaky')])
    expect(next).toMatchObject({ fetched: 1, problems: [] })
  })

  it('a passing 500 is retried with backoff and succeeds', async () => {
    t.registry.inject('flaky', { kind: 'status', status: 503 }, 2)
    const batch = await t.source().metadataFor([npm('flaky')])
    expect(batch.problems).toEqual([])
    expect(batch.packages.get('npm/flaky')?.versions).toHaveLength(2)
    expect(t.registry.requests('flaky')).toBe(3)
  })

  it('keeps a stale document when the revalidation fails, and says so', async () => {
    await t.source().metadataFor([npm('flaky')])
    t.advance(25 * HOUR)
    t.registry.inject('flaky', { kind: 'status', status: 500 })
    const batch = await t.source({ options: { http: { retries: 0 } } }).metadataFor([npm('flaky')])
    expect(batch.packages.get('npm/flaky')?.versions).toHaveLength(2)
    expect(batch.problems).toEqual([
      {
        key: 'npm/flaky',
        kind: 'stale',
        message: expect.stringMatching(/HTTP 500.*using metadata from 2026-/),
      },
    ])
    const { rows } = await t.db.query<{ status: number; has_document: boolean }>(
      "SELECT status, packed IS NOT NULL AS has_document FROM package_metadata WHERE name = 'flaky'",
    )
    expect(rows).toEqual([{ status: 200, has_document: true }])
  })

  it('honours a 429 Retry-After, then succeeds', async () => {
    t.registry.inject('limited', { kind: 'rate-limit', retryAfter: '1' }, 1)
    const started = Date.now()
    const batch = await t.source().metadataFor([npm('limited')])
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(batch.problems).toEqual([])
    expect(t.registry.requests('limited')).toBe(2)
  })

  it('does not wait for a Retry-After beyond the bound: a problem at once', async () => {
    t.registry.inject('limited', { kind: 'rate-limit', retryAfter: '3600' })
    const started = Date.now()
    const batch = await t.source().metadataFor([npm('limited'), npm('ok-one')])
    // not even the 3 s bound was waited (a loose figure: the machine may be loaded)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(batch.packages.has('npm/ok-one')).toBe(true)
    expect(batch.problems).toEqual([
      {
        key: 'npm/limited',
        kind: 'failed',
        message: `${t.registry.url}: HTTP 429 Too Many Requests; Retry-After of 3600 s exceeds the 3 s bound`,
      },
    ])
    expect(t.registry.requests('limited')).toBe(1)
  })

  it('gives up on a registry that does not answer in time', async () => {
    t.registry.inject('sluggish', { kind: 'slow', delayMs: 1500 })
    const source = t.source({ options: { http: { timeoutMs: 200, retries: 1 } } })
    const batch = await source.metadataFor([npm('sluggish'), npm('ok-one')])
    expect(batch.packages.has('npm/ok-one')).toBe(true)
    expect(batch.problems).toEqual([
      {
        key: 'npm/sluggish',
        kind: 'failed',
        message: `${t.registry.url}: no answer within 200 ms (after 2 attempts)`,
      },
    ])
  })

  it('a packument that is not JSON is a problem, never a cached answer', async () => {
    t.registry.inject('broken', { kind: 'broken' }, 1)
    const batch = await t.source().metadataFor([npm('broken'), npm('ok-one')])
    expect(batch.packages.has('npm/ok-one')).toBe(true)
    expect(batch.problems).toEqual([
      { key: 'npm/broken', kind: 'failed', message: expect.stringContaining('packument is not valid JSON') },
    ])
    expect((await t.source().metadataFor([npm('broken')])).problems).toEqual([])
  })

  it('broken fields are dropped with warnings; the package is still answered, from the cache too', async () => {
    const doc = packument('odd-fields', ['1.0.0', '1.0.1'])
    t.registry.setPackument('odd-fields', { ...doc, 'dist-tags': 'latest', time: { '1.0.0': 'yesterday' } })
    const batch = await t.source().metadataFor([npm('odd-fields')])
    expect(batch.packages.get('npm/odd-fields')?.versions).toHaveLength(2)
    const warnings = batch.problems.filter((p) => p.kind === 'warning').map((p) => p.message)
    expect(warnings).toEqual([
      'odd-fields: dist-tags: not an object, dropped',
      'odd-fields: time["1.0.0"]: unreadable date "yesterday", dropped',
    ])
    const again = await t.source().metadataFor([npm('odd-fields')])
    expect(again.fromCache).toBe(1)
    expect(again.problems.map((p) => p.message)).toEqual(warnings)
  })

  it('refuses a response larger than the size limit', async () => {
    const batch = await t.source({ options: { http: { maxBytes: 64 } } }).metadataFor([npm('ok-one')])
    expect(batch.problems).toEqual([
      {
        key: 'npm/ok-one',
        kind: 'failed',
        message: `${t.registry.url}: the answer is larger than the limit of 64 bytes`,
      },
    ])
  })

  it('keeps to the per-host concurrency limit', async () => {
    const names = Array.from({ length: 24 }, (_, i) => `many-${i}`)
    for (const name of names) t.registry.inject(name, { kind: 'slow', delayMs: 40 }, 1)
    const batch = await t.source({ options: { http: { concurrencyPerHost: 4 } } }).metadataFor(names.map(npm))
    expect(batch).toMatchObject({ fetched: 24, problems: [] })
    expect(t.registry.maxInFlight()).toBe(4)
    expect(names.every((n) => t.registry.requests(n) === 1)).toBe(true)
  })

  it('a registry that cannot be reached is a problem per package, not an exception', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused.
    const closed = 'http://127.0.0.1:1/'
    const source = t.source({ npmRegistry: closed, options: { http: { retries: 1 } } })
    const batch = await source.metadataFor([npm('ok-one'), npm('flaky')])
    expect(batch.packages.size).toBe(0)
    expect(batch.problems.map((p) => [p.key, p.kind, p.message])).toEqual([
      ['npm/ok-one', 'failed', `${closed}: unreachable (ECONNREFUSED) (after 2 attempts)`],
      ['npm/flaky', 'failed', `${closed}: unreachable (ECONNREFUSED) (after 2 attempts)`],
    ])
  })
})
