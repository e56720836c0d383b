// The metrics-integration calls (spec accounts-and-api §7 "Metrics integration", §8): the spec paths and
// bodies, a check answering 400 read as valid false with the reason, missing account refused before a request.
import { describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { datadogApi } from './datadog'

function api(status: number, body: unknown) {
  const calls: string[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method} ${String(url)} ${init?.body ?? ''}`.trim())
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  const client = createSextantClient({
    baseUrl: 'http://sextant.test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { calls, api: datadogApi(client) }
}

const base = 'http://sextant.test/api/v1/integrations/datadog/accounts/me'
const setup = {
  configured: true,
  site: 'datadoghq.eu',
  baseUrl: 'https://api.datadoghq.eu',
  apiKeySet: true,
  scheduled: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
}
const submission = {
  id: '1',
  trigger: 'send-now',
  at: '2026-01-01T00:00:00.000Z',
  ok: true,
  branches: 2,
  series: 20,
  status: 202,
  message: 'Datadog accepted 20 series of 2 project branches.',
}

describe('datadog SDK', () => {
  it('calls the spec paths', async () => {
    const s = api(200, setup)
    await s.api.setup('me')
    await s.api.saveSetup('me', { site: 'datadoghq.eu', apiKey: 'k' })
    const h = api(200, [submission])
    await h.api.history('me')
    const n = api(200, submission)
    expect(await n.api.sendNow('me')).toEqual(submission)
    expect([...s.calls, ...h.calls, ...n.calls]).toEqual([
      `GET ${base}/setup`,
      `POST ${base}/setup {"site":"datadoghq.eu","apiKey":"k"}`,
      `GET ${base}/history`,
      `POST ${base}/send-now`,
    ])
  })

  it('reads a 400 check as invalid with the reason', async () => {
    const message = 'Datadog refused the API key (HTTP 403): check apiKey and site.'
    const c = api(400, { status: 400, error: 'BAD REQUEST', message })
    expect(await c.api.checkCredentials('me', { apiKey: 'bad' })).toEqual({ valid: false, message })
    expect(c.calls).toEqual([`POST ${base}/credentials-check {"apiKey":"bad"}`])
    const ok = api(200, { valid: true, message: 'fine' })
    expect(await ok.api.checkCredentials('me')).toEqual({ valid: true, message: 'fine' })
  })

  it('refuses a missing account before any request', async () => {
    const c = api(200, setup)
    await expect(c.api.setup(' ')).rejects.toThrow('No account has been specified')
    expect(c.calls).toEqual([])
  })
})
