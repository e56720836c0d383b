// Every path from the project root to a component (the spec's hierarchy; issue 3 acceptance 3):
// the report names each direct dependency that brings a transitive component in. Cycle-safe, capped.
import type { DependencyGraph, Purl } from '../model'
import { ROOT } from '../model'

/** Work budget per query, so a dense graph cannot make one lookup take seconds. */
const MAX_STEPS = 200_000

const parentIndex = new WeakMap<DependencyGraph, Map<string, string[]>>()

function parentsOf(graph: DependencyGraph): Map<string, string[]> {
  let index = parentIndex.get(graph)
  if (index) return index
  index = new Map()
  for (const e of graph.edges) {
    const list = index.get(e.to)
    if (list) list.push(e.from)
    else index.set(e.to, [e.from])
  }
  parentIndex.set(graph, index)
  return index
}

/**
 * Paths from the root to `purl`, each listed from the direct dependency down to `purl` itself
 * (`[purl]` when it is direct). At most `limit` paths; a path never visits a component twice.
 */
export function pathsFromRoot(graph: DependencyGraph, purl: Purl, limit = 50): Purl[][] {
  const parents = parentsOf(graph)
  const out: Purl[][] = []
  const onPath = new Set<string>([purl])
  const trail: Purl[] = [purl]
  let steps = 0
  const walk = (node: string): void => {
    for (const p of parents.get(node) ?? []) {
      if (out.length >= limit || ++steps > MAX_STEPS) return
      if (p === ROOT) {
        out.push([...trail].reverse())
        continue
      }
      if (onPath.has(p)) continue
      onPath.add(p)
      trail.push(p as Purl)
      walk(p)
      trail.pop()
      onPath.delete(p)
    }
  }
  walk(purl)
  return out
}

/** Every direct dependency that brings `purl` in (itself when direct): exact, by reverse reachability. */
export function directIntroducers(graph: DependencyGraph, purl: Purl): Purl[] {
  const parents = parentsOf(graph)
  const seen = new Set<string>([purl])
  const stack: string[] = [purl]
  const out: Purl[] = []
  while (stack.length > 0) {
    const node = stack.pop()!
    for (const p of parents.get(node) ?? []) {
      if (p === ROOT) out.push(node as Purl)
      else if (!seen.has(p)) {
        seen.add(p)
        stack.push(p)
      }
    }
  }
  return [...new Set(out)].sort()
}
