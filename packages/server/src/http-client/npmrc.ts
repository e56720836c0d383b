// npm registry credentials from an `.npmrc`-style file (issue 18 item 3; SEXTANT_NPMRC): the per-registry
// keys npm itself reads, `//host[:port]/path/:_authToken`, `:_auth` (base64 user:password) and
// `:username` with `:_password` (base64), with `${NAME}` taken from the environment. Other keys are npm's
// and ignored. Parsed by hand because the `ini` package gives no line numbers for the errors we owe.
import { basicAuth, type HostCredential } from './credentials'

export type NpmrcResult = { ok: true; credentials: HostCredential[] } | { ok: false; errors: string[] }

interface Pending {
  line: number
  token?: string
  auth?: string
  username?: string
  password?: string
}

const AUTH_KEYS = new Set(['_authToken', '_auth', 'username', '_password'])

function unquote(value: string): string {
  const v = value.trim()
  if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.at(-1) === v[0]) return v.slice(1, -1)
  return v
}

/** `//Host:port/path` → `//host:port/path/` (host lower-cased; a path keeps its case). */
function normalisePrefix(prefix: string): string {
  const slash = prefix.indexOf('/', 2)
  const host = (slash < 0 ? prefix.slice(2) : prefix.slice(2, slash)).toLowerCase()
  const path = slash < 0 ? '/' : prefix.slice(slash)
  return `//${host}${path.endsWith('/') ? path : `${path}/`}`
}

/** Reads `text` (the file at `path`); `env` answers `${NAME}`. */
export function parseNpmrc(text: string, path: string, env: Record<string, string | undefined>): NpmrcResult {
  const errors: string[] = []
  const byPrefix = new Map<string, Pending>()
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1
    const trimmed = raw.trim()
    if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith(';')) return
    const eq = trimmed.indexOf('=')
    if (eq < 0) return
    const key = trimmed.slice(0, eq).trim()
    let missing: string | null = null
    const value = unquote(trimmed.slice(eq + 1)).replace(
      /\$\{([^}?]+)(\?)?\}/g,
      (_all, name: string, optional) => {
        const found = env[name]
        if (found === undefined && !optional) missing = name
        return found ?? ''
      },
    )
    const colon = key.lastIndexOf(':')
    const field = colon >= 0 ? key.slice(colon + 1) : key
    if (!AUTH_KEYS.has(field)) return
    if (!key.startsWith('//') || colon < 0) {
      errors.push(
        `${path} line ${line}: ${field} must name its registry (//host/path/:${field}=…); a credential for no registry is not sent anywhere.`,
      )
      return
    }
    if (missing) {
      errors.push(`${path} line ${line}: \${${missing}} is not set in the environment.`)
      return
    }
    const normalised = normalisePrefix(key.slice(0, colon))
    const pending = byPrefix.get(normalised) ?? { line }
    if (field === '_authToken') pending.token = value
    else if (field === '_auth') pending.auth = value
    else if (field === 'username') pending.username = value
    else pending.password = value
    byPrefix.set(normalised, pending)
  })
  const credentials: HostCredential[] = []
  for (const [prefix, p] of byPrefix) {
    const source = `${path} line ${p.line}`
    let authorization: string | null = null
    if (p.token) authorization = `Bearer ${p.token}`
    else if (p.auth) authorization = `Basic ${p.auth}`
    else if (p.username !== undefined && p.password !== undefined)
      authorization = basicAuth(p.username, Buffer.from(p.password, 'base64').toString('utf8'))
    else {
      errors.push(`${source}: ${prefix} has a username without a _password (or the reverse).`)
      continue
    }
    credentials.push({ prefix, headers: { authorization }, source })
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, credentials }
}
