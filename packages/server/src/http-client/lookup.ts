// Name resolution under the address rule (DESIGN §7; issue 18 item 3): the lookup a socket connects
// through checks every address the name resolves to, so the address checked is the address dialled
// (no window for DNS rebinding between a check and the connection). The resolver is injectable (tests).
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import { isNonPublicAddress } from './address'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Host name → addresses (the system resolver by default; tests inject their own). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>

/** Which addresses a destination may reach: 'public' only, or 'any' (the operator allowed private ones). */
export type Reach = 'public' | 'any'

export const systemResolve: Resolve = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }))

/** Thrown through a socket's lookup when an address is refused; the client turns it into a value. */
export class AddressRefusedError extends Error {
  readonly code = 'ESEXTANT_ADDRESS_REFUSED'
  constructor(
    readonly hostname: string,
    readonly address: string | null,
  ) {
    const what = 'a loopback, private, link-local or otherwise non-public address'
    super(
      address === null
        ? `${hostname} resolves to no address`
        : address === hostname
          ? `${address} is ${what}`
          : `${hostname} resolves to ${address}, ${what}`,
    )
  }
}

/** Thrown when a name does not resolve. */
export class UnresolvableError extends Error {
  readonly code = 'ESEXTANT_UNRESOLVABLE'
  constructor(
    readonly hostname: string,
    readonly reason: string,
  ) {
    super(`${hostname} could not be resolved (${reason})`)
  }
}

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1')

/** Resolves a host (or takes an IP literal) and checks every address; throws the two errors above. */
export async function resolveChecked(
  host: string,
  reach: Reach,
  resolve: Resolve,
): Promise<ResolvedAddress[]> {
  const name = bare(host)
  const family = isIP(name)
  let addresses: ResolvedAddress[]
  if (family !== 0) addresses = [{ address: name, family: family === 6 ? 6 : 4 }]
  else {
    try {
      addresses = await resolve(name)
    } catch (error) {
      const code =
        error && typeof error === 'object' && 'code' in error ? String(error.code) : 'lookup failed'
      throw new UnresolvableError(name, code)
    }
  }
  if (addresses.length === 0) throw new AddressRefusedError(name, null)
  if (reach === 'public') {
    const bad = addresses.find((a) => isNonPublicAddress(a.address))
    if (bad) throw new AddressRefusedError(name, bad.address)
  }
  return addresses
}

/** A `lookup` for net/tls.connect that resolves and checks at connect time. */
export function checkedLookup(reach: Reach, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, reach, resolve).then(
      (addresses) => {
        if (options.all) callback(null, addresses)
        else callback(null, addresses[0]!.address, addresses[0]!.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}

export type HostCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: 'unresolvable'; detail: string }
  | { ok: false; reason: 'non-public'; address: string | null }

/**
 * An early check when a user gives a URL (a repository URL on save): the connection checks again,
 * this only answers a clear message sooner.
 */
export async function checkPublicHost(host: string, resolve: Resolve = systemResolve): Promise<HostCheck> {
  try {
    const addresses = await resolveChecked(host, 'public', resolve)
    return { ok: true, addresses: addresses.map((a) => a.address) }
  } catch (error) {
    if (error instanceof UnresolvableError) return { ok: false, reason: 'unresolvable', detail: error.reason }
    if (error instanceof AddressRefusedError)
      return { ok: false, reason: 'non-public', address: error.address }
    throw error
  }
}
