// package-lock.json / npm-shrinkwrap.json lockfileVersion 2 and 3: the flat `packages` map keyed by
// install path (npm docs "package-lock.json"). Edges follow Node's module resolution from each path.
import type { DependencyGraph, Purl, Warning } from '../../model'
import { integrityHashes } from '../../model'
import { globMatch } from '../shared/glob'
import type { GraphBuilder } from '../shared/graph-builder'
import { createGraphBuilder } from '../shared/graph-builder'
import { asRecord, asString, asStringMap } from '../shared/json'
import { npmSourceOf } from '../shared/npm-source'
import { packageJsonFrom } from '../shared/package-json'

interface Entry {
  key: string
  rec: Record<string, unknown>
}

/** The package name an install path stands for: the part after the last `node_modules/`. */
export function nameFromPath(key: string): string {
  const i = key.lastIndexOf('node_modules/')
  return i === -1 ? key.slice(key.lastIndexOf('/') + 1) : key.slice(i + 'node_modules/'.length)
}

function parentDir(dir: string): string | null {
  if (dir === '') return null
  const i = dir.lastIndexOf('/')
  return i === -1 ? '' : dir.slice(0, i)
}

/** Node resolution: from `from`, look in each ancestor's node_modules (skipping node_modules dirs). */
function resolveDep(packages: Map<string, Entry>, from: string, name: string): Entry | null {
  let dir: string | null = from
  while (dir !== null) {
    if (
      !dir.endsWith('node_modules') &&
      !dir.endsWith('node_modules/@') &&
      !/node_modules\/@[^/]+$/.test(dir)
    ) {
      const hit = packages.get(dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`)
      if (hit) return hit
    }
    dir = parentDir(dir)
  }
  return null
}

export function extractPackagesMap(
  packagesRec: Record<string, unknown>,
  file: string,
  keyLines: Map<string, number>,
  warnings: Warning[],
): DependencyGraph {
  const packages = new Map<string, Entry>()
  for (const [key, value] of Object.entries(packagesRec)) {
    const rec = asRecord(value)
    if (rec) packages.set(key, { key, rec })
    else
      warnings.push({
        file,
        line: keyLines.get(`packages\u0000${key}`),
        message: `entry "${key}" is not an object; skipped`,
        gap: 'skipped-input',
      })
  }
  const rootRec = packages.get('')?.rec ?? {}
  const rootPkg = packageJsonFrom(rootRec)
  const isMember = (key: string): boolean =>
    key === '' || (!key.includes('node_modules/') && rootPkg.workspaces.some((g) => globMatch(g, key)))

  const b = createGraphBuilder()
  const purls = new Map<string, Purl | null>()

  const follow = (entry: Entry): Entry => {
    if (entry.rec.link !== true) return entry
    const target = asString(entry.rec.resolved)
    return (target !== null && packages.get(target)) || entry
  }

  const purlOf = (entry: Entry): Purl | null => {
    if (purls.has(entry.key)) return purls.get(entry.key)!
    purls.set(entry.key, null)
    if (isMember(entry.key)) return null
    const rec = entry.rec
    const version = asString(rec.version)
    const name = asString(rec.name) ?? nameFromPath(entry.key)
    const line = keyLines.get(`packages\u0000${entry.key}`)
    if (!version) {
      warnings.push({ file, line, message: `"${entry.key}" has no version; skipped`, gap: 'skipped-input' })
      return null
    }
    const isLinkTarget = !entry.key.includes('node_modules/')
    const purl = b.add({
      type: 'npm',
      name,
      version,
      scope: rec.dev === true ? 'dev' : 'prod',
      source: isLinkTarget ? 'link' : npmSourceOf(asString(rec.resolved)),
      location: line === undefined ? { file } : { file, line },
      declaredLicences: typeof rec.license === 'string' ? [rec.license] : undefined,
      hashes: integrityHashes(asString(rec.integrity) ?? ''),
    })
    purls.set(entry.key, purl)
    return purl
  }

  const depNames = (entry: Entry, withDev: boolean): string[] => {
    const rec = entry.rec
    const names = new Set<string>([
      ...Object.keys(asStringMap(rec.dependencies)),
      ...Object.keys(asStringMap(rec.optionalDependencies)),
      ...Object.keys(asStringMap(rec.peerDependencies)),
    ])
    if (withDev) for (const n of Object.keys(asStringMap(rec.devDependencies))) names.add(n)
    return [...names]
  }

  const wire = (entry: Entry, from: Purl | null): void => {
    const member = isMember(entry.key)
    for (const dep of depNames(entry, member)) {
      const found = resolveDep(packages, entry.key, dep)
      if (!found) continue
      const target = follow(found)
      const to = purlOf(target)
      if (!to) continue
      if (member) b.direct(to)
      else if (from) b.edge(from, to)
    }
  }

  for (const entry of packages.values()) {
    if (entry.rec.link === true) continue
    if (isMember(entry.key)) wire(entry, null)
    else {
      const p = purlOf(entry)
      if (p) wire(entry, p)
    }
  }
  return finish(b, rootPkg.name, rootPkg.version)
}

function finish(b: GraphBuilder, name: string | null, version: string | null): DependencyGraph {
  return b.build({ name: name ?? '', version })
}
