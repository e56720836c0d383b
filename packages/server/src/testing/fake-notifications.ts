// Local fakes for the notification channels (issue 16), speaking the real protocols: an SMTP server
// (smtp-server: EHLO, MAIL, RCPT, DATA; plain, no auth) that keeps every message and can refuse the next
// ones with a 451; a Slack (incoming webhooks under /services/…, answering "ok", and the Web API's
// POST /api/chat.postMessage with a bot token, answering {ok, error}); a webhook receiver answering the
// statuses it is told, in order. Each records what it got.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  from: string
  to: string[]
  raw: string
}

export interface FakeSmtp {
  url: string
  port: number
  mails: CapturedMail[]
  /** The next n messages are refused with 451 (a temporary failure). */
  refuseNext(n: number): void
  close(): Promise<void>
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: CapturedMail[] = []
  let refuse = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--
          const error = new Error('Try again later') as Error & { responseCode: number }
          error.responseCode = 451
          callback(error)
          return
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    refuseNext: (n) => {
      refuse = n
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

export interface FakeSlack {
  url: string
  /** An incoming-webhook URL this fake accepts. */
  webhookUrl: string
  /** The bot token chat.postMessage accepts. */
  botToken: string
  /** Messages received: through the webhook or chat.postMessage, with their JSON. */
  messages: {
    via: 'webhook' | 'chat.postMessage'
    body: { channel?: string; text?: string; blocks?: unknown[] }
  }[]
  requests: RecordedRequest[]
  close(): Promise<void>
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const messages: FakeSlack['messages'] = []
  const requests: RecordedRequest[] = []
  const hookPath = '/services/T0000TEST/B0000TEST/abcdefghijklmnopqrstuvwx'
  const botToken = 'xoxb-test-0000-notarealtoken'
  const server = createServer(async (req, res) => {
    const body = await readBody(req)
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body })
    const json = (() => {
      try {
        return JSON.parse(body) as FakeSlack['messages'][number]['body']
      } catch {
        return null
      }
    })()
    if (req.method === 'POST' && req.url === hookPath) {
      // Slack's incoming webhooks: 200 "ok", or 400 "invalid_payload" / "no_text"
      if (!json) return res.writeHead(400).end('invalid_payload')
      if (!json.text && !json.blocks) return res.writeHead(400).end('no_text')
      messages.push({ via: 'webhook', body: json })
      return res.writeHead(200, { 'content-type': 'text/html' }).end('ok')
    }
    if (req.method === 'POST' && req.url === '/api/chat.postMessage') {
      const answer = (o: object) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(o))
      if (req.headers.authorization !== `Bearer ${botToken}`)
        return answer({ ok: false, error: 'invalid_auth' })
      if (!json?.channel) return answer({ ok: false, error: 'channel_not_found' })
      if (!json.text && !json.blocks) return answer({ ok: false, error: 'no_text' })
      messages.push({ via: 'chat.postMessage', body: json })
      return answer({ ok: true, channel: json.channel, ts: `${Date.now() / 1000}` })
    }
    res.writeHead(404).end('no_service')
  })
  const url = await listen(server)
  return {
    url,
    webhookUrl: `${url}${hookPath}`,
    botToken,
    messages,
    requests,
    close: () => closeServer(server),
  }
}

export interface FakeWebhook {
  url: string
  requests: RecordedRequest[]
  /** Statuses to answer, in order; after the last one, 200. */
  answerWith(statuses: number[]): void
  close(): Promise<void>
}

export async function startFakeWebhook(): Promise<FakeWebhook> {
  const requests: RecordedRequest[] = []
  let statuses: number[] = []
  const server = createServer(async (req, res) => {
    const body = await readBody(req)
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body })
    const status = statuses.shift() ?? 200
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : 'receiver broke')
  })
  const url = await listen(server)
  return {
    url: `${url}/hooks/sextant`,
    requests,
    answerWith: (s) => {
      statuses = [...s]
    },
    close: () => closeServer(server),
  }
}
