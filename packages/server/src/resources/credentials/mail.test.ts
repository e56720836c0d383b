// Links in e-mails (spec accounts-and-api §7 "forget"): SEXTANT_PUBLIC_URL when set, else the address the
// server actually listens on, so a server started with PORT=0 never mails a link to port 0.
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { publicUrl } from './mail'

const configured = { host: '127.0.0.1', port: 0, publicUrl: null }

describe('publicUrl', () => {
  it('prefers SEXTANT_PUBLIC_URL, without a trailing slash', () => {
    const config = loadConfig({ PORT: '0', SEXTANT_PUBLIC_URL: 'https://sca.example.org/' })
    expect(publicUrl({ address: '127.0.0.1', family: 'IPv4', port: 41234 }, config)).toBe(
      'https://sca.example.org',
    )
  })

  it('uses the port the server listens on, not the configured 0', () => {
    expect(publicUrl({ address: '127.0.0.1', family: 'IPv4', port: 41234 }, configured)).toBe(
      'http://127.0.0.1:41234',
    )
  })

  it('names a wildcard address localhost and brackets IPv6 addresses', () => {
    expect(publicUrl({ address: '0.0.0.0', family: 'IPv4', port: 8080 }, configured)).toBe(
      'http://localhost:8080',
    )
    expect(publicUrl({ address: '::1', family: 'IPv6', port: 8080 }, configured)).toBe('http://[::1]:8080')
  })

  it('falls back to the configuration before the server listens', () => {
    expect(publicUrl(null, { host: 'sextant.local', port: 3000, publicUrl: null })).toBe(
      'http://sextant.local:3000',
    )
  })
})
