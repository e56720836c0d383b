// npm's ideal tree for a package.json without a lockfile (issue 3; @npmcli/arborist buildIdealTree,
// PlaceDep and CanPlaceDep, read as the reference): a queue of nodes ordered by depth then location;
// each node's missing or invalid edges get the version npm-pick-manifest picks, placed in the highest
// folder where it conflicts with nothing (hoisting), replacing an older copy that every dependent
// accepts, nested otherwise; its peers placed beside it; copies made redundant pruned.
//
// Why not arborist itself: it reads and writes the file system (package.json, node_modules, cache),
// fetches through pacote/npm-registry-fetch with its own HTTP stack and cache, and needs the full
// manifests of every version. The engine stays pure: packuments come from the caller (the server's
// metadata facade, with its database cache, offline mode and limits), so the algorithm is written
// here over the parsed packuments. Not modelled: bundled dependencies (their tarballs are not read),
// overrides, workspaces, git/file/URL requirements (warned), peer-set replacement across groups.

import semver from 'semver'
import type { NpmPackageMetadata } from '../../datasources/npm'
import { type PickOptions, pickVersion } from './pick'
import {
  ancestry,
  attach,
  canReplace,
  depthOf,
  detach,
  edgesIn,
  edgeTo,
  edgeValid,
  gatherDepSet,
  inventory,
  isDescendantOf,
  isPeer,
  locationOf,
  newNode,
  resolve,
  satisfies,
  type TreeEdge,
  type TreeNode,
} from './tree'

/** Answers the packuments of these names (`null` = not in the registry or unreadable, with a reason). */
export type PackumentSource = (
  names: readonly string[],
) => Promise<Map<string, NpmPackageMetadata | { missing: string }>>

export interface IdealTreeLimits {
  /** Most packages in the tree (default 5,000): a larger tree stops with a warning. */
  maxPackages: number
  /** Deepest node_modules nesting (default 32): deeper placements are skipped with a warning. */
  maxDepth: number
}

export const DEFAULT_IDEAL_TREE_LIMITS: IdealTreeLimits = { maxPackages: 5000, maxDepth: 32 }

type Placement = 'OK' | 'KEEP' | 'REPLACE' | 'CONFLICT'

/** A picked version not yet in the tree, with the peer set npm loads beside it (its virtual root). */
interface Candidate {
  node: TreeNode
  peers: Map<string, TreeNode>
}

interface Check {
  canPlace: Placement
  canPlaceSelf: Placement
  target: TreeNode
  edge: TreeEdge
  parent: Check | null
}

const compareText = (a: string, b: string) => a.localeCompare(b, 'en')

