// The outbound client's record of each origin (issue 17 "Site network"): an answer is the last success
// (and its status), a 5xx or a failure the last error with its message, per origin and never with a
// path, a query or a credential; a URL that is not one records nothing.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboundClient, DEFAULT_OUTBOUND, type OutboundClient } from '.'

describe('outbound outcomes per origin', () => {
  let port = 0
  let closedPort = 0
  let client: OutboundClient
  const server = createServer((req, res) => {
    res.statusCode = req.url?.startsWith('/broken') ? 503 : req.url?.startsWith('/missing') ? 404 : 200
    res.end('x')
  })

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
    // A port nobody listens on: bound, then closed.
    const spare = createServer()
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve))
    closedPort = (spare.address() as AddressInfo).port
    await new Promise<void>((resolve) => spare.close(() => resolve()))
    client = createOutboundClient(DEFAULT_OUTBOUND)
  })
  afterAll(async () => {
    await client.close()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  const get = (url: string, reach: 'any' | 'public' = 'any') =>
    client.request({ url, reach, maxBytes: 1024, timeoutMs: 5000 })

  it('records answers and failures per origin, without paths or credentials', async () => {
    const origin = `http://127.0.0.1:${port}`
    expect(client.outcomes.of(origin)).toBeNull()
    await get(`${origin}/hooks/T000/B000/secret-path?token=s3cret`)
    const reached = client.outcomes.of(`${origin}/anything`)
    expect(reached).toMatchObject({ origin, lastStatus: 200, lastError: null, attempts: 1 })
    expect(reached?.lastSuccessAt).toBeInstanceOf(Date)

    // A 404 is an answer: the service is reachable.
    await get(`${origin}/missing`)
    const missing = client.outcomes.of(origin)
    expect(missing).toMatchObject({ lastStatus: 404, lastError: null, attempts: 2 })

    await get(`${origin}/broken`)
    const broken = client.outcomes.of(origin)
    expect(broken?.lastStatus).toBe(503)
    expect(broken?.lastError?.message).toBe('answered HTTP 503')
    expect(broken?.lastSuccessAt).toEqual(missing?.lastSuccessAt)

    const closed = `http://127.0.0.1:${closedPort}`
    await get(`${closed}/x`)
    expect(client.outcomes.of(closed)).toMatchObject({ lastSuccessAt: null, lastStatus: null })
    expect(client.outcomes.of(closed)?.lastError?.message).toMatch(/ECONNREFUSED|refused/i)

    // The SSRF rules refuse loopback for a user-chosen destination: recorded, with the reason.
    const refused = `http://localhost:${port}`
    await get(`${refused}/`, 'public')
    expect(client.outcomes.of(refused)?.lastError?.message).toMatch(/127\.0\.0\.1|loopback|not public/i)

    const text = JSON.stringify([broken, client.outcomes.of(closed), client.outcomes.of(refused)])
    expect(text).not.toContain('secret-path')
    expect(text).not.toContain('s3cret')
  })

  it('records a raw tunnel (SMTP) under tcp://host:port', async () => {
    const opened = await client.tunnel({ hostname: '127.0.0.1', port, transport: 'tcp', reach: 'any' })
    if (opened.ok) opened.socket.destroy()
    expect(client.outcomes.of(`tcp://127.0.0.1:${port}`)).toMatchObject({ lastStatus: null, lastError: null })
    await client.tunnel({ hostname: '127.0.0.1', port: closedPort, transport: 'tcp', reach: 'any' })
    expect(client.outcomes.of(`tcp://127.0.0.1:${closedPort}`)?.lastError?.message).toMatch(
      /ECONNREFUSED|refused/i,
    )
  })

  it('records nothing for a request that is not a URL', async () => {
    await get('not a url')
    expect(client.outcomes.of('not a url')).toBeNull()
  })
})
