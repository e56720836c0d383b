// Which proxy a request goes through (issue 18 item 3: HTTP_PROXY / HTTPS_PROXY / NO_PROXY, read by
// Config). NO_PROXY follows curl and Go: comma- or space-separated; `*` matches every host; `name` matches
// that host and its subdomains, `.name` / `*.name` only subdomains; `host:port` one port; an IP or a
// CIDR (`10.0.0.0/8`) matches IP-literal hosts. Written here because undici keeps its matcher private.
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

export interface ProxySettings {
  /** For http:// destinations (HTTP_PROXY / http_proxy). */
  httpProxy: string | null
  /** For https:// destinations (HTTPS_PROXY / https_proxy). */
  httpsProxy: string | null
  /** NO_PROXY / no_proxy, as written. */
  noProxy: string
}

export const NO_PROXY_SETTINGS: ProxySettings = { httpProxy: null, httpsProxy: null, noProxy: '' }

interface NoProxyEntry {
  host: string
  port: string | null
  subdomainsOnly: boolean
}

type Rule =
  | { kind: 'all' }
  | { kind: 'name'; entry: NoProxyEntry }
  | { kind: 'cidr'; range: [ipaddr.IPv4 | ipaddr.IPv6, number]; port: string | null }

function parseRule(text: string): Rule | null {
  if (text === '*') return { kind: 'all' }
  let host = text.toLowerCase()
  let port: string | null = null
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(host)
  if (bracketed) {
    host = bracketed[1]!
    port = bracketed[2] ?? null
  } else if (isIP(host.split('/')[0]!) !== 6) {
    const withPort = /^(.*):(\d+)$/.exec(host)
    if (withPort) {
      host = withPort[1]!
      port = withPort[2]!
    }
  }
  if (host.includes('/')) {
    try {
      return { kind: 'cidr', range: ipaddr.parseCIDR(host), port }
    } catch {
      return null
    }
  }
  const subdomainsOnly = host.startsWith('.') || host.startsWith('*.')
  host = host.replace(/^\*?\./, '')
  return host ? { kind: 'name', entry: { host, port, subdomainsOnly } } : null
}

/** A host name or IP as URL.hostname gives it (IPv6 in brackets). */
function matches(rule: Rule, hostname: string, port: string): boolean {
  if (rule.kind === 'all') return true
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
  if (rule.kind === 'cidr') {
    if (rule.port !== null && rule.port !== port) return false
    if (isIP(host) === 0) return false
    const address = ipaddr.process(host)
    return address.kind() === rule.range[0].kind() && address.match(rule.range)
  }
  const { entry } = rule
  if (entry.port !== null && entry.port !== port) return false
  if (host === entry.host) return !entry.subdomainsOnly
  return isIP(host) === 0 && host.endsWith(`.${entry.host}`)
}

/** Proxy choice for one process: `proxyFor(url)` answers the proxy URL or null (go direct). */
export class ProxyRules {
  private readonly rules: Rule[]

  constructor(private readonly settings: ProxySettings) {
    this.rules = settings.noProxy
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map(parseRule)
      .filter((r): r is Rule => r !== null)
  }

  /** The proxy for a destination (`http:` / `https:` with host and port), or null. */
  proxyFor(protocol: string, hostname: string, port: string | number): URL | null {
    const proxy = protocol === 'https:' ? this.settings.httpsProxy : this.settings.httpProxy
    if (!proxy) return null
    const effectivePort = String(port || (protocol === 'https:' ? 443 : 80))
    if (this.rules.some((rule) => matches(rule, hostname, effectivePort))) return null
    return new URL(proxy)
  }
}
