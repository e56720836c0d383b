// Lenient parsing of npm registry packuments (DESIGN §4 datasources; issue 5 "Datasources"): the full
// public document and the abbreviated / mirror forms. Versions with publish time, deprecation and
// declared licences (every legacy shape), dist-tags, licence, repository. Broken fields are dropped with a warning.

import { isObject } from '../../model'
import { flattenNpmLicence } from './licence-shapes'
import { readPackumentFields } from './packument-reader'

export interface NpmVersionMetadata {
  version: string
  /** ISO-8601 (UTC, `…Z`) from the packument's `time` map; `null` when absent or unreadable. */
  publishedAt: string | null
  /** Deprecation message (`''` when deprecated without one); `null` when not deprecated. */
  deprecated: string | null
  /** Declared licences as written, legacy shapes flattened to strings; several are alternatives. */
  licences: string[]
  /** What npm's installer reads from this version (requirements, engines); absent when it declares none. */
  install?: NpmInstallManifest
}

/** The install-relevant fields of one version's manifest (npm-pick-manifest and arborist read these). */
export interface NpmInstallManifest {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  /** Peer names marked `{ optional: true }`. */
  optionalPeers?: string[]
  engines?: { node?: string; npm?: string }
}

export interface NpmRepository {
  /** As the author wrote it: `git+https://…`, `git://…`, `github:user/repo`, `user/repo`. */
  url: string
  type: string | null
  directory: string | null
}

export interface NpmPackageMetadata {
  name: string
  /** In served order, which is not version order: sort with a version scheme. */
  versions: NpmVersionMetadata[]
  distTags: Record<string, string>
  /** Top-level licence, else that of the `latest` version. */
  licences: string[]
  repository: NpmRepository | null
  /** Document modification time (`modified` of the abbreviated form, or `time.modified`). */
  modifiedAt: string | null
}

export interface NpmPackumentResult {
  /** `null` when the document is not a packument at all (not an object, registry error, no name). */
  metadata: NpmPackageMetadata | null
  warnings: string[]
}

type Json = Record<string, unknown>

/**
 * Parses registry JSON text, or its UTF-8 bytes as received; invalid JSON is a warning, not an
 * exception. Only the fields read here are materialised (packument-reader.ts); text that is not a
 * JSON object is parsed whole for its message.
 */
export function parseNpmPackumentText(text: string | Uint8Array, expectedName?: string): NpmPackumentResult {
  const fields = readPackumentFields(text)
  if (fields) return parseNpmPackument(fields, expectedName)
  const whole = typeof text === 'string' ? text : new TextDecoder('utf-8', { ignoreBOM: true }).decode(text)
  return parseWholeNpmPackumentText(whole, expectedName)
}

/** The same through JSON.parse of the whole text (every field materialised): the reader's reference. */
export function parseWholeNpmPackumentText(text: string, expectedName?: string): NpmPackumentResult {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (e) {
    const what = expectedName ? `${expectedName}: ` : ''
    return { metadata: null, warnings: [`${what}packument is not valid JSON (${(e as Error).message})`] }
  }
  return parseNpmPackument(doc, expectedName)
}

export function parseNpmPackument(doc: unknown, expectedName?: string): NpmPackumentResult {
  const warnings: string[] = []
  if (!isObject(doc))
    return { metadata: null, warnings: [`${expectedName ?? 'packument'}: not a JSON object`] }
  const name = stringOr(doc.name) ?? stringOr(doc._id) ?? expectedName ?? null
  if (typeof doc.error === 'string' && !isObject(doc.versions)) {
    return { metadata: null, warnings: [`${name ?? 'packument'}: registry answered an error: ${doc.error}`] }
  }
  if (!name) return { metadata: null, warnings: ['packument has no name'] }
  const warn = (field: string, message: string) => warnings.push(`${name}: ${field}: ${message}`)
  if (expectedName && name !== expectedName) warn('name', `expected "${expectedName}", got "${name}"`)

  const distTags = readDistTags(doc['dist-tags'], warn)
  const times = readTimes(doc.time, warn)
  const versions = readVersions(doc.versions, times, warn)

  let licences = readLicence(doc, 'top level', warn)
  if (licences.length === 0 && distTags.latest) {
    licences = versions.find((v) => v.version === distTags.latest)?.licences ?? []
  }
  const modifiedAt = normaliseTime(doc.modified) ?? times.get('modified') ?? null
  return {
    metadata: {
      name,
      versions,
      distTags,
      licences,
      repository: readRepository(doc.repository, warn),
      modifiedAt,
    },
    warnings,
  }
}

type Warn = (field: string, message: string) => void

function readDistTags(value: unknown, warn: Warn): Record<string, string> {
  const out: Record<string, string> = {}
  if (value === undefined) return out
  if (!isObject(value)) {
    warn('dist-tags', 'not an object, dropped')
    return out
  }
  for (const [tag, version] of Object.entries(value)) {
    if (typeof version === 'string' && version.trim() !== '') out[tag] = version.trim()
    else warn(`dist-tags.${tag}`, 'not a version string, dropped')
  }
  return out
}

/** `time` keys with a readable date; `created` / `modified` / `unpublished` are kept by key too. */
function readTimes(value: unknown, warn: Warn): Map<string, string> {
  const out = new Map<string, string>()
  if (value === undefined) return out
  if (!isObject(value)) {
    warn('time', 'not an object, dropped')
    return out
  }
  for (const [key, raw] of Object.entries(value)) {
    if (typeof raw !== 'string') continue // e.g. `unpublished: {…}`
    const iso = normaliseTime(raw)
    if (iso) out.set(key, iso)
    else warn(`time["${key}"]`, `unreadable date "${raw}", dropped`)
  }
  return out
}

