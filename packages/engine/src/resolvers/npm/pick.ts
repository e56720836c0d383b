// Which version of a package npm installs for a requirement (issue 3 "package.json without a lockfile";
// npm-pick-manifest, which npm's installer uses): the `latest` dist-tag when it satisfies the range, its
// engines fit and it is not deprecated; otherwise the satisfying versions ordered by "not deprecated and
// engines fit", "engines fit", "not deprecated", then the highest version.
import semver from 'semver'
import type { NpmPackageMetadata, NpmVersionMetadata } from '../../datasources/npm'

export interface PickOptions {
  /** The Node.js version npm would run on (`engines.node` is checked against it). */
  nodeVersion: string
  /** The npm version whose choices we reproduce (`engines.npm`); `null` skips that check. */
  npmVersion: string | null
}

/** A requirement as npm-package-arg classifies it; `other` = git, file, URL, link (not from the registry). */
export type NpmSpec =
  | { type: 'range' | 'version' | 'tag'; name: string; spec: string }
  | { type: 'other'; name: string; spec: string }

/** Reads `range`, `1.2.3`, `latest`, `npm:real@range` (an alias: `name` is the real package). */
export function classifySpec(name: string, raw: string): NpmSpec {
  const spec = raw.trim()
  if (spec.startsWith('npm:')) {
    const target = spec.slice(4)
    const at = target.lastIndexOf('@')
    if (at > 0) return classifySpec(target.slice(0, at), target.slice(at + 1))
    return { type: 'range', name: target, spec: '*' }
  }
  if (spec === '' || spec === '*') return { type: 'range', name, spec: '*' }
  if (
    /^(git\+|git:|github:|gitlab:|bitbucket:|gist:|file:|link:|https?:|workspace:|\.{0,2}\/|~\/)/.test(spec)
  )
    return { type: 'other', name, spec }
  // `user/repo` is a GitHub shorthand for npm.
  if (/^[^@\s/]+\/[^\s/]+$/.test(spec) && semver.validRange(spec, { loose: true }) === null)
    return { type: 'other', name, spec }
  if (semver.valid(spec, { loose: true })) return { type: 'version', name, spec }
  if (semver.validRange(spec, { loose: true }) !== null) return { type: 'range', name, spec }
  return { type: 'tag', name, spec }
}

function engineOk(v: NpmVersionMetadata, o: PickOptions): boolean {
  const engines = v.install?.engines
  if (!engines) return true
  const opt = { includePrerelease: true }
  try {
    if (engines.node && !semver.satisfies(o.nodeVersion, engines.node, opt)) return false
    if (o.npmVersion && engines.npm && !semver.satisfies(o.npmVersion, engines.npm, opt)) return false
  } catch {
    return false
  }
  return true
}

/** Whether a resolved version meets a requirement, as arborist's dep-valid reads it. */
export function satisfiesSpec(version: string, spec: NpmSpec, pkg?: NpmPackageMetadata): boolean {
  if (spec.type === 'range' || spec.type === 'version') {
    return semver.satisfies(version, spec.spec, { loose: true })
  }
  if (spec.type === 'tag') return pkg?.distTags[spec.spec] === version
  return false
}

export function pickVersion(
  pkg: NpmPackageMetadata,
  spec: NpmSpec,
  o: PickOptions,
): NpmVersionMetadata | null {
  const byVersion = new Map(pkg.versions.map((v) => [v.version, v]))
  if (spec.type === 'tag') {
    const tagged = pkg.distTags[spec.spec]
    return tagged ? (byVersion.get(tagged) ?? null) : null
  }
  if (spec.type === 'version') {
    const clean = semver.clean(spec.spec, { loose: true })
    return (clean && byVersion.get(clean)) || byVersion.get(spec.spec) || null
  }
  if (spec.type !== 'range') return null
  const range = spec.spec
  const latest = pkg.distTags.latest
  if (latest && (range === '*' || semver.satisfies(latest, range, { loose: true }))) {
    const v = byVersion.get(latest)
    if (v && engineOk(v, o) && v.deprecated === null) return v
  }
  let best: { v: NpmVersionMetadata; keys: number[] } | null = null
  for (const v of pkg.versions) {
    let ok = false
    try {
      ok = semver.satisfies(v.version, range, { loose: true })
    } catch {}
    if (!ok) continue
    const engine = engineOk(v, o) ? 1 : 0
    const notDeprecated = v.deprecated === null ? 1 : 0
    const keys = [engine & notDeprecated, engine, notDeprecated]
    if (!best) {
      best = { v, keys }
      continue
    }
    let cmp = 0
    for (let i = 0; i < keys.length && cmp === 0; i++) cmp = keys[i]! - best.keys[i]!
    if (cmp === 0) cmp = semver.compare(v.version, best.v.version, { loose: true })
    if (cmp > 0) best = { v, keys }
  }
  return best?.v ?? null
}
