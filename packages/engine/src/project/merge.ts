// Merges the graphs of several files into one project graph (issue 3, DESIGN §4 model): one
// Component per purl, the strongest scope (prod beats dev), direct if direct anywhere, locations merged.

import { strongerScope } from '../extractors/shared/graph-builder'
import type { Component, DependencyGraph, Edge } from '../model'
import { mergeHashes } from '../model'

/** A single graph is returned as it is, with the given root (not copied). */
export function mergeGraphs(
  graphs: readonly DependencyGraph[],
  root: DependencyGraph['root'],
): DependencyGraph {
  // One file: its builder already merged components and deduped edges; only the root changes.
  if (graphs.length === 1) return { root, components: graphs[0]!.components, edges: graphs[0]!.edges }
  const components = new Map<string, Component>()
  const edges: Edge[] = []
  const edgeTargets = new Map<string, Set<string>>()
  for (const g of graphs) {
    for (const c of g.components) {
      const existing = components.get(c.purl)
      if (!existing) {
        components.set(c.purl, { ...c, locations: [...c.locations] })
        continue
      }
      existing.scope = strongerScope(existing.scope, c.scope)
      // a graph that knows where it sits (a lockfile) beats an SBOM that does not
      if (!c.relationshipUnknown) {
        if (existing.relationshipUnknown) existing.direct = c.direct
        else existing.direct ||= c.direct
        delete existing.relationshipUnknown
      }
      // Read from a lockfile or SBOM anywhere: not only Sextant's own resolution.
      if (!c.resolvedBySextant) delete existing.resolvedBySextant
      for (const loc of c.locations) {
        if (!existing.locations.some((l) => l.file === loc.file && l.line === loc.line))
          existing.locations.push(loc)
      }
      if (c.declaredLicences?.length) {
        existing.declaredLicences = [
          ...new Set([...(existing.declaredLicences ?? []), ...c.declaredLicences]),
        ]
      }
      // digests and supplier as any input gave them (issue 19: exports keep them)
      if (c.hashes?.length) existing.hashes = mergeHashes(existing.hashes, c.hashes)
      if (c.supplier && !existing.supplier) existing.supplier = c.supplier
      if (existing.source === 'sbom' || existing.source === 'unknown') existing.source = c.source
    }
    for (const e of g.edges) {
      let targets = edgeTargets.get(e.from)
      if (!targets) {
        targets = new Set()
        edgeTargets.set(e.from, targets)
      } else if (targets.has(e.to)) continue
      targets.add(e.to)
      edges.push(e)
    }
  }
  return { root, components: [...components.values()], edges }
}
