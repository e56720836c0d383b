// How a socket is opened (issue 18 item 3, issue 13 item 16): the address is resolved and checked when
// the connection is made and the socket dials exactly that address (DNS rebinding cannot swap it).
// Through a proxy (HTTP CONNECT), a destination limited to public addresses is resolved and checked
// here and the proxy is asked for the checked IP, never the name; TLS still names the host (SNI, cert).
import { isIP, type Socket, connect as tcpConnect } from 'node:net'
import type { Duplex } from 'node:stream'
import { rootCertificates } from 'node:tls'
import { buildConnector, Client } from 'undici'
import { checkedLookup, type Reach, type Resolve, resolveChecked } from './lookup'
import type { ProxyRules } from './proxy'
import { redactUrl } from './redact'

export interface ConnectorOptions {
  reach: Reach
  resolve: Resolve
  proxies: ProxyRules
  /** PEM certificates trusted beside Node's bundled roots (NODE_EXTRA_CA_CERTS). */
  extraCaCerts: string | null
  connectTimeoutMs: number
}

/** A proxy that refused or failed the CONNECT; its URL is shown without credentials. */
export class ProxyError extends Error {
  readonly code = 'ESEXTANT_PROXY'
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80)
const hostPort = (host: string, port: number | string) => `${isIP(host) === 6 ? `[${host}]` : host}:${port}`

/** TLS options: Node's roots plus the extra certificates, or Node's defaults when there are none. */
export function tlsOptions(extraCaCerts: string | null): { ca?: string[] } {
  return extraCaCerts ? { ca: [...rootCertificates, extraCaCerts] } : {}
}

/** Connections through HTTP proxies: one undici Client per proxy, used only for CONNECT. */
export class ProxyTunnels {
  private readonly clients = new Map<string, Client>()

  constructor(private readonly options: Pick<ConnectorOptions, 'extraCaCerts' | 'connectTimeoutMs'>) {}

  /** A raw socket to `host:port` through `proxy` (CONNECT); `host` is what the proxy is asked for. */
  async open(proxy: URL, host: string, port: number | string, signal?: AbortSignal): Promise<Socket> {
    const origin = `${proxy.protocol}//${proxy.host}`
    let client = this.clients.get(origin)
    if (!client) {
      client = new Client(origin, {
        connect: { ...tlsOptions(this.options.extraCaCerts), timeout: this.options.connectTimeoutMs },
      })
      this.clients.set(origin, client)
    }
    const headers: Record<string, string> = { host: hostPort(host, port) }
    if (proxy.username || proxy.password) {
      const user = decodeURIComponent(proxy.username)
      const password = decodeURIComponent(proxy.password)
      headers['proxy-authorization'] = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
    }
    let answer: { statusCode: number; socket: Duplex }
    try {
      answer = await client.connect({ path: hostPort(host, port), headers, ...(signal ? { signal } : {}) })
    } catch (error) {
      const cause = (error as NodeJS.ErrnoException).code ?? (error as Error).message
      throw new ProxyError(`the proxy ${redactUrl(proxy.href)} could not be reached (${cause})`)
    }
    if (answer.statusCode !== 200) {
      answer.socket.destroy()
      throw new ProxyError(
        `the proxy ${redactUrl(proxy.href)} answered HTTP ${answer.statusCode} to CONNECT ${hostPort(host, port)}`,
      )
    }
    return answer.socket as Socket
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.destroy()))
    this.clients.clear()
  }
}

/**
 * The address a CONNECT names: the checked IP for 'public' destinations (the proxy cannot resolve the
 * name again to something else); the name itself when any address may be reached.
 */
async function tunnelTarget(hostname: string, reach: Reach, resolve: Resolve): Promise<string> {
  if (reach === 'any') return hostname
  const [first] = await resolveChecked(hostname, reach, resolve)
  return first!.address
}

/** The undici connector for one reach: direct with a checking lookup, or through the proxy. */
export function createConnector(options: ConnectorOptions, tunnels: ProxyTunnels): buildConnector.connector {
  const tls = { ...tlsOptions(options.extraCaCerts), timeout: options.connectTimeoutMs }
  const direct = buildConnector({ ...tls, lookup: checkedLookup(options.reach, options.resolve) })
  const overTunnel = buildConnector(tls)
  return (opts, callback) => {
    const port = opts.port || defaultPort(opts.protocol)
    const proxy = options.proxies.proxyFor(opts.protocol, opts.hostname, port)
    if (!proxy) {
      // An IP literal is never looked up by net.connect, so it is checked here (no DNS, no window).
      if (isIP(opts.hostname) === 0) {
        direct(opts, callback)
        return
      }
      resolveChecked(opts.hostname, options.reach, options.resolve).then(
        () => direct(opts, callback),
        (error: Error) => callback(error, null),
      )
      return
    }
    tunnelTarget(opts.hostname, options.reach, options.resolve)
      .then((target) => tunnels.open(proxy, target, port))
      .then(
        (socket) => {
          if (opts.protocol !== 'https:') {
            callback(null, socket)
            return
          }
          const servername = isIP(opts.hostname) === 0 ? opts.hostname : undefined
          overTunnel({ ...opts, ...(servername ? { servername } : {}), httpSocket: socket }, callback)
        },
        (error: Error) => callback(error, null),
      )
  }
}

export interface TunnelRequest {
  hostname: string
  port: number
  /** 'http:' / 'https:' go through the configured proxy (as git's own HTTP would); 'tcp' goes direct. */
  transport: 'http:' | 'https:' | 'tcp'
  reach: Reach
  /** What allows private addresses for this use, named when one is refused. */
  allowedBy?: string
  signal?: AbortSignal
}

/** A raw socket to a checked address (git's transports); rejects with the errors above. */
export async function openTunnel(
  request: TunnelRequest,
  options: Omit<ConnectorOptions, 'reach'>,
  tunnels: ProxyTunnels,
): Promise<Socket> {
  const proxy =
    request.transport === 'tcp'
      ? null
      : options.proxies.proxyFor(request.transport, request.hostname, request.port)
  if (proxy) {
    const target = await tunnelTarget(request.hostname, request.reach, options.resolve)
    return tunnels.open(proxy, target, request.port, request.signal)
  }
  const addresses = await resolveChecked(request.hostname, request.reach, options.resolve)
  return new Promise<Socket>((resolve, reject) => {
    const socket = tcpConnect({
      host: addresses[0]!.address,
      port: request.port,
      timeout: options.connectTimeoutMs,
    })
    const fail = (error: Error) => {
      socket.destroy()
      reject(error)
    }
    socket.once('connect', () => {
      socket.setTimeout(0)
      socket.off('error', fail)
      resolve(socket)
    })
    socket.once('timeout', () => fail(new Error(`no connection within ${options.connectTimeoutMs} ms`)))
    socket.once('error', fail)
  })
}
