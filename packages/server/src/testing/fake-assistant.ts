// A local OpenAI-compatible chat-completions server for tests (accounts-and-api §7 "Assistant chat
// service"): POST /v1/chat/completions with `stream: true` answers server-sent `data:` chunks of the
// configured answer, then `data: [DONE]`. Faults: an error status before streaming, a connection cut
// or an error chunk after some pieces, a slow stream (time-outs). Records every request body.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeAssistantFault =
  | { kind: 'status'; status: number; message: string }
  | { kind: 'cut'; afterPieces: number }
  | { kind: 'error-chunk'; afterPieces: number; message: string }

export interface FakeAssistantRequest {
  headers: IncomingMessage['headers']
  body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[] }
}

export interface FakeAssistant {
  /** Base URL to set as SEXTANT_ASSISTANT_URL, e.g. http://127.0.0.1:41234/v1. */
  url: string
  requests: FakeAssistantRequest[]
  /** The pieces of the next answers (each sent as one chunk). */
  setAnswer(pieces: string[]): void
  /** Wait between two chunks, in ms. */
  setDelay(ms: number): void
  /** A fault for the next answer only (null clears). */
  inject(fault: FakeAssistantFault | null): void
  close(): Promise<void>
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`

export async function startFakeAssistant(): Promise<FakeAssistant> {
  let pieces = ['**Upgrade** the ', 'library to ', 'a fixed version.']
  let delayMs = 0
  let fault: FakeAssistantFault | null = null
  const requests: FakeAssistantRequest[] = []
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

  async function answer(req: IncomingMessage, res: ServerResponse) {
    let text = ''
    for await (const part of req) text += String(part)
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}')
      return
    }
    requests.push({ headers: req.headers, body: JSON.parse(text) as FakeAssistantRequest['body'] })
    const current = fault
    fault = null
    if (current?.kind === 'status') {
      res
        .writeHead(current.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: current.message } }))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    res.flushHeaders()
    for (const [index, piece] of pieces.entries()) {
      if (current && index === current.afterPieces) {
        if (current.kind === 'cut') {
          // Let the pieces already written reach the client before the connection drops.
          await sleep(50)
          res.destroy()
          return
        }
        res.end(`data: ${JSON.stringify({ error: { message: current.message } })}\n\n`)
        return
      }
      if (delayMs > 0) await sleep(delayMs)
      if (res.destroyed) return
      res.write(chunk(piece))
    }
    res.end('data: [DONE]\n\n')
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setAnswer: (next) => {
      pieces = next
    },
    setDelay: (ms) => {
      delayMs = ms
    },
    inject: (next) => {
      fault = next
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
