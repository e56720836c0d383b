// Turns resolved Maven trees into the engine's DependencyGraph (DESIGN §1 "Extract"/"Resolve"):
// scope mapping (compile/runtime → prod; test, provided; optional), direct flags, locations, edges.
import {
  type Component,
  type DependencyGraph,
  type Edge,
  makePurl,
  type Purl,
  ROOT,
  type Scope,
} from '../../model'
import type { MavenNode } from './resolve'

export function mavenNodePurl(
  n: Pick<MavenNode, 'groupId' | 'artifactId' | 'version' | 'type' | 'classifier'>,
): Purl {
  const qualifiers: Record<string, string> = {}
  if (n.type !== 'jar') qualifiers.type = n.type
  if (n.classifier) qualifiers.classifier = n.classifier
  const q = Object.keys(qualifiers).length > 0 ? qualifiers : undefined
  return makePurl('maven', `${n.groupId}:${n.artifactId}`, n.version === '' ? null : n.version, q)
}

export function mavenScopeToScope(scope: string, optional: boolean): Scope {
  if (scope === 'test') return 'test'
  if (scope === 'provided' || scope === 'system') return 'provided'
  if (optional) return 'optional'
  return 'prod'
}

const RANK: Record<Scope, number> = { prod: 4, optional: 3, provided: 2, dev: 1, test: 0 }

/** Adds one module's tree to a graph, merging components already present (widest scope, direct if any). */
export function addTreeToGraph(
  graph: DependencyGraph,
  nodes: readonly MavenNode[],
  moduleFile: string,
): void {
  const byPurl = new Map(graph.components.map((c) => [c.purl, c]))
  const edgeKeys = new Set(graph.edges.map((e) => `${e.from} ${e.to}`))
  const purls = nodes.map((n) => mavenNodePurl(n))
  nodes.forEach((n, i) => {
    const purl = purls[i] as Purl
    const scope = mavenScopeToScope(n.scope, n.optional)
    const location =
      n.file !== undefined
        ? [
            {
              file: n.file.includes('://') ? moduleFile : n.file,
              ...(n.line !== undefined ? { line: n.line } : {}),
            },
          ]
        : []
    const existing = byPurl.get(purl)
    if (existing) {
      if (RANK[scope] > RANK[existing.scope]) existing.scope = scope
      existing.direct ||= n.parent === null
      existing.locations.push(...location)
    } else {
      const c: Component = {
        purl,
        ecosystem: 'maven',
        name: `${n.groupId}:${n.artifactId}`,
        version: n.version,
        scope,
        direct: n.parent === null,
        source: 'registry',
        locations: location,
      }
      byPurl.set(purl, c)
      graph.components.push(c)
    }
    const edge: Edge = { from: n.parent === null ? ROOT : (purls[n.parent] as Purl), to: purl }
    const k = `${edge.from} ${edge.to}`
    if (!edgeKeys.has(k)) {
      edgeKeys.add(k)
      graph.edges.push(edge)
    }
  })
}
