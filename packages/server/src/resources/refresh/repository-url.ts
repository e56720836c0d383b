// The SSRF guard for repository URLs (DESIGN §7): schemes https, http, git and ssh (also scp-like
// `user@host:path`), and file only when SEXTANT_ALLOW_LOCAL_REPOSITORIES=true. The host is resolved and
// every address must be public: loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16,
// fe80::/10), CGNAT (100.64/10), unique-local (fc00::/7) and other special ranges are refused unless
// SEXTANT_ALLOW_PRIVATE_REPOSITORIES=true. The check runs when the URL is given and again before each clone;
// the clone's connections are checked once more on the address dialled (git-checkout.ts).
import { checkPublicHost, type HostCheck } from '../../http-client'

export type RepositoryUrl =
  | { kind: 'remote'; url: string; host: string }
  | { kind: 'local'; url: string; path: string }

export interface GuardOptions {
  allowPrivate: boolean
  allowLocal: boolean
  /** The early host check (the outbound client's, with its resolver); the system resolver by default. */
  checkHost?: (host: string) => Promise<HostCheck>
}

export type GuardResult = { ok: true; repository: RepositoryUrl } | { ok: false; message: string }

const SCHEMES = new Set(['https:', 'http:', 'git:', 'ssh:'])

function parse(raw: string, allowLocal: boolean): GuardResult {
  const text = raw.trim()
  const scp = /^([\w.-]+@)?([\w.-]+):(?!\/\/)(.+)$/.exec(text)
  if (scp && !/^[a-z]+$/i.test(scp[2]!)) {
    return { ok: true, repository: { kind: 'remote', url: text, host: scp[2]! } }
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, message: `'${raw}' is not a repository URL (use https://host/owner/repo.git).` }
  }
  if (url.protocol === 'file:') {
    if (!allowLocal)
      return {
        ok: false,
        message:
          'Local file:// repositories are refused: the operator may allow them with SEXTANT_ALLOW_LOCAL_REPOSITORIES=true.',
      }
    return { ok: true, repository: { kind: 'local', url: url.href, path: decodeURIComponent(url.pathname) } }
  }
  if (!SCHEMES.has(url.protocol))
    return {
      ok: false,
      message: `The scheme ${url.protocol} is not allowed for repositories: use https, http, git or ssh.`,
    }
  if (url.username && url.password)
    return { ok: false, message: 'Do not put a password in the repository URL.' }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!host) return { ok: false, message: `'${raw}' has no host.` }
  return { ok: true, repository: { kind: 'remote', url: url.href, host } }
}

export async function checkRepositoryUrl(raw: string, options: GuardOptions): Promise<GuardResult> {
  const parsed = parse(raw, options.allowLocal)
  if (!parsed.ok || parsed.repository.kind === 'local' || options.allowPrivate) return parsed
  const host = parsed.repository.host
  const check = await (options.checkHost ?? checkPublicHost)(host)
  if (!check.ok && check.reason === 'unresolvable') {
    return { ok: false, message: `The repository host ${host} could not be resolved.` }
  }
  if (!check.ok) {
    return {
      ok: false,
      message: `The repository host ${host} resolves to ${check.address ?? 'no address'}, a loopback, private or link-local address: refused. The operator may allow such repositories with SEXTANT_ALLOW_PRIVATE_REPOSITORIES=true.`,
    }
  }
  return parsed
}
