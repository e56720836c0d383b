// Component links in the SDK (issue 17): the spec path with each part encoded, and the redirecting path.
import { describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { componentsApi } from './components'

describe('components SDK', () => {
  it('asks the spec path and builds the redirecting one', async () => {
    const calls: string[] = []
    const fetch = async (url: string | URL | Request) => {
      calls.push(String(url))
      const body = {
        language: 'nodejs',
        name: '@a/b',
        version: '1.0.0',
        url: 'https://www.npmjs.com/package/%40a/b/v/1.0.0',
      }
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }
    const api = componentsApi(
      createSextantClient({ baseUrl: 'http://s.test', fetch: fetch as typeof globalThis.fetch }),
    )
    expect((await api.registryWebUrl('nodejs', '@a/b', '1.0.0')).url).toContain('npmjs.com')
    expect(calls).toEqual([
      'http://s.test/api/v1/components/nodejs/%40a%2Fb/1.0.0/registryWebUrl?redirect=false',
    ])
    expect(api.registryLinkPath('java', 'g:a', '1')).toBe(
      '/api/v1/components/java/g%3Aa/1/registryWebUrl?redirect=true',
    )
  })
})
