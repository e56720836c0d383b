// A local forward HTTP proxy for tests (issue 18 acceptance 3): answers CONNECT by tunnelling to the
// target (or refusing it), records every target it was asked for, and can demand Proxy-Authorization.
import { createServer, type IncomingMessage } from 'node:http'
import { type AddressInfo, connect, type Socket } from 'node:net'

export interface TestProxy {
  /** `http://127.0.0.1:port` (with user:password@ when auth is demanded). */
  url: string
  /** `host:port` of every CONNECT, in order. */
  connects: string[]
  /** Proxy-Authorization headers received. */
  authorizations: (string | undefined)[]
  /** Local ports of the proxy's own connections onward: a server seeing one of these was reached through it. */
  upstreamPorts: Set<number>
  close(): Promise<void>
}

export interface TestProxyOptions {
  /** Demand this user and password (407 otherwise). */
  auth?: { user: string; password: string }
  /** Answer CONNECT with this status instead of tunnelling (to observe what was asked, safely). */
  refuseWith?: number
  /** Where a tunnel really goes (a test resolver's names are not the proxy's); default: the target as asked. */
  route?: (host: string, port: number) => { host: string; port: number }
}

export async function startTestProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  const connects: string[] = []
  const authorizations: (string | undefined)[] = []
  const sockets = new Set<Socket>()
  const upstreamPorts = new Set<number>()
  const server = createServer((_req, res) => res.writeHead(405).end('CONNECT only'))
  const expected = options.auth
    ? `Basic ${Buffer.from(`${options.auth.user}:${options.auth.password}`).toString('base64')}`
    : null
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => {})
    const target = req.url ?? ''
    connects.push(target)
    authorizations.push(req.headers['proxy-authorization'])
    if (expected && req.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n')
      return
    }
    if (options.refuseWith) {
      client.end(`HTTP/1.1 ${options.refuseWith} Refused\r\n\r\n`)
      return
    }
    const split = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target)
    if (!split) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n')
      return
    }
    const where = options.route?.(split[1]!, Number(split[2])) ?? { host: split[1]!, port: Number(split[2]) }
    const upstream = connect(where.port, where.host, () => {
      if (upstream.localPort) upstreamPorts.add(upstream.localPort)
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const auth = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.password)}@`
    : ''
  return {
    url: `http://${auth}127.0.0.1:${port}`,
    connects,
    authorizations,
    upstreamPorts,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
