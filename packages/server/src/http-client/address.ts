// The SSRF address rule (DESIGN §7; issue 13 item 16): an address is public only when ipaddr.js
// classes it as global unicast. IPv6 forms that embed an IPv4 address (IPv4-mapped ::ffff:0:0/96,
// IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4
// address; the deprecated IPv4-compatible ::/96 and the local-use NAT64 64:ff9b:1::/48 are refused.
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/** The IPv4 address inside an IPv6 one that carries it, or null. */
function embeddedIpv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = v6.toByteArray()
  switch (v6.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return new ipaddr.IPv4(bytes.slice(12))
    case 'rfc6052':
      // 64:ff9b::/96 carries the address in its last 32 bits; 64:ff9b:1::/48 is for local use only.
      return v6.parts[2] === 0 ? new ipaddr.IPv4(bytes.slice(12)) : null
    case '6to4':
      return new ipaddr.IPv4(bytes.slice(2, 6))
    default:
      return null
  }
}

/** ::/96 (IPv4-compatible, deprecated by RFC 4291; `::`, `::1` and `::7f00:1` among them). */
function isIpv4Compatible(v6: ipaddr.IPv6): boolean {
  return v6.parts.slice(0, 6).every((part) => part === 0)
}

/** Whether an address is loopback, private, link-local, CGNAT, unique-local or otherwise not public. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1')
  const family = isIP(bare)
  if (family === 0) return true
  const parsed = ipaddr.parse(bare)
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast'
  const v6 = parsed as ipaddr.IPv6
  if (isIpv4Compatible(v6)) return true
  const range = v6.range()
  if (range === 'unicast') return false
  const inner = embeddedIpv4(v6)
  return inner === null || inner.range() !== 'unicast'
}

/** isNonPublicAddress in words, for the site network view (GET /admin/server/site/network). */
export const REFUSED_RANGES = [
  'loopback (127.0.0.0/8, ::1)',
  'private (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16)',
  'link-local (169.254.0.0/16, fe80::/10)',
  'carrier-grade NAT (100.64.0.0/10)',
  'unique-local (fc00::/7)',
  'unspecified, broadcast, multicast and reserved ranges',
  'IPv6 forms carrying one of these IPv4 addresses (::ffff:0:0/96, 64:ff9b::/96, 2002::/16), IPv4-compatible ::/96',
] as const
