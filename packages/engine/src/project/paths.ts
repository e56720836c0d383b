// Every path from the project root to a component (the spec's hierarchy; issue 3 acceptance 3):
// the report names each direct dependency that brings a transitive component in. Cycle-safe, capped,
// and bounded per report (issue 13 item 1): every query of one report draws on one PathBudget.
import type { DependencyGraph, Purl } from '../model'
import { ROOT } from '../model'

/** Work budget per query, so a dense graph cannot make one lookup take seconds. */
const MAX_STEPS = 200_000

/**
 * Steps (parent links followed) all the path queries of one report may take together (≈ 1 s). The
 * corpus's densest project (tanstack-query, 3,136 components) takes 195,000; a crafted graph within the
 * extractor limits would otherwise take hours (50,000 components × a walk over 500,000 edges each).
 */
export const MAX_REPORT_PATH_STEPS = 5_000_000

/** Work left for the path queries of one report; shared by every call that receives it. */
export interface PathBudget {
  remaining: number
}

export function pathBudget(steps = MAX_REPORT_PATH_STEPS): PathBudget {
  return { remaining: steps }
}

const UNLIMITED: PathBudget = { remaining: Number.POSITIVE_INFINITY }

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
export function pathsFromRoot(
  graph: DependencyGraph,
  purl: Purl,
  limit = 50,
  budget: PathBudget = UNLIMITED,
): Purl[][] {
  const parents = parentsOf(graph)
  const out: Purl[][] = []
  const onPath = new Set<string>([purl])
  const trail: Purl[] = [purl]
  let steps = 0
  const walk = (node: string): void => {
    for (const p of parents.get(node) ?? []) {
      if (out.length >= limit || ++steps > MAX_STEPS || --budget.remaining < 0) return
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

/**
 * Every direct dependency that brings `purl` in (itself when direct): exact, by reverse reachability.
 * `null` when the budget ran out first: a partial list would wrongly say "only these".
 */
export function directIntroducers(
  graph: DependencyGraph,
  purl: Purl,
  budget: PathBudget = UNLIMITED,
): Purl[] | null {
  const parents = parentsOf(graph)
  const seen = new Set<string>([purl])
  const stack: string[] = [purl]
  const out: Purl[] = []
  while (stack.length > 0) {
    const node = stack.pop()!
    for (const p of parents.get(node) ?? []) {
      if (--budget.remaining < 0) return null
      if (p === ROOT) out.push(node as Purl)
      else if (!seen.has(p)) {
        seen.add(p)
        stack.push(p)
      }
    }
  }
  return [...new Set(out)].sort()
}
