// A forward proxy on loopback for one child process (git; issue 13 item 16, issue 18 item 3): the child
// is pointed at it, and every connection it makes is opened by the outbound client, so the address is
// checked when dialled (no DNS rebinding), HTTP_PROXY / NO_PROXY apply, and only the allowed host and
// port are reached. It demands a per-run password, counts the bytes it relays and stops past a limit.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { OutboundClient } from './client'
import type { TunnelRequest } from './connector'
import type { Reach } from './lookup'

export interface LocalProxyOptions {
  /** The one destination the child may reach. */
  target: { hostname: string; port: number; transport: TunnelRequest['transport'] }
  reach: Reach
  /** What allows private addresses for this use, named when one is refused. */
  allowedBy?: string
  /** Bytes relayed from the destination in all, before the child is cut off. */
  maxBytes: number
  timeoutMs: number
}

export interface LocalProxy {
  /** `http://sextant:<password>@127.0.0.1:<port>` */
  url: string
  /** Why connections were refused or cut (for the child's error message). */
  problems: string[]
  close(): Promise<void>
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  // The client chooses the encodings it can decode, and answers decoded bodies.
  'accept-encoding',
])

const sameHost = (a: string, b: string) =>
  a.replace(/^\[(.*)\]$/, '$1').toLowerCase() === b.replace(/^\[(.*)\]$/, '$1').toLowerCase()

/** Starts the proxy; close() it when the child is done. */
export async function startLocalProxy(
  client: OutboundClient,
  options: LocalProxyOptions,
): Promise<LocalProxy> {
  const password = randomBytes(18).toString('base64url')
  const expected = `Basic ${Buffer.from(`sextant:${password}`).toString('base64')}`
  const problems: string[] = []
  const sockets = new Set<Socket>()
  let relayed = 0
  const { target } = options
  const limitText = `the transfer is larger than the limit of ${options.maxBytes} bytes`

  const allowed = (hostname: string, port: number) =>
    sameHost(hostname, target.hostname) && port === target.port
  const count = (bytes: number, stop: () => void) => {
    relayed += bytes
    if (relayed > options.maxBytes) {
      if (!problems.includes(limitText)) problems.push(limitText)
      stop()
    }
  }
  const authorised = (req: IncomingMessage) => req.headers['proxy-authorization'] === expected

  const server = createServer(async (req, res) => {
    if (!authorised(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="sextant"' }).end()
      return
    }
    let url: URL
    try {
      url = new URL(req.url ?? '')
    } catch {
      res.writeHead(400).end()
      return
    }
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
    if (url.protocol !== 'http:' || !allowed(url.hostname, port)) {
      problems.push(`refused: only ${target.hostname}:${target.port} may be reached, not ${url.host}`)
      res.writeHead(403).end()
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue
      headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    const method = req.method === 'POST' ? 'POST' : req.method === 'HEAD' ? 'HEAD' : 'GET'
    const answer = await client.open({
      url: url.href,
      method,
      headers,
      ...(method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      reach: options.reach,
      ...(options.allowedBy ? { allowedBy: options.allowedBy } : {}),
      maxBytes: Math.max(0, options.maxBytes - relayed),
      timeoutMs: options.timeoutMs,
    })
    if (!answer.ok) {
      problems.push(answer.message)
      res.writeHead(502).end()
      return
    }
    const out: Record<string, string> = {}
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!HOP_BY_HOP.has(name) && name !== 'content-length' && name !== 'content-encoding') out[name] = value
    }
    res.writeHead(answer.status, out)
    answer.body.on('data', (chunk: Buffer) => count(chunk.length, () => answer.body.destroy()))
    answer.body.on('error', (error) => {
      if (!problems.includes(error.message)) problems.push(error.message)
      res.destroy()
    })
    answer.body.pipe(res)
  })

  server.on('connect', async (req: IncomingMessage, socket: Socket, head: Buffer) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    if (!authorised(req)) {
      socket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="sextant"\r\n\r\n',
      )
      return
    }
    const split = /^\[?([^\]]+?)\]?:(\d+)$/.exec(req.url ?? '')
    if (!split || !allowed(split[1]!, Number(split[2]))) {
      problems.push(`refused: only ${target.hostname}:${target.port} may be reached, not ${req.url}`)
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    const tunnel = await client.tunnel({
      hostname: split[1]!,
      port: Number(split[2]),
      transport: target.transport,
      reach: options.reach,
      ...(options.allowedBy ? { allowedBy: options.allowedBy } : {}),
    })
    if (!tunnel.ok) {
      problems.push(tunnel.message)
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
      return
    }
    const upstream = tunnel.socket
    sockets.add(upstream)
    upstream.on('close', () => {
      sockets.delete(upstream)
      socket.destroy()
    })
    upstream.on('error', () => socket.destroy())
    socket.on('close', () => upstream.destroy())
    upstream.on('data', (chunk: Buffer) => count(chunk.length, () => upstream.destroy()))
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    if (head.length) upstream.write(head)
    upstream.pipe(socket)
    socket.pipe(upstream)
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://sextant:${password}@127.0.0.1:${port}`,
    problems,
    close: async () => {
      for (const s of sockets) s.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
