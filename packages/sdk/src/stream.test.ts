// client.stream against a real local HTTP server (accounts-and-api §7 "Assistant chat service"): the
// NDJSON lines of a conversation route come out of the async iterator one by one as the server writes
// them, each checked against the contract; a non-2xx answer throws the server's message first.
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { SdkError } from './errors'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

async function serve(handler: (url: string, body: string, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c.toString()
    })
    req.on('end', () => handler(req.url ?? '', body, res))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  close = () =>
    new Promise((r) => {
      server.closeAllConnections()
      server.close(() => r())
    })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const body = { projectId: 'p', reportId: 'r', adviceId: 'GHSA-1' }

describe('stream', () => {
  it('yields each line as it arrives, before the server has finished', async () => {
    let release: () => void = () => {}
    const released = new Promise<void>((r) => {
      release = r
    })
    let sent = ''
    const baseUrl = await serve((url, text, res) => {
      sent = `${url} ${text}`
      res.writeHead(200, { 'content-type': 'application/x-ndjson' })
      res.write('{"type":"conversation","value":{"id":"c-1"}}\n{"type":"strea')
      // The rest only once the client has seen the first line: a buffering client would hang here.
      released.then(() => {
        res.write('ming","value":"Upgrade "}\n')
        res.end('{"type":"finalAnswer","value":"Upgrade ms."}')
      })
    })
    const client = createSextantClient({ baseUrl, auth: { type: 'bearer', token: 't' } })
    const seen: unknown[] = []
    for await (const line of client.stream('assistantAroundVulnerability', { body })) {
      seen.push(line)
      if (seen.length === 1) release()
    }
    expect(sent).toBe(`/api/v1/barista/conversations/around_vulnerability ${JSON.stringify(body)}`)
    expect(seen).toEqual([
      { type: 'conversation', value: { id: 'c-1' } },
      { type: 'streaming', value: 'Upgrade ' },
      { type: 'finalAnswer', value: 'Upgrade ms.' },
    ])
  })

  it('throws the server error before any line, and a line off the contract', async () => {
    const baseUrl = await serve((url, _text, res) => {
      if (url.includes('/ask')) {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' })
        res.end('{"type":"conversation","value":{"id":"c-1"}}\n{"type":"gossip","value":1}\n')
        return
      }
      res.writeHead(503, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: 503, error: 'SERVICE UNAVAILABLE', message: 'Not configured.' }))
    })
    const client = createSextantClient({ baseUrl })
    const start = client.stream('assistantAroundVulnerability', { body })
    await expect(start.next()).rejects.toMatchObject({ status: 503, message: 'Not configured.' })

    const lines = client.stream('assistantAsk', { params: { id: 'c-1' }, body: { question: 'Why?' } })
    expect((await lines.next()).value).toEqual({ type: 'conversation', value: { id: 'c-1' } })
    const bad = await lines.next().catch((e: unknown) => e)
    expect(bad).toBeInstanceOf(SdkError)
    expect((bad as SdkError).message).toContain(
      'line to PUT /api/v1/barista/conversations/:id/ask does not match',
    )
  })

  it('checks input before sending: asking needs a conversation id, starting needs advice (§5)', async () => {
    // Port 9 (discard) is never reached: the check throws before any request.
    const client = createSextantClient({ baseUrl: 'http://127.0.0.1:9' })
    for (const id of ['', undefined]) {
      const ask = client.stream('assistantAsk', {
        params: { id } as { id: string },
        body: { question: 'Why?' },
      })
      const error = await ask.next().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SdkError)
      expect((error as SdkError).message).toBe('Conversation id is not specified')
      expect((error as SdkError).status).toBe(0)
    }
    for (const adviceId of ['', '  ', undefined]) {
      const start = client.stream('assistantAroundVulnerability', {
        body: { projectId: 'p', reportId: 'r', adviceId } as {
          projectId: string
          reportId: string
          adviceId: string
        },
      })
      const error = await start.next().catch((e: unknown) => e)
      expect((error as SdkError).message).toBe('Cannot start conversation without specifying advice')
    }
  })
})
