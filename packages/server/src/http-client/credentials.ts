// Per-host credentials the client attaches (issue 18 item 3): npm registry tokens, Maven repository
// logins and headers, `user:pass@` taken out of a configured URL. A credential goes only to URLs under
// the prefix it was configured for (host, port and path, like npm's "nerf darts"), so a redirect or a
// registry naming another host never receives it. Secrets live here and nowhere else in Config.

export interface HostCredential {
  /** `//host[:port]/path/`: the URLs it may be sent to (either scheme, as npm does). */
  prefix: string
  /** Sent with every request under the prefix (Authorization, Private-Token…). */
  headers: Record<string, string>
  /** Where it was configured, for messages (never the secret): `SEXTANT_NPM_TOKEN`, `settings.xml line 12`. */
  source: string
}

/** `//host[:port]/path/` of a URL (default ports dropped, path ending in `/`). */
export function prefixOf(url: URL): string {
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
  return `//${url.host.toLowerCase()}${path}`
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
}

/**
 * Takes `user:password@` out of a configured URL: the clean URL (what is shown, stored and compared)
 * and, when there was a user, the Basic credential for that URL's prefix.
 */
export function splitUserInfo(
  text: string,
  source: string,
): { url: string; credential: HostCredential | null } {
  const url = new URL(text)
  if (!url.username && !url.password) return { url: url.href, credential: null }
  const user = decodeURIComponent(url.username)
  const password = decodeURIComponent(url.password)
  url.username = ''
  url.password = ''
  return {
    url: url.href,
    credential: { prefix: prefixOf(url), headers: { authorization: basicAuth(user, password) }, source },
  }
}

/** The credentials of one process, matched by longest prefix. */
export class CredentialStore {
  private readonly list: HostCredential[]

  constructor(credentials: readonly HostCredential[]) {
    // Longest prefix first, so a path-specific credential wins over a host-wide one.
    this.list = [...credentials].sort((a, b) => b.prefix.length - a.prefix.length)
  }

  /** The headers for a URL, or null when no credential covers it. Only http(s) URLs carry any. */
  headersFor(url: URL): Record<string, string> | null {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    const target = `//${url.host.toLowerCase()}${url.pathname}`
    return this.list.find((c) => target.startsWith(c.prefix))?.headers ?? null
  }

  /** Every secret value (header values), for tests and redaction checks. */
  secrets(): string[] {
    return this.list.flatMap((c) => Object.values(c.headers))
  }
}
