// One graph from a yarn.lock (classic or berry) and the package.json files beside it (issue 3):
// direct dependencies and their dev/prod kind come from the manifests, scopes spread by reachability.
import type { DependencyGraph, Purl, Warning } from '../../model'
import { createGraphBuilder, propagateProdScope } from '../shared/graph-builder'
import { declaredDependencies, type PackageJson } from '../shared/package-json'
import type { YarnLock, YarnPackage } from './model'

export interface YarnWorkspace {
  /** Root-relative path of the manifest, for messages. */
  manifestPath: string
  manifest: PackageJson | null
  /** Berry lists each workspace's dependencies in the lockfile too. */
  locked: YarnPackage | null
}

function lookup(lock: YarnLock, name: string, range: string): YarnPackage | null {
  return (
    lock.byDescriptor.get(`${name}@${range}`) ??
    (lock.berry && !/^[a-z]+:/.test(range) ? lock.byDescriptor.get(`${name}@npm:${range}`) : undefined) ??
    null
  )
}

export function buildYarnGraph(
  lock: YarnLock,
  workspaces: YarnWorkspace[],
  file: string,
  warnings: Warning[],
): DependencyGraph {
  const b = createGraphBuilder()
  const purlOf = new Map<YarnPackage, Purl>()
  for (const pkg of lock.packages) {
    if (pkg.workspace !== null) continue
    purlOf.set(
      pkg,
      b.add({
        type: 'npm',
        name: pkg.name,
        version: pkg.version,
        scope: 'dev',
        source: pkg.source,
        location: pkg.line === undefined ? { file } : { file, line: pkg.line },
        ...(pkg.hashes ? { hashes: pkg.hashes } : {}),
      }),
    )
  }
  for (const [pkg, from] of purlOf) {
    for (const dep of pkg.dependencies) {
      const target = lookup(lock, dep.name, dep.range)
      const to = target ? purlOf.get(target) : undefined
      if (to) b.edge(from, to)
    }
  }
  const prodRoots: Purl[] = []
  let known = false
  const missingManifests: string[] = []
  for (const ws of workspaces) {
    const m = ws.manifest
    const ranges = new Map<string, string>()
    if (ws.locked) for (const d of ws.locked.dependencies) ranges.set(d.name, d.range)
    else if (m) for (const [n, d] of declaredDependencies(m)) ranges.set(n, d.range)
    if (m) known = true
    else if (ws.locked) missingManifests.push(ws.manifestPath)
    const isDev = (n: string): boolean =>
      m !== null &&
      Object.hasOwn(m.devDependencies, n) &&
      !Object.hasOwn(m.dependencies, n) &&
      !Object.hasOwn(m.optionalDependencies, n) &&
      !Object.hasOwn(m.peerDependencies, n)
    for (const [name, range] of ranges) {
      const target = lookup(lock, name, range)
      const to = target ? purlOf.get(target) : undefined
      if (!to) continue
      b.direct(to)
      if (!isDev(name)) prodRoots.push(to)
    }
  }
  if (missingManifests.length > 0) {
    const shown = missingManifests.slice(0, 3).join(', ')
    const more = missingManifests.length > 3 ? ` and ${missingManifests.length - 3} more` : ''
    warnings.push({
      file,
      message: `workspace manifests not found (${shown}${more}): their dependencies counted as production`,
    })
  }
  const root = workspaces[0]?.manifest
  const graph = b.build({ name: root?.name ?? '', version: root?.version ?? null })
  if (!known && workspaces.every((w) => !w.locked)) {
    // No manifest at all: every package counts as production; the unrequired ones are direct.
    warnings.push({
      file,
      message: 'no package.json beside the lockfile: direct dependencies guessed from the lockfile',
    })
    const required = new Set(graph.edges.map((e) => e.to))
    for (const c of graph.components) {
      c.scope = 'prod'
      if (!required.has(c.purl)) {
        c.direct = true
        graph.edges.push({ from: 'root', to: c.purl })
      }
    }
    return graph
  }
  // Packages no manifest we saw requires (a workspace member's package.json missing, say): counted
  // as direct production dependencies rather than hidden, and said so.
  const reached = new Set(graph.edges.map((e) => e.to))
  const orphans = graph.components.filter((c) => !reached.has(c.purl))
  for (const c of orphans) {
    c.direct = true
    graph.edges.push({ from: 'root', to: c.purl })
    prodRoots.push(c.purl)
  }
  if (orphans.length > 0) {
    warnings.push({
      file,
      message: `${orphans.length} packages are required by no package.json found beside the lockfile; counted as direct production dependencies`,
    })
  }
  propagateProdScope(graph, prodRoots)
  return graph
}
