import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { ReportCache } from './report-cache'

describe('ReportCache', () => {
  it('keeps documents by uuid and evicts the least recently used past its byte budget', () => {
    const cache = new ReportCache(100)
    cache.put('a', 'x'.repeat(20))
    cache.put('b', 'y'.repeat(20))
    expect(cache.get('a')?.json).toHaveLength(20)
    cache.put('c', 'z'.repeat(20))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
  })

  it('never caches a document larger than the budget, but still answers it', () => {
    const cache = new ReportCache(10)
    expect(cache.put('big', 'x'.repeat(100)).json).toHaveLength(100)
    expect(cache.get('big')).toBeUndefined()
  })

  it('computes the gzip form once', async () => {
    const cache = new ReportCache(1_000_000)
    const entry = cache.put('a', JSON.stringify({ hello: 'world' }))
    const first = cache.gzipOf(entry)
    expect(cache.gzipOf(entry)).toBe(first)
    expect(gunzipSync(await first).toString()).toBe('{"hello":"world"}')
  })
})