export async function buildIdealTree(
  root: TreeNode,
  packuments: PackumentSource,
  options: PickOptions & { limits?: Partial<IdealTreeLimits> },
): Promise<{ warnings: string[]; truncated: boolean }> {
  const limits = { ...DEFAULT_IDEAL_TREE_LIMITS, ...options.limits }
  const warnings: string[] = []
  const known = new Map<string, NpmPackageMetadata | { missing: string }>()
  const warned = new Set<string>()
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return
    warned.add(key)
    warnings.push(message)
  }
  const load = async (names: Iterable<string>) => {
    const wanted = [...new Set(names)].filter((n) => !known.has(n))
    if (wanted.length === 0) return
    const answer = await packuments(wanted)
    for (const n of wanted) known.set(n, answer.get(n) ?? { missing: 'no answer' })
  }
  const packumentOf = (name: string): NpmPackageMetadata | null => {
    const p = known.get(name)
    return p && 'versions' in p ? p : null
  }

  /** The version an edge gets, or null with a warning. */
  const pick = (edge: TreeEdge): TreeNode | null => {
    const pkg = packumentOf(edge.spec.name)
    if (!pkg) {
      const p = known.get(edge.spec.name)
      const why = p && 'missing' in p ? p.missing : 'not fetched'
      warnOnce(`pkg:${edge.spec.name}`, `${edge.spec.name}: not resolved (${why})`)
      return null
    }
    const meta = pickVersion(pkg, edge.spec, options)
    if (!meta) {
      warnOnce(
        `ver:${edge.spec.name}@${edge.spec.spec}`,
        `${edge.spec.name}@${edge.spec.spec}: no version in the registry satisfies it`,
      )
      return null
    }
    return newNode(edge.name, pkg, meta, null)
  }

  /** Picks the peers of `node` into the virtual root, as arborist's loadPeerSet does. */
  const loadPeerSet = async (node: TreeNode, source: TreeNode, peers: Map<string, TreeNode>) => {
    const peerEdges = [...node.edgesOut.values()].filter(isPeer).sort((a, b) => compareText(a.name, b.name))
    await load(peerEdges.map((e) => e.spec.name))
    for (const edge of peerEdges) {
      const present = peers.get(edge.name)
      if (present && satisfies(present, edge)) continue
      if (present) continue // a conflict inside the peer set: the first choice stays
      const parentEdge = source.edgesOut.get(edge.name)
      let dep: TreeNode | null = null
      if (parentEdge && !isPeer(parentEdge) && parentEdge.spec.type !== 'other') {
        await load([parentEdge.spec.name])
        dep = pick(parentEdge)
        if (dep && !satisfies(dep, edge)) {
          const second = pick(edge)
          if (second && satisfies(second, parentEdge)) dep = second
        }
      } else {
        dep = pick(edge)
      }
      if (!dep) continue
      peers.set(edge.name, dep)
      await loadPeerSet(dep, source, peers)
    }
  }

  const candidateFor = async (edge: TreeEdge, source: TreeNode): Promise<Candidate | null> => {
    await load([edge.spec.name])
    const node = pick(edge)
    if (!node) return null
    const peers = new Map<string, TreeNode>()
    await loadPeerSet(node, source, peers)
    return { node, peers }
  }

  const deepestNestingTarget = (start: TreeNode, name: string): TreeNode => {
    for (const target of ancestry(start)) {
      if (target === root || !target.parent) return target
      const e = target.edgesOut.get(name)
      if (!e || !isPeer(e)) return target
    }
    return root
  }

  const topOf = (c: Check): Check => (c.parent ? topOf(c.parent) : c)
  const deepestOf = (c: Check | null, edge: TreeEdge): TreeNode =>
    deepestNestingTarget(c ? deepestOf(c.parent, c.edge) : edge.from, edge.name)

  const check = (
    dep: TreeNode,
    edge: TreeEdge,
    target: TreeNode,
    parent: Check | null,
    peers: Map<string, TreeNode>,
    peerPath: TreeNode[],
  ): Check => {
    const c: Check = { canPlace: 'CONFLICT', canPlaceSelf: 'CONFLICT', target, edge, parent }
    const current = target.children.get(edge.name)
    const targetEdge = target.edgesOut.get(edge.name)
    const preferDedupe = isPeer(edge)
    const edgeOverride = !satisfies(dep, edge)

    const canPlacePeers = (state: Placement): Placement => {
      c.canPlaceSelf = state
      const path = [...peerPath, dep]
      let conflict = false
      for (const peerEdge of dep.edgesOut.values()) {
        if (!isPeer(peerEdge)) continue
        const peer = peers.get(peerEdge.name)
        if (!peer || path.includes(peer)) continue
        const t = deepestNestingTarget(target, peer.name)
        if (check(peer, peerEdge, t, c, peers, path).canPlace === 'CONFLICT') conflict = true
      }
      return conflict ? 'CONFLICT' : state
    }

    const checkCurrent = (cur: TreeNode): Placement => {
      if (cur.packageName === dep.packageName && cur.version === dep.version) {
        if (satisfies(cur, edge) || edgeOverride) return 'KEEP'
      }
      const tryReplace = semver.gte(dep.version, cur.version, { loose: true })
      if (tryReplace && canReplace(dep, cur, root)) {
        const cpp = canPlacePeers('REPLACE')
        if (cpp !== 'CONFLICT') return cpp
      }
      if (satisfies(cur, edge)) return 'KEEP'
      if (preferDedupe && !tryReplace && canReplace(dep, cur, root)) {
        const cpp = canPlacePeers('REPLACE')
        if (cpp !== 'CONFLICT') return cpp
      }
      if (target !== deepestOf(parent, edge)) return 'CONFLICT'
      if (!isPeer(edge) && target === edge.from) return canPlacePeers('REPLACE')
      return 'CONFLICT'
    }

    const checkNoCurrent = (): Placement => {
      const entry = topOf(c).edge
      const cur = target !== entry.from ? resolve(target, edge.name) : null
      if (cur) {
        for (const e of edgesIn(cur, root)) {
          if (isDescendantOf(e.from, target) && edgeValid(e) && !satisfies(dep, e)) return 'CONFLICT'
        }
      }
      return canPlacePeers('OK')
    }

    if (targetEdge && isPeer(targetEdge) && target !== root) c.canPlace = 'CONFLICT'
    else if (!current && targetEdge && targetEdge !== edge && !satisfies(dep, targetEdge))
      c.canPlace = 'CONFLICT'
    else c.canPlace = current ? checkCurrent(current) : checkNoCurrent()
    if (c.canPlaceSelf === 'CONFLICT' && c.canPlace !== 'CONFLICT') c.canPlaceSelf = c.canPlace
    return c
  }

  const queue: TreeNode[] = [root]
  const seen = new Set<TreeNode>()
  let size = 0
  let truncated = false

  const canDedupe = (node: TreeNode): boolean => {
    if (!node.parent?.parent) return false
    if (edgesIn(node, root).length === 0) return true
    const other = resolve(node.parent.parent, node.name)
    if (!other) return false
    if (other.packageName === node.packageName && other.version === node.version) return true
    if (!canReplace(other, node, root)) return false
    return semver.gte(other.version, node.version, { loose: true })
  }

  const pruneDedupable = (node: TreeNode, descend = true) => {
    if (canDedupe(node)) {
      const deps = gatherDepSet([node], root, (e) => edgeTo(e) !== node && edgeValid(e))
      for (const d of deps) detach(d)
      return
    }
    if (!descend) return
    const kids = [...node.children.values()].sort((a, b) => compareText(locationOf(a), locationOf(b)))
    for (const kid of kids) pruneDedupable(kid)
  }

  const replaceOldDep = (placed: TreeNode, old: TreeNode) => {
    const oldDeps: TreeNode[] = []
    for (const [name, e] of old.edgesOut) {
      const to = edgeTo(e)
      if (!placed.edgesOut.has(name) && to) oldDeps.push(...gatherDepSet([to], root, (x) => edgeTo(x) !== to))
    }
    const target = old.parent!
    target.children.set(old.name, placed)
    placed.parent = target
    placed.inTree = true
    for (const kid of old.children.values()) {
      kid.parent = placed
      placed.children.set(kid.name, kid)
    }
    old.children.clear()
    old.parent = null
    old.inTree = false
    const invalid = new Set<TreeNode>()
    for (const e of placed.edgesOut.values()) {
      const to = edgeTo(e)
      if (to && !edgeValid(e)) invalid.add(to)
    }
    for (const dep of oldDeps) {
      if (!dep.inTree) continue
      for (const d of gatherDepSet([dep], root, (e) => edgeTo(e) !== dep && edgeValid(e))) invalid.add(d)
    }
    const junk = gatherDepSet(invalid, root, (e) => e.from !== placed && edgeTo(e) !== placed && edgeValid(e))
    for (const d of junk) detach(d)
  }

  /** An orphan left higher up by a closer placement goes; edges from outside it are re-evaluated. */
  const pruneOrphan = (node: TreeNode, needEvaluation: Set<TreeNode>) => {
    if (edgesIn(node, root).length > 0) return
    const members = new Set(inventory(node))
    const outside: TreeNode[] = []
    for (const m of members) for (const e of edgesIn(m, root)) if (!members.has(e.from)) outside.push(e.from)
    detach(node)
    for (const from of outside) needEvaluation.add(from)
  }

  const place = (
    edge: TreeEdge,
    cand: Candidate,
    dep: TreeNode,
    parent: { start: TreeNode; check: Check } | null,
  ) => {
    if (edgeTo(edge) && edgeValid(edge)) return
    const start = deepestNestingTarget(parent ? parent.start : edge.from, edge.name)
    let chosen: Check | null = null
    let self: Check | null = null
    for (const target of ancestry(start)) {
      const te = target.edgesOut.get(edge.name)
      if (target !== root && te && isPeer(te)) continue
      const c = check(dep, edge, target, parent?.check ?? null, cand.peers, [])
      if (c.canPlaceSelf !== 'CONFLICT') self = c
      if (c.canPlace === 'CONFLICT') break
      chosen = c
    }
    if (!chosen) {
      if (!self) {
        warnOnce(
          `conflict:${locationOf(edge.from)}:${edge.name}`,
          `${edge.name}@${edge.spec.spec} (required by ${locationOf(edge.from) || 'the project'}): conflicting peer requirements, not placed`,
        )
        return
      }
      chosen = self
    }
    const target = chosen.target
    const type = chosen.canPlace === 'CONFLICT' ? chosen.canPlaceSelf : chosen.canPlace
    if (type === 'KEEP') {
      pruneDedupable(target)
      return
    }
    // A dependency loop (a1 → b1 → a2 → b2 → a1) is a link to the earlier copy in npm: nothing to add.
    for (let p: TreeNode | null = target; p; p = p.parent) {
      if (p !== root && p.packageName === dep.packageName && p.version === dep.version) return
    }
    if (depthOf(target) + 1 > limits.maxDepth) {
      warnOnce(
        `depth:${dep.packageName}`,
        `${dep.packageName}@${dep.version}: would nest deeper than ${limits.maxDepth} levels, not resolved`,
      )
      return
    }
    if (size >= limits.maxPackages) {
      truncated = true
      return
    }
    const placed = newNode(dep.name, dep.pkg!, dep.meta!, null)
    const old = target.children.get(edge.name)
    if (old) replaceOldDep(placed, old)
    else attach(placed, target)
    size++

    const needEvaluation = new Set<TreeNode>()
    for (const n of inventory(target)) {
      if (n.name !== edge.name || !isDescendantOf(n, target) || !n.inTree || n === placed) continue
      pruneDedupable(n, false)
      if (n.inTree) for (const kid of [...n.children.values()]) pruneDedupable(kid, false)
    }
    for (let p = target.parent; p; p = p.parent) {
      const shadowed = p.children.get(edge.name)
      if (shadowed && shadowed !== placed) pruneOrphan(shadowed, needEvaluation)
    }
    for (const e of edgesIn(placed, root)) {
      if (e === edge || edgeValid(e)) continue
      if (type === 'REPLACE' || !seen.has(e.from)) queue.push(e.from)
    }
    queue.push(placed)
    for (const n of needEvaluation) {
      seen.delete(n)
      queue.push(n)
    }
    const next = { start, check: chosen }
    for (const peerEdge of [...placed.edgesOut.values()]) {
      if (!isPeer(peerEdge) || edgeValid(peerEdge)) continue
      const peer = cand.peers.get(peerEdge.name)
      if (!peer || !satisfies(peer, peerEdge)) continue
      place(peerEdge, cand, peer, next)
    }
  }

  const problemEdges = (node: TreeNode): TreeEdge[] =>
    [...node.edgesOut.values()].filter((e) => {
      if (e.spec.type === 'other') {
        const where = locationOf(node) || 'the project'
        warnOnce(
          `other:${where}:${e.name}`,
          `${e.name}@${e.spec.spec} (required by ${where}): not from the npm registry, not resolved`,
        )
        return false
      }
      const to = edgeTo(e)
      if (!to) return e.type !== 'peerOptional'
      return !satisfies(to, e)
    })

  while (queue.length > 0 && !truncated) {
    queue.sort((a, b) => depthOf(a) - depthOf(b) || compareText(locationOf(a), locationOf(b)))
    const node = queue.shift()!
    if (seen.has(node) || !node.inTree) continue
    seen.add(node)
    const edges = problemEdges(node)
    await load(edges.map((e) => e.spec.name))
    const tasks: { edge: TreeEdge; cand: Candidate }[] = []
    for (const edge of edges) {
      const cand = await candidateFor(edge, node)
      if (cand) tasks.push({ edge, cand })
    }
    tasks.sort((a, b) => compareText(a.edge.name, b.edge.name))
    for (const { edge, cand } of tasks) place(edge, cand, cand.node, null)
  }
  if (truncated) {
    warnings.push(`stopped at ${limits.maxPackages} packages (the resolution limit): the tree is incomplete`)
  }
  // Nodes no edge reaches any more (left behind by replacements) are not in npm's tree either.
  const reached = new Set<TreeNode>([root])
  for (const n of reached) {
    for (const e of n.edgesOut.values()) {
      const to = edgeTo(e)
      if (to) reached.add(to)
    }
  }
  for (const n of inventory(root)) if (n.inTree && !reached.has(n)) detach(n)
  return { warnings, truncated }
}
