// The outbound settings Config reads (issue 18 item 3; README "Configuration"): proxies from
// HTTP_PROXY / HTTPS_PROXY / NO_PROXY (lower-case forms first, as curl reads them), extra CA certificates
// from NODE_EXTRA_CA_CERTS, and the registry credentials: SEXTANT_NPM_TOKEN, SEXTANT_NPMRC,
// SEXTANT_MAVEN_SETTINGS and `user:password@` in registry URLs (taken out, so URLs shown are clean).
import { readFileSync } from 'node:fs'
import { type HostCredential, prefixOf, splitUserInfo } from './credentials'
import { applyMavenSettings, type MavenRepositorySetting } from './maven-settings'
import { parseNpmrc } from './npmrc'
import type { ProxySettings } from './proxy'

export interface OutboundSettings {
  proxy: ProxySettings
  /** PEM certificates from NODE_EXTRA_CA_CERTS, trusted beside Node's bundled roots; null = none. */
  extraCaCerts: string | null
  /** Where each secret may go; the only place Config holds registry secrets. */
  credentials: HostCredential[]
}

export const DEFAULT_OUTBOUND: OutboundSettings = {
  proxy: { httpProxy: null, httpsProxy: null, noProxy: '' },
  extraCaCerts: null,
  credentials: [],
}

export interface OutboundInput {
  env: Record<string, string | undefined>
  /** SEXTANT_NPM_REGISTRY as given (may hold user:password@). */
  npmRegistry: string
  /** SEXTANT_MAVEN_REPOSITORIES entries as given: `url` or `id=url`, either may hold user:password@. */
  mavenRepositories: readonly string[]
  readFile?: (path: string) => string
}

export type OutboundRead =
  | { ok: true; settings: OutboundSettings; npmRegistry: string; mavenRepositories: string[] }
  | { ok: false; errors: string[] }

const CENTRAL = /^https?:\/\/repo(1)?\.maven\.apache\.org\/maven2\/?$/i

function proxyUrl(name: string, value: string | undefined, errors: string[]): string | null {
  if (value === undefined || value.trim() === '') return null
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim()) ? value.trim() : `http://${value.trim()}`
  try {
    const url = new URL(text)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href
    errors.push(`${name}: only http:// and https:// proxies are supported, not ${url.protocol}`)
  } catch {
    errors.push(`${name}: not a proxy URL`)
  }
  return null
}

function readText(
  path: string,
  variable: string,
  read: (p: string) => string,
  errors: string[],
): string | null {
  try {
    return read(path)
  } catch (error) {
    errors.push(`${variable}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
    return null
  }
}

/** Reads every outbound setting; the errors name the variable, file and line. */
export function readOutboundSettings(input: OutboundInput): OutboundRead {
  const { env } = input
  const read = input.readFile ?? ((path: string) => readFileSync(path, 'utf8'))
  const errors: string[] = []
  const proxy: ProxySettings = {
    httpProxy: proxyUrl('HTTP_PROXY', env.http_proxy ?? env.HTTP_PROXY, errors),
    httpsProxy: proxyUrl('HTTPS_PROXY', env.https_proxy ?? env.HTTPS_PROXY, errors),
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  }

  let extraCaCerts: string | null = null
  if (env.NODE_EXTRA_CA_CERTS) {
    extraCaCerts = readText(env.NODE_EXTRA_CA_CERTS, 'NODE_EXTRA_CA_CERTS', read, errors)
    if (extraCaCerts !== null && !extraCaCerts.includes('-----BEGIN CERTIFICATE-----')) {
      errors.push(`NODE_EXTRA_CA_CERTS: ${env.NODE_EXTRA_CA_CERTS} holds no PEM certificate`)
      extraCaCerts = null
    }
  }

  // Explicit settings first: at equal prefix length the first credential wins.
  const credentials: HostCredential[] = []
  const npm = splitUserInfo(input.npmRegistry, 'SEXTANT_NPM_REGISTRY')
  if (npm.credential) credentials.push(npm.credential)
  if (env.SEXTANT_NPM_TOKEN) {
    if (npm.credential)
      errors.push(
        'SEXTANT_NPM_TOKEN: give either the token or user:password@ in SEXTANT_NPM_REGISTRY, not both',
      )
    else
      credentials.push({
        prefix: prefixOf(new URL(npm.url)),
        headers: { authorization: `Bearer ${env.SEXTANT_NPM_TOKEN}` },
        source: 'SEXTANT_NPM_TOKEN',
      })
  }

  let repositories: MavenRepositorySetting[] = []
  for (const entry of input.mavenRepositories) {
    const named = /^([A-Za-z0-9_.-]+)=(.+)$/.exec(entry)
    const text = named ? named[2]! : entry
    let clean = text
    try {
      const split = splitUserInfo(text, 'SEXTANT_MAVEN_REPOSITORIES')
      if (split.credential) {
        credentials.push(split.credential)
        clean = split.url
      }
    } catch {
      errors.push(`SEXTANT_MAVEN_REPOSITORIES: ${named ? `${named[1]}=` : ''}… is not a URL`)
      continue
    }
    repositories.push({ id: named ? named[1]! : CENTRAL.test(clean) ? 'central' : null, url: clean })
  }

  if (env.SEXTANT_MAVEN_SETTINGS) {
    const text = readText(env.SEXTANT_MAVEN_SETTINGS, 'SEXTANT_MAVEN_SETTINGS', read, errors)
    if (text !== null) {
      const applied = applyMavenSettings(text, env.SEXTANT_MAVEN_SETTINGS, repositories, env)
      if (applied.ok) {
        repositories = applied.repositories
        credentials.push(...applied.credentials)
      } else errors.push(...applied.errors.map((e) => `SEXTANT_MAVEN_SETTINGS: ${e}`))
    }
  }

  if (env.SEXTANT_NPMRC) {
    const text = readText(env.SEXTANT_NPMRC, 'SEXTANT_NPMRC', read, errors)
    if (text !== null) {
      const parsed = parseNpmrc(text, env.SEXTANT_NPMRC, env)
      if (parsed.ok) credentials.push(...parsed.credentials)
      else errors.push(...parsed.errors.map((e) => `SEXTANT_NPMRC: ${e}`))
    }
  }

  if (errors.length > 0) return { ok: false, errors }
  return {
    ok: true,
    settings: { proxy, extraCaCerts, credentials },
    npmRegistry: npm.url,
    mavenRepositories: repositories.map((r) => r.url),
  }
}