function readVersions(value: unknown, times: Map<string, string>, warn: Warn): NpmVersionMetadata[] {
  if (value === undefined) return []
  if (!isObject(value)) {
    warn('versions', 'not an object, dropped')
    return []
  }
  const out: NpmVersionMetadata[] = []
  const shared = new Shared()
  for (const [key, manifest] of Object.entries(value)) {
    const version = key.trim()
    if (version === '') {
      warn('versions', 'empty version key, dropped')
      continue
    }
    const field = `versions["${version}"]`
    if (!isObject(manifest)) {
      warn(field, 'not an object; kept without details')
      out.push({ version, publishedAt: times.get(version) ?? null, deprecated: null, licences: [] })
      continue
    }
    if (typeof manifest.version === 'string' && manifest.version.trim() !== version) {
      warn(`${field}.version`, `"${manifest.version}" differs from its key; the key is used`)
    }
    out.push({
      version,
      publishedAt: times.get(version) ?? null,
      deprecated: readDeprecated(manifest.deprecated, `${field}.deprecated`, warn),
      licences: shared.one(readLicence(manifest, field, warn)),
      ...shared.install(installOf(manifest)),
    })
  }
  return out
}

/**
 * The same metadata without the per-version install requirements (issue 20 peak RSS): only the npm
 * resolver and remediation read them, the report builders never do, and they are about two thirds of
 * a parsed packument's heap (tanstack-query's 2,516 packages: 63 MB held with them, 20 MB without).
 * The argument is not changed; metadata without any `install` is answered as it is.
 */
export function withoutInstall(metadata: NpmPackageMetadata): NpmPackageMetadata {
  if (!metadata.versions.some((v) => v.install !== undefined)) return metadata
  return {
    ...metadata,
    versions: metadata.versions.map((v) => {
      if (v.install === undefined) return v
      const { install: _, ...kept } = v
      return kept
    }),
  }
}

/**
 * One object for equal values in consecutive versions (issue 20: a packument's thousands of versions
 * mostly repeat their neighbour's licence and requirements; the documents are held for a whole analysis
 * and cached in memory). The values are read, never changed, by the builders and the resolver.
 */
class Shared {
  private licences: string[] | null = null
  private last: NpmInstallManifest | null = null

  one(licences: string[]): string[] {
    if (this.licences && sameJson(this.licences, licences)) return this.licences
    this.licences = licences
    return licences
  }

  install(value: { install?: NpmInstallManifest }): { install?: NpmInstallManifest } {
    if (!value.install) return value
    if (this.last && sameJson(this.last, value.install)) return { install: this.last }
    this.last = value.install
    return value
  }
}

/** Equal JSON values (strings, arrays and plain objects of them), key order included. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string
    if (k !== kb[i] || !sameJson((a as Json)[k], (b as Json)[k])) return false
  }
  return true
}

/** String-valued entries of a requirement map; very old manifests with arrays or strings give none. */
function requirementMap(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined
  const out: Record<string, string> = {}
  let any = false
  for (const [name, range] of Object.entries(value)) {
    if (typeof range === 'string') {
      out[name] = range
      any = true
    }
  }
  return any ? out : undefined
}

function installOf(manifest: Json): { install?: NpmInstallManifest } {
  const install: NpmInstallManifest = {}
  for (const key of ['dependencies', 'optionalDependencies', 'peerDependencies'] as const) {
    const map = requirementMap(manifest[key])
    if (map) install[key] = map
  }
  const meta = manifest.peerDependenciesMeta
  if (isObject(meta)) {
    const optional = Object.keys(meta).filter((name) => isObject(meta[name]) && meta[name].optional === true)
    if (optional.length > 0) install.optionalPeers = optional
  }
  const engines = manifest.engines
  if (isObject(engines)) {
    const e: { node?: string; npm?: string } = {}
    if (typeof engines.node === 'string') e.node = engines.node
    if (typeof engines.npm === 'string') e.npm = engines.npm
    if (e.node !== undefined || e.npm !== undefined) install.engines = e
  }
  return Object.keys(install).length > 0 ? { install } : {}
}

/** npm sets a message; `''` and `false` mean "not deprecated" (an un-deprecated version). */
function readDeprecated(value: unknown, field: string, warn: Warn): string | null {
  if (value === undefined || value === null || value === false || value === '') return null
  if (typeof value === 'string') return value
  if (value === true) return ''
  warn(field, `unsupported value (${typeof value}), dropped`)
  return null
}

/** `license` wins over the legacy `licenses`, as npm reads manifests; an empty one falls through. */
function readLicence(manifest: Json, field: string, warn: Warn): string[] {
  for (const key of ['license', 'licenses'] as const) {
    if (!(key in manifest)) continue
    const { licences, dropped } = flattenNpmLicence(manifest[key])
    if (dropped > 0) warn(`${field}.${key}`, `${dropped} unsupported value(s) dropped`)
    if (licences.length > 0) return licences
  }
  return []
}

function readRepository(value: unknown, warn: Warn): NpmRepository | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'string')
    return value.trim() ? { url: value.trim(), type: null, directory: null } : null
  if (isObject(value) && typeof value.url === 'string' && value.url.trim() !== '') {
    return { url: value.url.trim(), type: stringOr(value.type), directory: stringOr(value.directory) }
  }
  warn('repository', 'no usable url, dropped')
  return null
}

function normaliseTime(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

function stringOr(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}
