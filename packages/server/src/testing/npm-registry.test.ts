// The local npm registry speaks the protocol npm's client and our datasource use (DESIGN §9): the
// recorded corpus packuments by name, scoped paths in every spelling, ETag / 304, 404, injected faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestNpmRegistry, type TestNpmRegistry } from './npm-registry'

describe('test npm registry', () => {
  let registry: TestNpmRegistry
  beforeAll(async () => {
    registry = await startTestNpmRegistry()
  })
  afterAll(async () => registry.close())

  it('serves a recorded packument with an ETag, and 304 when it matches', async () => {
    const res = await fetch(`${registry.url}left-pad`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { name: string; 'dist-tags': { latest: string } }
    expect(doc.name).toBe('left-pad')
    const etag = res.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/)
    const again = await fetch(`${registry.url}left-pad`, { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)
    expect(registry.requests('left-pad')).toBe(2)
  })

  it.each(['@babel%2fcore', '@babel%2Fcore', '@babel/core'])('serves a scoped name as %s', async (path) => {
    const res = await fetch(`${registry.url}${path}?write=true`)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { name: string }).name).toBe('@babel/core')
  })

  it('answers 404 {"error":"Not found"} for unknown names and other endpoints', async () => {
    for (const path of ['no-such-package-here', '-/v1/search?text=x', 'lodash/-/lodash-4.17.21.tgz']) {
      const res = await fetch(`${registry.url}${path}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'Not found' })
    }
  })

  it('injects faults for a number of requests, then serves again', async () => {
    registry.inject('lodash', { kind: 'status', status: 502 }, 1)
    registry.inject('lodash', { kind: 'rate-limit', retryAfter: '7' }, 1)
    registry.inject('lodash', { kind: 'broken' }, 1)
    expect((await fetch(`${registry.url}lodash`)).status).toBe(502)
    const limited = await fetch(`${registry.url}lodash`)
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7'])
    const broken = await fetch(`${registry.url}lodash`)
    await expect(broken.json()).rejects.toThrow()
    expect((await fetch(`${registry.url}lodash`)).status).toBe(200)
  })
})
