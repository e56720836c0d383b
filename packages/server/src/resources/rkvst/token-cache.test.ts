// DataTrails tokens are kept until shortly before they expire (issue 17 "token cached until expiry"),
// per account, address, client id and secret; a changed secret or forget() asks for a new one.
import { describe, expect, it } from 'vitest'
import { MAX_TOKENS, TokenCache } from './token-cache'

const key = { account: 'a', baseUrl: 'https://dt.test', clientId: 'c', clientSecret: 's' }

describe('DataTrails token cache', () => {
  it('answers a token until a tenth of its life (at most a minute) before it expires', () => {
    let now = 0
    const cache = new TokenCache(() => now)
    cache.set(key, 't1', 3600)
    now = (3600 - 61) * 1000
    expect(cache.get(key)).toBe('t1')
    now = (3600 - 60) * 1000
    expect(cache.get(key)).toBeNull()
    cache.set(key, 't2', 100)
    now += 89_000
    expect(cache.get(key)).toBe('t2')
    now += 1000
    expect(cache.get(key)).toBeNull()
  })

  it('keeps a token per secret and account, forgets an account, and keeps none living under a second', () => {
    const cache = new TokenCache(() => 0)
    cache.set(key, 't1', 3600)
    expect(cache.get({ ...key, clientSecret: 'other' })).toBeNull()
    expect(cache.get({ ...key, account: 'b' })).toBeNull()
    cache.forget('a')
    expect(cache.get(key)).toBeNull()
    cache.set(key, 'short', 1)
    expect(cache.get(key)).toBeNull()
  })

  it('holds at most MAX_TOKENS, dropping the oldest', () => {
    const cache = new TokenCache(() => 0)
    for (let i = 0; i <= MAX_TOKENS; i++) cache.set({ ...key, account: `a${i}` }, `t${i}`, 3600)
    expect(cache.get({ ...key, account: 'a0' })).toBeNull()
    expect(cache.get({ ...key, account: `a${MAX_TOKENS}` })).toBe(`t${MAX_TOKENS}`)
  })
})
