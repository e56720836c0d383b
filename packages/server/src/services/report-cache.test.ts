import { randomBytes } from 'node:crypto'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { ReportCache, type StoredReport } from './report-cache'

const P = '11111111-1111-4111-8111-111111111111'
const Q = '22222222-2222-4222-8222-222222222222'
const at = (reportUuid: string, projectUuid = P) => ({ projectUuid, reportUuid })

describe('ReportCache', () => {
  it('keeps documents by project and report and evicts the least recently used past its byte budget', async () => {
    const text = () => randomBytes(1500).toString('base64')
    const one = gzipSync(text(), { level: 6 }).length + 256
    const cache = new ReportCache(Math.floor(one * 2.5))
    await cache.put(at('a'), text(), 'main')
    await cache.put(at('b'), text(), 'main')
    expect(cache.get(at('a'))).toBeDefined()
    await cache.put(at('c'), text(), 'main')
    expect(cache.get(at('b'))).toBeUndefined()
    expect(cache.get(at('a'))).toBeDefined()
    expect(cache.get(at('c'))).toBeDefined()
  })

  // Issue 13 item 5: a report cached through its own project is never found through another one, nor
  // on another branch than its own.
  it('finds a report only through the project it was read through, and only on its branch', async () => {
    const cache = new ReportCache(10_000)
    await cache.put(at('r', P), '{"secret":true}', 'main')
    expect(cache.get(at('r', Q))).toBeUndefined()
    expect(cache.get(at('r', P), 'dev')).toBeUndefined()
    const hit = cache.get(at('r', P), 'main')
    expect(hit && (await cache.jsonOf(hit))).toBe('{"secret":true}')
    expect(cache.get({ ...at('r', P), variant: 'jira:1' })).toBeUndefined()
    expect(await cache.load(at('r', P), 'dev', async () => ({ json: '{}', branch: 'dev' }))).toBeNull()
  })

  it('never caches a document larger than the budget, but still answers it', async () => {
    const cache = new ReportCache(10)
    const entry = await cache.put(at('big'), 'x'.repeat(100), 'main')
    expect(await cache.jsonOf(entry)).toHaveLength(100)
    expect(cache.get(at('big'))).toBeUndefined()
  })

  it('keeps the gzip form and charges its length', async () => {
    const cache = new ReportCache(1_000_000)
    const entry = await cache.put(at('a'), JSON.stringify({ hello: 'world' }), 'main')
    expect(gunzipSync(entry.gzip).toString()).toBe('{"hello":"world"}')
    expect(cache.usedBytes).toBe(entry.gzip.length + 256)
  })

  // Issue 20 "Reports that stay small": the page's forms are kept in both encodings, both charged.
  it('keeps a brotli form beside the gzip one when asked, and charges both', async () => {
    const cache = new ReportCache(1_000_000)
    const json = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ name: `p${i}` })) })
    const plain = await cache.put(at('a'), json, 'main')
    expect(plain.br).toBeUndefined()
    const both = await cache.put({ ...at('a'), variant: 'outline' }, json, 'main', true)
    expect(both.br && brotliDecompressSync(both.br).toString()).toBe(json)
    expect(gunzipSync(both.gzip).toString()).toBe(json)
    expect(cache.usedBytes).toBe(plain.gzip.length + both.gzip.length + (both.br?.length ?? 0) + 2 * 256)
    // a gzip-only entry asked for again with brotli is replaced, not charged twice
    const upgraded = await cache.put(at('a'), json, 'main', true)
    expect(upgraded.br).toBeDefined()
    expect(cache.usedBytes).toBe(2 * both.gzip.length + 2 * (both.br?.length ?? 0) + 2 * 256)
  })

  // Issue 20 "Report cache": charged 2 bytes a character, a report over half the budget was read from the
  // database and gzipped again on every GET. Charged its gzip bytes, it stays.
  it('keeps a report whose JSON is larger than the whole budget, so it is read once', async () => {
    const components = Array.from({ length: 12_000 }, (_, i) => ({
      name: `package-${i}`,
      version: `${i % 7}.${i % 13}.${i % 5}`,
      licences: [{ id: i % 3 ? 'MIT' : 'Apache-2.0', declared: true }],
      advices: i % 10 ? [] : [{ id: `GHSA-${i}`, severity: 'HIGH', fixedIn: `${i % 7}.${i % 13}.9` }],
    }))
    const json = JSON.stringify({ uuid: 'big', components })
    expect(json.length).toBeGreaterThan(1_000_000)
    const cache = new ReportCache(1_000_000)
    let reads = 0
    const read = async (): Promise<StoredReport> => {
      reads++
      return { json, branch: 'main' }
    }
    for (let i = 0; i < 5; i++) {
      const entry = await cache.load(at('big'), 'main', read)
      expect(entry && gunzipSync(entry.gzip).length).toBe(Buffer.byteLength(json))
    }
    expect(reads).toBe(1)
    expect(cache.usedBytes).toBeLessThan(1_000_000)
  })

  it('shares one database read among concurrent misses of a report', async () => {
    const cache = new ReportCache(1_000_000)
    let reads = 0
    const read = async (): Promise<StoredReport> => {
      reads++
      await new Promise((r) => setTimeout(r, 20))
      return { json: '{"a":1}', branch: 'main' }
    }
    const entries = await Promise.all(Array.from({ length: 10 }, () => cache.load(at('r'), 'main', read)))
    expect(reads).toBe(1)
    expect(new Set(entries).size).toBe(1)
  })
})
