// The title row's external link and 'Refresh Report' (report-page §2 Title row, §6): the link shows
// only when a no-cors HEAD request to the project URL succeeds, and that request is made only for a
// host name that passes a check; Refresh only for code-hosting-service projects.

const CODE_HOSTS = ['github.com', 'gitlab.com', 'bitbucket.org']

function parse(url: string | null): URL | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null
  } catch {
    return null
  }
}

/** A public-looking host name: no IP literal, no localhost, at least one dot. */
export function checkableHost(url: string | null): boolean {
  const parsed = parse(url)
  if (!parsed) return false
  const host = parsed.hostname.toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return false
  if (/^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return false
  return host.includes('.')
}

export function isCodeHost(url: string | null): boolean {
  const host = parse(url)?.hostname.toLowerCase() ?? ''
  return CODE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))
}

/** The no-cors HEAD check: an opaque answer means the address is reachable. */
export async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', mode: 'no-cors' })
    return true
  } catch {
    return false
  }
}
