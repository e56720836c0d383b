// Maven repository credentials and mirrors from a Maven `settings.xml` (issue 18 item 3;
// SEXTANT_MAVEN_SETTINGS): `<servers>` give a repository or mirror (matched by id) a username and
// password (Basic) or headers (`<configuration><httpHeaders><property>`, how GitLab and others take
// tokens); `<mirrors>` replace the repositories their `<mirrorOf>` names, as Maven's mirror selector does.
import {
  mavenXmlChild,
  mavenXmlChildren,
  mavenXmlText,
  parseMavenXml,
  type MavenXmlElement as XmlElement,
} from '@sextant/engine'
import { basicAuth, type HostCredential, prefixOf } from './credentials'

export interface MavenRepositorySetting {
  /** Matched by `<server><id>` and `<mirrorOf>`; Maven Central is `central`. */
  id: string | null
  url: string
}

export type MavenSettingsResult =
  | { ok: true; repositories: MavenRepositorySetting[]; credentials: HostCredential[] }
  | { ok: false; errors: string[] }

interface Mirror {
  id: string
  url: string
  mirrorOf: string
}

const isLocal = (url: string) =>
  /^file:/i.test(url) || /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/i.test(url)

/** Maven's mirrorOf: `*`, `external:*`, `external:http:*`, ids, `!id` exclusions, comma-separated. */
export function mirrorMatches(mirrorOf: string, repository: MavenRepositorySetting): boolean {
  let matched = false
  for (const raw of mirrorOf.split(',')) {
    const pattern = raw.trim()
    if (!pattern) continue
    if (pattern.startsWith('!')) {
      if (repository.id !== null && pattern.slice(1) === repository.id) return false
      continue
    }
    if (pattern === '*') matched = true
    else if (pattern === 'external:*') matched ||= !isLocal(repository.url)
    else if (pattern === 'external:http:*')
      matched ||= !isLocal(repository.url) && /^http:/i.test(repository.url)
    else if (repository.id !== null && pattern === repository.id) matched = true
  }
  return matched
}

/** The mirror for a repository: one naming its id exactly first, then the first pattern that matches. */
function mirrorFor(mirrors: readonly Mirror[], repository: MavenRepositorySetting): Mirror | null {
  const exact = mirrors.find((m) => repository.id !== null && m.mirrorOf.trim() === repository.id)
  return exact ?? mirrors.find((m) => mirrorMatches(m.mirrorOf, repository)) ?? null
}

/** Reads settings.xml `text` (at `path`) over the configured repositories. */
export function applyMavenSettings(
  text: string,
  path: string,
  repositories: readonly MavenRepositorySetting[],
  env: Record<string, string | undefined>,
): MavenSettingsResult {
  const parsed = parseMavenXml(text, new Set(['server', 'mirror', 'property']))
  if (!parsed.ok) return { ok: false, errors: [`${path} line ${parsed.line}: ${parsed.message}`] }
  const errors: string[] = []
  const lineOf = (el: XmlElement) => parsed.lineOf(el) ?? 1
  const settings = mavenXmlChild(parsed.root, 'settings')
  // ${env.NAME} as Maven interpolates it; an unset variable is an error, never an empty password.
  const value = (el: XmlElement, name: string): string | undefined => {
    const raw = mavenXmlText(el, name)?.trim()
    if (raw === undefined) return undefined
    return raw.replace(/\$\{env\.([A-Za-z_][A-Za-z0-9_]*)\}/g, (_all, variable: string) => {
      const found = env[variable]
      if (found === undefined) errors.push(`${path} line ${lineOf(el)}: \${env.${variable}} is not set.`)
      return found ?? ''
    })
  }

  const mirrors: Mirror[] = []
  for (const m of mavenXmlChildren(mavenXmlChild(settings, 'mirrors'), 'mirror')) {
    const id = value(m, 'id')
    const url = value(m, 'url')
    const mirrorOf = value(m, 'mirrorOf')
    if (!id || !url || !mirrorOf) {
      errors.push(`${path} line ${lineOf(m)}: a <mirror> needs <id>, <url> and <mirrorOf>.`)
      continue
    }
    if (!/^https?:\/\//i.test(url)) {
      errors.push(`${path} line ${lineOf(m)}: mirror ${id} must have an http(s) URL.`)
      continue
    }
    mirrors.push({ id, url, mirrorOf })
  }
  const resolved: MavenRepositorySetting[] = []
  for (const repository of repositories) {
    const mirror = mirrorFor(mirrors, repository)
    const next = mirror ? { id: mirror.id, url: mirror.url } : repository
    if (!resolved.some((r) => r.url.replace(/\/+$/, '') === next.url.replace(/\/+$/, ''))) resolved.push(next)
  }

  const credentials: HostCredential[] = []
  for (const server of mavenXmlChildren(mavenXmlChild(settings, 'servers'), 'server')) {
    const id = value(server, 'id')
    const line = lineOf(server)
    if (!id) {
      errors.push(`${path} line ${line}: a <server> needs an <id>.`)
      continue
    }
    const targets = resolved.filter((r) => r.id === id)
    // A server for a repository not in use is Maven's normal case (settings shared between builds).
    if (targets.length === 0) continue
    const headers: Record<string, string> = {}
    const username = value(server, 'username')
    const password = value(server, 'password')
    if (password?.startsWith('{') && password.endsWith('}')) {
      errors.push(
        `${path} line ${line}: server ${id} has an encrypted password, which Sextant cannot decrypt; give it as \${env.NAME}.`,
      )
      continue
    }
    if (username !== undefined) headers.authorization = basicAuth(username, password ?? '')
    const properties = mavenXmlChildren(
      mavenXmlChild(mavenXmlChild(server, 'configuration'), 'httpHeaders'),
      'property',
    )
    for (const property of properties) {
      const name = value(property, 'name')
      const headerValue = value(property, 'value')
      if (!name || headerValue === undefined) {
        errors.push(`${path} line ${lineOf(property)}: an httpHeaders <property> needs <name> and <value>.`)
        continue
      }
      headers[name.toLowerCase()] = headerValue
    }
    if (Object.keys(headers).length === 0) {
      errors.push(`${path} line ${line}: server ${id} has neither <username> nor httpHeaders.`)
      continue
    }
    for (const target of targets) {
      credentials.push({ prefix: prefixOf(new URL(target.url)), headers, source: `${path} line ${line}` })
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, repositories: resolved, credentials }
}
