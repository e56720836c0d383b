// Builds one DependencyGraph from what an extractor reads (DESIGN §4 model): one Component per purl,
// scopes merged (strongest wins: prod beats dev), direct if direct anywhere, locations merged, edges deduped.
// Bounded by construction (issue 13 item 1): past MAX_GRAPH_COMPONENTS or MAX_GRAPH_EDGES it throws
// GraphLimitError, which defineExtractor turns into a FileError naming the file and the limit.
import type {
  Component,
  ComponentHash,
  ComponentSource,
  DependencyGraph,
  Edge,
  Location,
  Purl,
  Scope,
} from '../../model'
import { ecosystemOfPurlType, makePurl, mergeHashes, ROOT } from '../../model'
import { graphLimitMessage, MAX_GRAPH_COMPONENTS, MAX_GRAPH_EDGES } from './limits'

/** Thrown by a GraphBuilder past its limits; an expected problem, reported as the file's error. */
export class GraphLimitError extends Error {
  constructor(
    readonly what: 'components' | 'edges',
    readonly limit: number,
  ) {
    super(graphLimitMessage(what, limit))
  }
}

export interface GraphLimits {
  components: number
  edges: number
}

const DEFAULT_LIMITS: GraphLimits = { components: MAX_GRAPH_COMPONENTS, edges: MAX_GRAPH_EDGES }

/** Strongest first: a component needed in production anywhere is a production component. */
const SCOPE_RANK: Record<Scope, number> = { prod: 0, provided: 1, optional: 2, test: 3, dev: 4 }

export function strongerScope(a: Scope, b: Scope): Scope {
  return SCOPE_RANK[a] <= SCOPE_RANK[b] ? a : b
}

export interface ComponentInput {
  type: string
  name: string
  version: string
  scope: Scope
  source: ComponentSource
  location?: Location
  declaredLicences?: string[]
  hashes?: ComponentHash[]
  supplier?: string
  /** An already-built purl (SBOMs keep theirs); otherwise built from type, name, version. */
  purl?: Purl
}

export interface GraphBuilder {
  add(input: ComponentInput): Purl
  has(purl: Purl): boolean
  edge(from: Purl | typeof ROOT, to: Purl): void
  /** Edge from the root and `direct: true`. */
  direct(purl: Purl): void
  setScope(purl: Purl, scope: Scope): void
  build(root: DependencyGraph['root']): DependencyGraph
}

function addLocation(list: Location[], loc: Location): void {
  if (list.some((l) => l.file === loc.file && l.line === loc.line)) return
  list.push(loc)
}

export function createGraphBuilder(limits: GraphLimits = DEFAULT_LIMITS): GraphBuilder {
  const components = new Map<Purl, Component>()
  const edges: Edge[] = []
  // Dedupe by from → set of to: no key strings built per edge (lockfiles have 10,000s of edges).
  const edgeTargets = new Map<string, Set<string>>()
  // The same name@version comes back many times (nested copies, pnpm peer variants): build its purl once.
  const purlCache = new Map<string, Purl>()
  const purlOf = (input: ComponentInput): Purl => {
    const key = `${input.type}\u0000${input.name}\u0000${input.version}`
    let purl = purlCache.get(key)
    if (purl === undefined) {
      purl = makePurl(input.type, input.name, input.version)
      purlCache.set(key, purl)
    }
    return purl
  }
  return {
    add(input) {
      const purl = input.purl ?? purlOf(input)
      const existing = components.get(purl)
      if (existing) {
        existing.scope = strongerScope(existing.scope, input.scope)
        if (input.location) addLocation(existing.locations, input.location)
        if (input.declaredLicences?.length) {
          const set = new Set([...(existing.declaredLicences ?? []), ...input.declaredLicences])
          existing.declaredLicences = [...set]
        }
        if (input.hashes?.length) existing.hashes = mergeHashes(existing.hashes, input.hashes)
        if (input.supplier && !existing.supplier) existing.supplier = input.supplier
        if (existing.source === 'unknown') existing.source = input.source
        return purl
      }
      if (components.size >= limits.components) throw new GraphLimitError('components', limits.components)
      const component: Component = {
        purl,
        ecosystem: ecosystemOfPurlType(input.type),
        name: input.name,
        version: input.version,
        scope: input.scope,
        direct: false,
        source: input.source,
        locations: input.location ? [input.location] : [],
      }
      if (input.declaredLicences?.length) component.declaredLicences = [...new Set(input.declaredLicences)]
      if (input.hashes?.length) component.hashes = mergeHashes([], input.hashes)
      if (input.supplier) component.supplier = input.supplier
      components.set(purl, component)
      return purl
    },
    has: (purl) => components.has(purl),
    edge(from, to) {
      if (from === to) return
      let targets = edgeTargets.get(from)
      if (!targets) {
        targets = new Set()
        edgeTargets.set(from, targets)
      } else if (targets.has(to)) return
      if (edges.length >= limits.edges) throw new GraphLimitError('edges', limits.edges)
      targets.add(to)
      edges.push({ from, to })
    },
    direct(purl) {
      const c = components.get(purl)
      if (c) c.direct = true
      this.edge(ROOT, purl)
    },
    setScope(purl, scope) {
      const c = components.get(purl)
      if (c) c.scope = scope
    },
    build: (root) => ({ root, components: [...components.values()], edges }),
  }
}

/**
 * Scopes from reachability, for formats without per-package flags (yarn, pnpm 9, SBOM graphs):
 * whatever a production direct dependency reaches is prod; the rest keeps its given scope.
 */
export function propagateProdScope(graph: DependencyGraph, prodRoots: Iterable<Purl>): void {
  const children = new Map<string, Purl[]>()
  for (const e of graph.edges) {
    const list = children.get(e.from)
    if (list) list.push(e.to)
    else children.set(e.from, [e.to])
  }
  const seen = new Set<Purl>()
  const stack = [...prodRoots]
  while (stack.length > 0) {
    const p = stack.pop()!
    if (seen.has(p)) continue
    seen.add(p)
    for (const c of children.get(p) ?? []) if (!seen.has(c)) stack.push(c)
  }
  for (const c of graph.components) if (seen.has(c.purl)) c.scope = 'prod'
}
