import { describe, expect, it } from 'vitest'
import { preferredEncoding } from './accept-encoding'

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip, deflate')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull()
    expect(preferredEncoding('identity')).toBeNull()
    expect(preferredEncoding(undefined)).toBeNull()
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('*, br;q=0')).toBe('gzip')
    expect(preferredEncoding(['gzip', 'br'])).toBe('br')
  })
})
