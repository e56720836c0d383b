// The one SSRF address rule (DESIGN §7): an address the user chose may be reached only when every
// address its host resolves to is public. Loopback, private (10/8, 172.16/12, 192.168/16), link-local
// (169.254/16, fe80::/10), CGNAT (100.64/10), unique-local (fc00::/7), multicast and reserved ranges are
// refused; IPv4-mapped IPv6 is checked as IPv4. Used for advisory sources and repository URLs alike.
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6')

/** Whether an address is loopback, private, link-local, CGNAT or otherwise not a public one. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family !== 6) return true
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return blocked.check(mapped[1]!, 'ipv4')
  return blocked.check(address, 'ipv6')
}

export type HostCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: 'unresolvable'; detail: string }
  | { ok: false; reason: 'non-public'; address: string | null }

/** Resolves a host name (or takes an IP literal) and checks every address it answers. */
export async function checkPublicHost(
  host: string,
  resolve: (host: string) => Promise<string[]> = async (h) =>
    (await lookup(h, { all: true, verbatim: true })).map((a) => a.address),
): Promise<HostCheck> {
  const bare = host.replace(/^\[(.*)\]$/, '$1')
  let addresses: string[]
  try {
    addresses = isIP(bare) ? [bare] : await resolve(bare)
  } catch (error) {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : 'lookup failed'
    return { ok: false, reason: 'unresolvable', detail: code }
  }
  if (addresses.length === 0) return { ok: false, reason: 'non-public', address: null }
  const bad = addresses.find(isNonPublicAddress)
  return bad === undefined ? { ok: true, addresses } : { ok: false, reason: 'non-public', address: bad }
}
