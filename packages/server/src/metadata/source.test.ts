// The metadata facade's cache (DESIGN §2 "cached per registry with ETag and TTL; analyses never call a
// registry twice for the same package"; issue 5 "Datasources"), on every storage mode, against the
// local npm registry: hits, batch dedupe, ETag revalidation, TTL expiry, offline mode, 404s.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { DOCUMENT_FORMAT } from './document'
import { HOUR, type MetadataTestContext, openMetadataTest, packument } from './test-setup'

describe.each(storageModes())('metadata source on %s storage', (mode) => {
  let t: MetadataTestContext

  beforeAll(async () => {
    t = await openMetadataTest(mode)
    t.registry.setPackument('left-pad', packument('left-pad', ['1.0.0', '1.1.0', '1.3.0', '2.0.0-beta.1']))
    t.registry.setPackument('@babel/core', packument('@babel/core', ['7.0.0', '7.1.0', '8.0.0'], 'MIT'))
    t.registry.setPackument('lodash', packument('lodash', ['4.17.20', '4.17.21']))
  })
  afterAll(async () => t.close())
  beforeEach(async () => {
    await t.db.query('DELETE FROM package_metadata')
    t.registry.resetCounters()
    t.registry.clearFaults()
    t.clock.now = new Date('2026-01-01T00:00:00Z')
  })

  it('fetches each package once, then answers from the cache', async () => {
    const source = t.source()
    const keys = [
      { ecosystem: 'npm' as const, name: 'left-pad', version: '1.0.0' },
      { ecosystem: 'npm' as const, name: '@babel/core', version: '7.0.0' },
    ]
    const first = await source.metadataFor(keys)
    expect(first).toMatchObject({ fetched: 2, fromCache: 0, offline: false, problems: [] })
    const leftPad = first.packages.get('npm/left-pad')
    expect(leftPad?.versions.map((v) => v.version)).toEqual(['1.0.0', '1.1.0', '1.3.0', '2.0.0-beta.1'])
    expect(leftPad?.licences).toEqual(['MIT'])
    expect(leftPad?.distTags.latest).toBe('2.0.0-beta.1')
    expect(first.packages.get('npm/@babel/core')?.versions).toHaveLength(3)

    const second = await t.source().metadataFor(keys)
    expect(second).toMatchObject({ fetched: 0, fromCache: 2, problems: [] })
    expect(second.packages.get('npm/left-pad')).toEqual(leftPad)
    expect(t.registry.requests('left-pad')).toBe(1)
    expect(t.registry.requests('@babel/core')).toBe(1)
  })

  it('asks for the full document, scoped names as @scope%2fname', async () => {
    await t.source().metadataFor([{ ecosystem: 'npm', name: '@babel/core' }])
    const headers = t.registry.lastHeaders('@babel/core')
    expect(headers?.accept).toBe('application/json')
    expect(headers?.['accept-encoding']).toMatch(/gzip/)
    await t.db.query('DELETE FROM package_metadata')
    t.registry.resetCounters()
    await t.source().metadataFor([{ ecosystem: 'npm', name: '@babel/core' }])
    expect(t.registry.paths()).toEqual(['/@babel%2fcore'])
  })

  it('never asks twice in one batch, whatever the keys repeat', async () => {
    const keys = ['1.0.0', '1.1.0', '1.3.0', '1.0.0'].flatMap((version) => [
      { ecosystem: 'npm' as const, name: 'left-pad', version },
      { ecosystem: 'npm' as const, name: 'lodash', version: '4.17.20' },
    ])
    const batch = await t.source().metadataFor(keys)
    expect(batch).toMatchObject({ fetched: 2, fromCache: 0 })
    expect(batch.packages.size).toBe(2)
    expect(t.registry.totalRequests()).toBe(2)
  })

  it('shares one fetch between concurrent batches of the same process', async () => {
    const source = t.source()
    const keys = [{ ecosystem: 'npm' as const, name: 'lodash' }] as const
    // Slow enough that the second batch reads the (empty) cache while the first fetch is running.
    t.registry.inject('lodash', { kind: 'slow', delayMs: 300 }, 1)
    const [a, b] = await Promise.all([
      source.metadataFor(keys),
      source.metadataFor([{ ...keys[0], version: '4.17.20' }]),
    ])
    expect(a.packages.get('npm/lodash')).toEqual(b.packages.get('npm/lodash'))
    expect(t.registry.requests('lodash')).toBe(1)
  })

  it('revalidates an expired entry with If-None-Match; a 304 only moves the expiry', async () => {
    const keys = [{ ecosystem: 'npm' as const, name: 'lodash' }]
    await t.source().metadataFor(keys)
    const before = await expiry(t, 'lodash')
    t.advance(25 * HOUR)
    const batch = await t.source().metadataFor(keys)
    expect(batch).toMatchObject({ fetched: 1, fromCache: 0, problems: [] })
    expect(batch.packages.get('npm/lodash')?.versions).toHaveLength(2)
    expect(t.registry.lastHeaders('lodash')?.['if-none-match']).toMatch(/^"[0-9a-f]{40}"$/)
    expect((await expiry(t, 'lodash')).getTime() - before.getTime()).toBe(25 * HOUR)
    expect(t.registry.requests('lodash')).toBe(2)
  })

  it('refetches after the TTL and stores a changed document', async () => {
    const keys = [{ ecosystem: 'npm' as const, name: 'left-pad' }]
    await t.source().metadataFor(keys)
    t.registry.setPackument('left-pad', packument('left-pad', ['1.0.0', '1.1.0', '1.3.0', '1.4.0']))
    t.advance(23 * HOUR)
    const cached = await t.source().metadataFor(keys)
    expect(cached.packages.get('npm/left-pad')?.versions).toHaveLength(4)
    expect(cached.packages.get('npm/left-pad')?.distTags.latest).toBe('2.0.0-beta.1')
    t.advance(2 * HOUR)
    const fresh = await t.source().metadataFor(keys)
    expect(fresh.fetched).toBe(1)
    expect(fresh.packages.get('npm/left-pad')?.distTags.latest).toBe('1.4.0')
    t.registry.setPackument('left-pad', packument('left-pad', ['1.0.0', '1.1.0', '1.3.0', '2.0.0-beta.1']))
  })

  it('offline: answers from the cache only, expired entries included, and says what is missing', async () => {
    await t.source().metadataFor([{ ecosystem: 'npm', name: 'lodash' }])
    t.advance(48 * HOUR)
    t.registry.resetCounters()
    const batch = await t.source({ offline: true }).metadataFor([
      { ecosystem: 'npm', name: 'lodash' },
      { ecosystem: 'npm', name: 'left-pad' },
    ])
    expect(batch).toMatchObject({ offline: true, fetched: 0, fromCache: 1 })
    expect(batch.packages.has('npm/lodash')).toBe(true)
    expect(batch.problems).toEqual([
      { key: 'npm/left-pad', kind: 'offline', message: expect.stringContaining('SEXTANT_OFFLINE') },
    ])
    expect(t.registry.totalRequests()).toBe(0)
  })

  it('caches a 404 as not found, for a shorter time', async () => {
    const keys = [{ ecosystem: 'npm' as const, name: 'no-such-package' }]
    const first = await t.source().metadataFor(keys)
    expect(first.packages.size).toBe(0)
    expect(first.problems).toEqual([
      {
        key: 'npm/no-such-package',
        kind: 'not-found',
        message: `no-such-package is not in ${t.registry.url}`,
      },
    ])
    const second = await t.source().metadataFor(keys)
    expect(second).toMatchObject({ fetched: 0, fromCache: 1 })
    expect(second.problems[0]?.kind).toBe('not-found')
    t.advance(HOUR + 1)
    expect((await t.source().metadataFor(keys)).fetched).toBe(1)
    expect(t.registry.requests('no-such-package')).toBe(2)
  })

  it('keeps fresh entries in memory: a warm batch of the same source skips the database', async () => {
    const source = t.source()
    const keys = [{ ecosystem: 'npm' as const, name: 'lodash' }]
    await source.metadataFor(keys)
    await t.db.query('DELETE FROM package_metadata')
    const warm = await source.metadataFor(keys)
    expect(warm).toMatchObject({ fetched: 0, fromCache: 1 })
    expect(warm.packages.get('npm/lodash')?.versions).toHaveLength(2)
    // Past the TTL the memory entry is dropped and the registry asked again.
    t.advance(25 * HOUR)
    expect((await source.metadataFor(keys)).fetched).toBe(1)
    const none = t.source({ options: { memoryEntries: 0 } })
    await none.metadataFor(keys)
    await t.db.query('DELETE FROM package_metadata')
    expect((await none.metadataFor(keys)).fetched).toBe(1)
  })

  it('answers without install requirements when asked, and holds them in memory only in the stored document', async () => {
    const doc = packument('with-deps', ['1.0.0', '2.0.0'])
    ;(doc.versions as Record<string, Record<string, unknown>>)['2.0.0']!.dependencies = {
      'left-pad': '^1.0.0',
    }
    t.registry.setPackument('with-deps', doc)
    const source = t.source()
    const keys = [{ ecosystem: 'npm' as const, name: 'with-deps' }]
    const report = await source.metadataFor(keys, { install: false })
    expect(report).toMatchObject({ fetched: 1, problems: [] })
    const compact = report.packages.get('npm/with-deps')
    expect(compact?.versions.map((v) => [v.version, 'install' in v])).toEqual([
      ['1.0.0', false],
      ['2.0.0', false],
    ])
    // the resolver's batch: the requirements come from the stored document, not from the registry again
    const resolver = await source.metadataFor(keys)
    expect(resolver).toMatchObject({ fetched: 0, fromCache: 1 })
    const full = resolver.packages.get('npm/with-deps')
    expect(full?.versions[1]?.install).toEqual({ dependencies: { 'left-pad': '^1.0.0' } })
    expect({ ...full, versions: full?.versions.map(({ install: _, ...v }) => v) }).toEqual(compact)
    // a report's batch still answers from memory alone
    await t.db.query('DELETE FROM package_metadata')
    const warm = await source.metadataFor(keys, { install: false })
    expect(warm).toMatchObject({ fetched: 0, fromCache: 1 })
    expect(warm.packages.get('npm/with-deps')).toEqual(compact)
    expect(t.registry.requests('with-deps')).toBe(1)
  })

  it('stores documents packed; rows written as jsonb before migration 070 are still read', async () => {
    const keys = [{ ecosystem: 'npm' as const, name: 'lodash' }]
    const fetched = (await t.source().metadataFor(keys)).packages.get('npm/lodash')
    const { rows } = await t.db.query<{ packed: boolean; document: boolean }>(
      "SELECT packed IS NOT NULL AS packed, document IS NOT NULL AS document FROM package_metadata WHERE name = 'lodash'",
    )
    expect(rows).toEqual([{ packed: true, document: false }])
    // The row as an older server wrote it: the same document as jsonb, nothing packed.
    const old = { format: DOCUMENT_FORMAT, metadata: fetched }
    await t.db.query(
      "UPDATE package_metadata SET document = $1::jsonb, packed = NULL WHERE name = 'lodash'",
      [JSON.stringify(old)],
    )
    const fromJsonb = await t.source().metadataFor(keys)
    expect(fromJsonb).toMatchObject({ fetched: 0, fromCache: 1, problems: [] })
    expect(fromJsonb.packages.get('npm/lodash')).toEqual(fetched)
    // A row of an older format is a miss: fetched again and replaced by a packed row.
    await t.db.query(
      "UPDATE package_metadata SET document = jsonb_set(document, '{format}', '1') WHERE name = 'lodash'",
    )
    expect(await t.source().metadataFor(keys)).toMatchObject({ fetched: 1, fromCache: 0 })
    const after = await t.db.query<{ packed: boolean; document: boolean }>(
      "SELECT packed IS NOT NULL AS packed, document IS NOT NULL AS document FROM package_metadata WHERE name = 'lodash'",
    )
    expect(after.rows).toEqual([{ packed: true, document: false }])
  })

  it('stores a batch larger than one write statement whole', async () => {
    const names = Array.from({ length: 450 }, (_, i) => `bulk-${i}`)
    for (const name of names) t.registry.setPackument(name, packument(name, ['1.0.0', '1.1.0']))
    const keys = names.map((name) => ({ ecosystem: 'npm' as const, name }))
    const first = await t.source().metadataFor(keys)
    expect(first).toMatchObject({ fetched: 450, problems: [] })
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM package_metadata WHERE name LIKE 'bulk-%' AND packed IS NOT NULL",
    )
    expect(rows).toEqual([{ n: 450 }])
    const second = await t.source().metadataFor(keys)
    expect(second).toMatchObject({ fetched: 0, fromCache: 450 })
    expect(second.packages.get('npm/bulk-449')).toEqual(first.packages.get('npm/bulk-449'))
  })

  it('reports an ecosystem without a datasource and answers the rest', async () => {
    const batch = await t.source().metadataFor([
      { ecosystem: 'pypi', name: 'requests', version: '2.0.0' },
      { ecosystem: 'npm', name: 'lodash' },
    ])
    expect(batch.packages.has('npm/lodash')).toBe(true)
    expect(batch.problems).toEqual([
      { key: 'pypi/requests', kind: 'unsupported', message: 'no registry datasource for pypi' },
    ])
  })
})

async function expiry(t: MetadataTestContext, name: string): Promise<Date> {
  const { rows } = await t.db.query<{ expires_at: Date }>(
    'SELECT expires_at FROM package_metadata WHERE name = $1',
    [name],
  )
  const row = rows[0]
  if (!row) throw new Error(`no cache row for ${name}`)
  return row.expires_at
}
