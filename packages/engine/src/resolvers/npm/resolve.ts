// A package.json without a lockfile, resolved the way npm would (issue 3 "package.json without a
// lockfile"; DESIGN §1 "Resolve"): dependencies (prod), devDependencies (dev), optionalDependencies and
// peerDependencies (installed, as npm 7+ does) become npm's ideal tree over the registry's packuments;
// the tree becomes a DependencyGraph whose components are marked `resolvedBySextant`.
import { createGraphBuilder } from '../../extractors/shared/graph-builder'
import { asRecord, asStringMap, parseJson } from '../../extractors/shared/json'
import { lineAt } from '../../extractors/shared/lines'
import type { FileError } from '../../extractors/types'
import { type DependencyGraph, type Purl, ROOT } from '../../model'
import { buildIdealTree, type IdealTreeLimits, type PackumentSource } from './ideal-tree'
import type { PickOptions } from './pick'
import { edgeTo, inventory, loadEdges, locationOf, type TreeNode } from './tree'

export interface ResolveNpmManifestInput {
  /** Root-relative path of the package.json. */
  path: string
  content: string
  packuments: PackumentSource
  /** Node.js and npm versions whose choices are reproduced (engines); see PickOptions. */
  pick: PickOptions
  limits?: Partial<IdealTreeLimits>
}

export type ResolveNpmManifestResult =
  | {
      ok: true
      graph: DependencyGraph
      warnings: { file: string; message: string }[]
      truncated: boolean
      /** Where npm would install each package: `node_modules/a/node_modules/b` → `b@1.2.3`. */
      layout: Map<string, string>
    }
  | { ok: false; error: FileError }

export async function resolveNpmManifest(input: ResolveNpmManifestInput): Promise<ResolveNpmManifestResult> {
  const parsed = parseJson(input.content, input.path)
  if (!parsed.ok) return { ok: false, error: parsed.error }
  const rec = asRecord(parsed.value)
  if (!rec)
    return { ok: false, error: { file: input.path, line: 1, message: 'package.json is not a JSON object' } }
  const meta = asRecord(rec.peerDependenciesMeta) ?? {}
  const peers = asStringMap(rec.peerDependencies)
  const peer: Record<string, string> = {}
  const peerOptional: Record<string, string> = {}
  for (const [n, r] of Object.entries(peers)) {
    if (asRecord(meta[n])?.optional === true) peerOptional[n] = r
    else peer[n] = r
  }
  const root: TreeNode = {
    name: typeof rec.name === 'string' ? rec.name : '',
    packageName: typeof rec.name === 'string' ? rec.name : '',
    version: typeof rec.version === 'string' ? rec.version : '',
    meta: null,
    pkg: null,
    parent: null,
    children: new Map(),
    edgesOut: new Map(),
    inTree: true,
  }
  loadEdges(root, {
    peer,
    peerOptional,
    prod: asStringMap(rec.dependencies),
    optional: asStringMap(rec.optionalDependencies),
    dev: asStringMap(rec.devDependencies),
  })
  const built = await buildIdealTree(root, input.packuments, { ...input.pick, limits: input.limits })

  // Production = reachable from the project without passing a devDependencies edge (npm's dev flag).
  const prod = new Set<TreeNode>()
  const stack: TreeNode[] = []
  for (const e of root.edgesOut.values()) {
    const to = edgeTo(e)
    if (to && e.type !== 'dev') stack.push(to)
  }
  while (stack.length) {
    const n = stack.pop()!
    if (prod.has(n)) continue
    prod.add(n)
    for (const e of n.edgesOut.values()) {
      const to = edgeTo(e)
      if (to) stack.push(to)
    }
  }
  // The line of a direct requirement: its key inside the (flat) requirement object that names it.
  const text = input.content
  const directLine = (name: string) => {
    for (const group of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
      const start = text.indexOf(`"${group}"`)
      if (start === -1) continue
      const end = text.indexOf('}', start)
      const at = text.indexOf(`"${name}"`, start)
      if (at !== -1 && (end === -1 || at < end)) return lineAt(text, at)
    }
    return undefined
  }
  const builder = createGraphBuilder()
  const purls = new Map<TreeNode, Purl>()
  for (const n of inventory(root)) {
    if (n === root) continue
    purls.set(
      n,
      builder.add({
        type: 'npm',
        name: n.packageName,
        version: n.version,
        scope: prod.has(n) ? 'prod' : 'dev',
        source: 'registry',
        location: { file: input.path },
        ...(n.meta?.licences.length ? { declaredLicences: n.meta.licences } : {}),
      }),
    )
  }
  for (const n of inventory(root)) {
    for (const e of n.edgesOut.values()) {
      const to = edgeTo(e)
      const purl = to ? purls.get(to) : undefined
      if (!purl) continue
      if (n === root) builder.direct(purl)
      else builder.edge(purls.get(n) ?? ROOT, purl)
    }
  }
  const graph = builder.build({ name: root.name, version: root.version || null })
  for (const c of graph.components) {
    c.resolvedBySextant = true
    if (c.direct) {
      const line = directLine(c.name)
      if (line !== undefined) c.locations = [{ file: input.path, line }]
    }
  }
  return {
    ok: true,
    graph,
    warnings: built.warnings.map((message) => ({ file: input.path, message })),
    truncated: built.truncated,
    layout: new Map(
      inventory(root)
        .filter((n) => n !== root)
        .map((n) => [locationOf(n), `${n.packageName}@${n.version}`]),
    ),
  }
}
