// A tiny real HTTP server on 127.0.0.1 (port 0) for the SDK tests: records each request and
// answers from a handler. No fetch mocks (STYLE rule 8; DESIGN §9).
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSextantClient, type SextantClient } from './client'

export interface Recorded {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

export interface Reply {
  status: number
  body?: unknown
  raw?: string
  headers?: Record<string, string>
}

export interface TestServer {
  baseUrl: string
  requests: Recorded[]
  close(): Promise<void>
}

export async function startTestServer(handler: (request: Recorded) => Reply): Promise<TestServer> {
  const requests: Recorded[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      }
      requests.push(recorded)
      const reply = handler(recorded)
      const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body))
      res.writeHead(reply.status, {
        'Content-Type': reply.raw ? 'text/plain' : 'application/json',
        ...reply.headers,
      })
      res.end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

/** A client whose fetch records each call as "METHOD url" and answers `body` with 200 (paths and queries). */
export function recordingClient(body: unknown): { calls: string[]; client: SextantClient } {
  const calls: string[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method} ${String(url)}`)
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  return {
    calls,
    client: createSextantClient({ baseUrl: 'http://sextant.test', fetch: fetch as typeof globalThis.fetch }),
  }
}
