import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { ReportCache } from './report-cache'

const P = '11111111-1111-4111-8111-111111111111'
const Q = '22222222-2222-4222-8222-222222222222'
const at = (reportUuid: string, projectUuid = P) => ({ projectUuid, reportUuid })

describe('ReportCache', () => {
  it('keeps documents by project and report and evicts the least recently used past its byte budget', () => {
    const cache = new ReportCache(100)
    cache.put(at('a'), 'x'.repeat(20), 'main')
    cache.put(at('b'), 'y'.repeat(20), 'main')
    expect(cache.get(at('a'))?.json).toHaveLength(20)
    cache.put(at('c'), 'z'.repeat(20), 'main')
    expect(cache.get(at('b'))).toBeUndefined()
    expect(cache.get(at('a'))).toBeDefined()
    expect(cache.get(at('c'))).toBeDefined()
  })

  // Issue 13 item 5: a report cached through its own project is never found through another one, nor
  // on another branch than its own.
  it('finds a report only through the project it was read through, and only on its branch', () => {
    const cache = new ReportCache(1_000)
    cache.put(at('r', P), '{"secret":true}', 'main')
    expect(cache.get(at('r', Q))).toBeUndefined()
    expect(cache.get(at('r', P), 'dev')).toBeUndefined()
    expect(cache.get(at('r', P), 'main')?.json).toBe('{"secret":true}')
    expect(cache.get({ ...at('r', P), variant: 'jira:1' })).toBeUndefined()
  })

  it('never caches a document larger than the budget, but still answers it', () => {
    const cache = new ReportCache(10)
    expect(cache.put(at('big'), 'x'.repeat(100), 'main').json).toHaveLength(100)
    expect(cache.get(at('big'))).toBeUndefined()
  })

  it('computes the gzip form once', async () => {
    const cache = new ReportCache(1_000_000)
    const entry = cache.put(at('a'), JSON.stringify({ hello: 'world' }), 'main')
    const first = cache.gzipOf(entry)
    expect(cache.gzipOf(entry)).toBe(first)
    expect(gunzipSync(await first).toString()).toBe('{"hello":"world"}')
  })
})
