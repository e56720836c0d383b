// The node_modules tree npm would build (issue 3 "package.json without a lockfile"; arborist's Node,
// Edge and gatherDepSet): nodes placed in folders, edges resolved by walking up the folders the way
// Node.js' require does, an edge valid when the node it reaches satisfies its requirement.
import type { NpmPackageMetadata, NpmVersionMetadata } from '../../datasources/npm'
import { classifySpec, type NpmSpec, satisfiesSpec } from './pick'

export type EdgeType = 'prod' | 'dev' | 'optional' | 'peer' | 'peerOptional'

export interface TreeEdge {
  from: TreeNode
  /** Folder name (an alias key for `npm:` requirements). */
  name: string
  spec: NpmSpec
  type: EdgeType
}

export interface TreeNode {
  name: string
  /** The registry package (differs from `name` for aliases). */
  packageName: string
  version: string
  meta: NpmVersionMetadata | null
  pkg: NpmPackageMetadata | null
  parent: TreeNode | null
  children: Map<string, TreeNode>
  edgesOut: Map<string, TreeEdge>
  inTree: boolean
}

export const isPeer = (e: TreeEdge) => e.type === 'peer' || e.type === 'peerOptional'

/** Edges in arborist's order of loading: peer, peerOptional, prod, optional, dev (a later kind wins a name). */
export function loadEdges(node: TreeNode, deps: { [K in EdgeType]?: Record<string, string> }): void {
  for (const type of ['peer', 'peerOptional', 'prod', 'optional', 'dev'] as const) {
    for (const [name, raw] of Object.entries(deps[type] ?? {})) {
      node.edgesOut.set(name, { from: node, name, spec: classifySpec(name, raw), type })
    }
  }
}

export function newNode(
  name: string,
  pkg: NpmPackageMetadata,
  meta: NpmVersionMetadata,
  parent: TreeNode | null,
): TreeNode {
  const node: TreeNode = {
    name,
    packageName: pkg.name,
    version: meta.version,
    meta,
    pkg,
    parent: null,
    children: new Map(),
    edgesOut: new Map(),
    inTree: false,
  }
  const install = meta.install ?? {}
  const optionalPeers = new Set(install.optionalPeers ?? [])
  const peer: Record<string, string> = {}
  const peerOptional: Record<string, string> = {}
  for (const [n, r] of Object.entries(install.peerDependencies ?? {})) {
    if (optionalPeers.has(n)) peerOptional[n] = r
    else peer[n] = r
  }
  loadEdges(node, {
    peer,
    peerOptional,
    prod: install.dependencies ?? {},
    optional: install.optionalDependencies ?? {},
  })
  if (parent) attach(node, parent)
  return node
}

export function attach(node: TreeNode, parent: TreeNode): void {
  node.parent = parent
  parent.children.set(node.name, node)
  node.inTree = true
}

/** Takes a node and everything under it out of the tree. */
export function detach(node: TreeNode): void {
  if (node.parent && node.parent.children.get(node.name) === node) node.parent.children.delete(node.name)
  const stack = [node]
  while (stack.length) {
    const n = stack.pop()!
    n.inTree = false
    stack.push(...n.children.values())
  }
}

export function depthOf(node: TreeNode): number {
  let d = 0
  for (let p = node.parent; p; p = p.parent) d++
  return d
}

export function locationOf(node: TreeNode): string {
  const parts: string[] = []
  for (let n: TreeNode | null = node; n?.parent; n = n.parent) parts.unshift(`node_modules/${n.name}`)
  return parts.join('/')
}

export function* ancestry(node: TreeNode): Generator<TreeNode> {
  for (let n: TreeNode | null = node; n; n = n.parent) yield n
}

export function isDescendantOf(node: TreeNode, of: TreeNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p === of) return true
  return false
}

/** What `name` means from this node: its own child, else its parent's answer (require's lookup). */
export function resolve(node: TreeNode, name: string): TreeNode | null {
  for (let n: TreeNode | null = node; n; n = n.parent) {
    const child = n.children.get(name)
    if (child) return child
  }
  return null
}

export const satisfies = (node: { version: string; pkg: NpmPackageMetadata | null }, edge: TreeEdge) =>
  satisfiesSpec(node.version, edge.spec, node.pkg ?? undefined)

export function edgeTo(edge: TreeEdge): TreeNode | null {
  return resolve(edge.from, edge.name)
}

/** Missing peerOptional edges are valid (nothing to install); every other edge needs a satisfying node. */
export function edgeValid(edge: TreeEdge): boolean {
  const to = edgeTo(edge)
  if (!to) return edge.type === 'peerOptional'
  return satisfies(to, edge)
}

/** Every node in the tree, root first. */
export function inventory(root: TreeNode): TreeNode[] {
  const out: TreeNode[] = []
  const stack = [root]
  while (stack.length) {
    const n = stack.pop()!
    out.push(n)
    stack.push(...n.children.values())
  }
  return out
}

/** Edges that reach this node (computed: the tree is small and changes at every placement). */
export function edgesIn(node: TreeNode, root: TreeNode): TreeEdge[] {
  const out: TreeEdge[] = []
  for (const n of inventory(root)) {
    const e = n.edgesOut.get(node.name)
    if (e && edgeTo(e) === node) out.push(e)
  }
  return out
}

/**
 * The nodes only these nodes need (arborist's gatherDepSet): follow edges out, then drop every node
 * that something outside the set depends on, until nothing changes.
 */
export function gatherDepSet(
  start: Iterable<TreeNode>,
  root: TreeNode,
  filter: (e: TreeEdge) => boolean,
): Set<TreeNode> {
  const deps = new Set(start)
  for (const node of deps) {
    for (const e of node.edgesOut.values()) {
      const to = edgeTo(e)
      if (to && filter(e)) deps.add(to)
    }
  }
  let changed = true
  while (changed && deps.size > 0) {
    changed = false
    for (const dep of deps) {
      if (edgesIn(dep, root).some((e) => !deps.has(e.from) && filter(e))) {
        deps.delete(dep)
        changed = true
      }
    }
  }
  return deps
}

/** Whether `replacement` meets every requirement on `current` from outside current's own dependencies. */
export function canReplace(
  replacement: { version: string; pkg: NpmPackageMetadata | null },
  current: TreeNode,
  root: TreeNode,
): boolean {
  const own = gatherDepSet([current], root, (e) => edgeTo(e) !== current && edgeValid(e))
  return edgesIn(current, root).every((e) => own.has(e.from) || satisfies(replacement, e))
}
