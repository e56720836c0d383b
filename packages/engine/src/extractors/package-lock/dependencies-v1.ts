// package-lock.json lockfileVersion 1 and npm-shrinkwrap.json (also the npm 2/3 form without
// lockfileVersion): the nested `dependencies` tree; `requires` resolved by walking up the nesting.
import type { DependencyGraph, Purl, Warning } from '../../model'
import { integrityHashes } from '../../model'
import { createGraphBuilder } from '../shared/graph-builder'
import { asRecord, asString, asStringMap } from '../shared/json'
import { npmSourceOf, parseNpmAlias } from '../shared/npm-source'
import { declaredDependencies, type PackageJson } from '../shared/package-json'

interface Node {
  name: string
  rec: Record<string, unknown>
  parent: Node | null
  children: Map<string, Node>
  path: string[]
  purl: Purl | null
}

function buildTree(
  rec: Record<string, unknown>,
  parent: Node | null,
  path: string[],
  out: Node[],
): Map<string, Node> {
  const children = new Map<string, Node>()
  const deps = asRecord(rec.dependencies)
  if (!deps) return children
  for (const [name, value] of Object.entries(deps)) {
    const child = asRecord(value)
    if (!child) continue
    const node: Node = {
      name,
      rec: child,
      parent,
      children: new Map(),
      path: [...path, 'dependencies', name],
      purl: null,
    }
    out.push(node)
    node.children = buildTree(child, node, node.path, out)
    children.set(name, node)
  }
  return children
}

/** Real name and version of a v1 entry: `npm:` aliases resolved, git/file specs kept as the version. */
function identity(node: Node): { name: string; version: string } | null {
  const spec = asString(node.rec.version)
  if (!spec) return null
  const alias = parseNpmAlias(spec)
  if (alias) return alias
  const hash = spec.lastIndexOf('#')
  if (npmSourceOf(null, spec) === 'git' && hash !== -1)
    return { name: node.name, version: spec.slice(hash + 1) }
  return { name: node.name, version: spec }
}

export function extractDependenciesTree(
  doc: Record<string, unknown>,
  file: string,
  keyLines: Map<string, number>,
  pkg: PackageJson | null,
  warnings: Warning[],
): DependencyGraph {
  const nodes: Node[] = []
  const top = buildTree(doc, null, [], nodes)
  const b = createGraphBuilder()
  for (const node of nodes) {
    const id = identity(node)
    const line = keyLines.get(node.path.join('\u0000'))
    if (!id) {
      warnings.push({ file, line, message: `"${node.name}" has no version; skipped`, gap: 'skipped-input' })
      continue
    }
    node.purl = b.add({
      type: 'npm',
      name: id.name,
      version: id.version,
      scope: node.rec.dev === true ? 'dev' : 'prod',
      source: npmSourceOf(asString(node.rec.resolved), asString(node.rec.version)),
      location: line === undefined ? { file } : { file, line },
      hashes: integrityHashes(asString(node.rec.integrity) ?? ''),
    })
  }
  const resolve = (from: Node | null, name: string): Node | null => {
    for (let n = from; n; n = n.parent) {
      const hit = n.children.get(name)
      if (hit) return hit
    }
    return top.get(name) ?? null
  }
  let withoutRequires = 0
  for (const node of nodes) {
    if (!node.purl) continue
    const requires = asRecord(node.rec.requires)
    if (requires) {
      for (const dep of Object.keys(asStringMap(requires))) {
        const to = resolve(node, dep)?.purl
        if (to) b.edge(node.purl, to)
      }
    } else {
      // npm 2/3 shrinkwraps carry no `requires`: nesting is the only parent information.
      for (const child of node.children.values()) if (child.purl) b.edge(node.purl, child.purl)
      if (node.children.size === 0) withoutRequires++
    }
  }
  const declared = pkg ? declaredDependencies(pkg) : null
  if (declared) {
    for (const name of declared.keys()) {
      const hit = top.get(name)?.purl
      if (hit) b.direct(hit)
    }
  } else {
    warnings.push({
      file,
      message: 'no package.json beside the lockfile: direct dependencies guessed from the lockfile',
    })
    const required = new Set<string>()
    for (const node of nodes) for (const dep of Object.keys(asStringMap(node.rec.requires))) required.add(dep)
    for (const [name, node] of top) if (node.purl && !required.has(name)) b.direct(node.purl)
  }
  if (withoutRequires > 0 && !nodes.some((n) => asRecord(n.rec.requires))) {
    warnings.push({
      file,
      message: 'lockfile without "requires": parents of hoisted packages are unknown, only nesting is kept',
    })
  }
  return b.build({
    name: asString(doc.name) ?? pkg?.name ?? '',
    version: asString(doc.version) ?? pkg?.version ?? null,
  })
}
