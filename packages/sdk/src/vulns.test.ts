// The library lookup calls against a real local HTTP server (accounts-and-api §7 "Vulnerabilities and
// languages"): URLs with empty filters dropped and limit and offset always sent (after= when given),
// answers parsed by the contract, bad filters refused before sending.
import { afterEach, describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { SdkError } from './errors'
import { startTestServer, type TestServer } from './test-server'
import { vulnsApi } from './vulns'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const page = { language: 'nodejs', total: 0, limit: 20, offset: 0, advisories: [], next: null }

describe('vulnsApi', () => {
  it('lists with limit and offset kept and empty filters dropped', async () => {
    server = await startTestServer(() => ({ status: 200, body: page }))
    const api = vulnsApi(createSextantClient({ baseUrl: server.baseUrl }))
    await expect(api.list('nodejs')).resolves.toEqual(page)
    await api.list(
      'nodejs',
      { limit: 5, offset: 10 },
      { severity: ['high', 'critical'], cwe: 79, q: '', package: 'lodash' },
    )
    await api.list('nodejs', { limit: 5, after: 'WyIyMDI0LTAxLTAxVDAwOjAwOjAwLjAwMDAwMFoiLCJhIl0' })
    await api.list('nodejs', { after: null })
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v1/vulns/nodejs?limit=20&offset=0',
      '/api/v1/vulns/nodejs?limit=5&offset=10&severity=high%2Ccritical&cwe=79&package=lodash',
      '/api/v1/vulns/nodejs?limit=5&offset=0&after=WyIyMDI0LTAxLTAxVDAwOjAwOjAwLjAwMDAwMFoiLCJhIl0',
      '/api/v1/vulns/nodejs?limit=20&offset=0',
    ])
  })

  it('encodes ids and scoped names, and sends dependency filters', async () => {
    server = await startTestServer(() => ({
      status: 404,
      body: { status: 404, error: 'NOT FOUND', message: 'x' },
    }))
    const api = vulnsApi(createSextantClient({ baseUrl: server.baseUrl }))
    await expect(api.get('nodejs', 'CVE-2021-23337')).rejects.toBeInstanceOf(SdkError)
    await expect(
      api.dependency('nodejs', '@babel/traverse', '7.22.0', { fixable: true }),
    ).rejects.toBeInstanceOf(SdkError)
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v1/vulns/nodejs/CVE-2021-23337',
      '/api/v1/dependency/nodejs/%40babel%2Ftraverse/7.22.0?fixable=true',
    ])
  })

  it('refuses a bad filter before sending, naming it', async () => {
    server = await startTestServer(() => ({ status: 200, body: page }))
    const api = vulnsApi(createSextantClient({ baseUrl: server.baseUrl }))
    await expect(api.list('nodejs', { limit: 0 })).rejects.toThrow(/limit/)
    await expect(api.list('nodejs', {}, { severity: 'urgent' })).rejects.toThrow(/severity/)
    expect(server.requests).toEqual([])
  })
})
