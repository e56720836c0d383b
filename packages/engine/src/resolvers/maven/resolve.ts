// Transitive resolution with Maven 3's rules (maven-resolver; DESIGN §1 "Resolve"): nearest wins
// (first declaration on a tie), the scope propagation table, exclusions with wildcards, optional not
// transitive, root dependencyManagement overriding transitive versions/scopes, ranges against metadata.
import type { MavenRepository } from '../../datasources/maven-repository'
import { bestMavenMatch, isMavenRangeSpec, parseMavenRange } from '../../versioning/maven'
import {
  dependencyKey,
  type EffectiveDependency,
  type EffectivePom,
  type EffectivePomCache,
  type PomContext,
} from './effective'
import type { RawExclusion } from './pom'

/** One node of the resolved tree, as `mvn dependency:tree` prints it. */
export interface MavenNode {
  groupId: string
  artifactId: string
  version: string
  type: string
  classifier: string | null
  /** Maven scope: compile, runtime, provided, test, system. */
  scope: string
  optional: boolean
  /** Index of the parent node in the result list; `null` for direct dependencies. */
  parent: number | null
  depth: number
  /** Declaration site for direct dependencies. */
  file?: string
  line?: number
}

/** Scope of a transitive dependency given its parent's scope; `null` = not inherited (Maven's table). */
export function propagateScope(parentScope: string, scope: string): string | null {
  if (scope === 'test' || scope === 'provided' || scope === 'system') return null
  if (parentScope === 'compile') return scope
  if (parentScope === 'runtime') return 'runtime'
  if (parentScope === 'provided' || parentScope === 'system') return 'provided'
  if (parentScope === 'test') return 'test'
  return scope
}

const WIDTH: Record<string, number> = { compile: 4, runtime: 3, provided: 2, system: 2, test: 1 }

function excluded(exclusions: readonly RawExclusion[], d: { groupId: string; artifactId: string }): boolean {
  const match = (pattern: string, value: string): boolean => pattern === '*' || pattern === value
  return exclusions.some((x) => match(x.groupId, d.groupId) && match(x.artifactId, d.artifactId))
}

interface Pending {
  dep: EffectiveDependency
  scope: string
  /** The parent node's scope; `null` for direct dependencies. */
  parentScope: string | null
  parent: number | null
  depth: number
  exclusions: RawExclusion[]
}

async function pickVersion(
  dep: EffectiveDependency,
  repository: MavenRepository,
  ctx: PomContext,
): Promise<string | null> {
  const spec = dep.version
  if (spec === null || !isMavenRangeSpec(spec)) return spec
  const range = parseMavenRange(spec)
  if (!range) {
    ctx.warnings.push({
      file: dep.file,
      line: dep.line,
      message: `invalid version range ${spec} for ${dep.groupId}:${dep.artifactId}`,
      gap: 'incomplete-graph',
    })
    return null
  }
  const meta = await repository.metadata(dep.groupId, dep.artifactId)
  const best = meta ? bestMavenMatch(range, meta.versions) : null
  if (best === null) {
    ctx.warnings.push({
      file: dep.file,
      line: dep.line,
      message: `no version of ${dep.groupId}:${dep.artifactId} in range ${spec}${meta ? '' : ': no maven-metadata.xml in any repository'}`,
      gap: 'incomplete-graph',
    })
  }
  return best
}

/** Resolves the dependency tree of one effective POM; `reactor` answers modules of the same build. */
export async function resolveTree(
  root: EffectivePom,
  ctx: PomContext,
  cache: EffectivePomCache,
  reactor: (groupId: string, artifactId: string, version: string) => EffectivePom | null,
): Promise<MavenNode[]> {
  let widened = new Map<string, string>()
  for (let round = 0; round < 5; round++) {
    const { nodes, scopesSeen } = await collect(root, ctx, cache, reactor, widened, round === 0)
    const next = new Map<string, string>()
    for (const n of nodes) {
      if (n.parent === null) continue // a direct dependency's own scope always wins
      const key = dependencyKey(n)
      const widest = [...(scopesSeen.get(key) ?? [])].sort((a, b) => (WIDTH[b] ?? 0) - (WIDTH[a] ?? 0))[0]
      if (widest && (WIDTH[widest] ?? 0) > (WIDTH[n.scope] ?? 0)) next.set(key, widest)
    }
    if ([...next].every(([k, v]) => widened.get(k) === v)) return nodes
    widened = new Map([...widened, ...next])
  }
  return (await collect(root, ctx, cache, reactor, widened, false)).nodes
}

/** A transitive dependency under the root's dependencyManagement (version, scope, added exclusions). */
function manage(dep: EffectiveDependency, root: EffectivePom): EffectiveDependency {
  const managed = root.managed.get(dependencyKey(dep))
  return managed
    ? {
        ...dep,
        version: managed.version ?? dep.version,
        scope: managed.scope !== '' ? managed.scope : dep.scope,
        exclusions: [...dep.exclusions, ...managed.exclusions],
      }
    : dep
}

interface Settled {
  dep: EffectiveDependency
  version: string
  scope: string
  /** Exclusions that apply below the node (its path's and its own). */
  exclusions: RawExclusion[]
  /** The node's effective POM; `null` when it could not be fetched, 'skipped' when not needed. */
  pom: EffectivePom | null | 'skipped'
}

/**
 * Picks a pending dependency's version and POM, following `distributionManagement/relocation` as
 * maven-resolver does: the relocated artifact replaces the dependency at the same place (type and
 * classifier kept) and is processed afresh: exclusions, the winner check and, for transitive
 * dependencies whose groupId:artifactId changed, dependencyManagement. `null` = not in the tree.
 */
async function settle(
  item: Pending,
  root: EffectivePom,
  ctx: PomContext,
  cache: EffectivePomCache,
  reactor: (groupId: string, artifactId: string, version: string) => EffectivePom | null,
  quiet: PomContext,
  winners: ReadonlySet<string>,
  scopesSeen: Map<string, Set<string>>,
): Promise<Settled | null> {
  let dep = item.dep
  let scope = item.scope
  let exclusions = item.exclusions
  const visited = new Set<string>()
  for (;;) {
    const key = dependencyKey(dep)
    const seen = scopesSeen.get(key) ?? new Set<string>()
    seen.add(scope)
    scopesSeen.set(key, seen)
    if (winners.has(key)) return null
    const picked = await pickVersion(dep, ctx.repository, quiet)
    // A declared dependency without a version stays in the tree (version '', warned where the
    // version went missing) so the report never shows a silent partial tree; transitive ones are dropped.
    if (picked === null && item.parent !== null) return null
    const version = picked ?? ''
    if ((dep.type === 'pom' && item.parent !== null) || version === '')
      return { dep, version, scope, exclusions, pom: 'skipped' }
    const pom =
      reactor(dep.groupId, dep.artifactId, version) ??
      (await cache.load(dep.groupId, dep.artifactId, version, quiet))
    const to = pom?.relocation
    visited.add(`${dep.groupId}:${dep.artifactId}:${version}`)
    if (!to || visited.has(`${to.groupId}:${to.artifactId}:${to.version}`))
      return { dep, version, scope, exclusions, pom }
    const moved = to.groupId !== dep.groupId || to.artifactId !== dep.artifactId
    dep = { ...dep, groupId: to.groupId, artifactId: to.artifactId, version: to.version }
    if (excluded(item.exclusions, dep)) return null
    if (moved && item.parentScope !== null) {
      dep = manage(dep, root)
      const managedScope = propagateScope(item.parentScope, dep.scope)
      if (managedScope === null) return null
      scope = managedScope
      exclusions = [...item.exclusions, ...dep.exclusions]
    }
  }
}

async function collect(
  root: EffectivePom,
  ctx: PomContext,
  cache: EffectivePomCache,
  reactor: (groupId: string, artifactId: string, version: string) => EffectivePom | null,
  widened: Map<string, string>,
  warn: boolean,
): Promise<{ nodes: MavenNode[]; scopesSeen: Map<string, Set<string>> }> {
  const nodes: MavenNode[] = []
  const winners = new Set<string>()
  const scopesSeen = new Map<string, Set<string>>()
  const quiet: PomContext = warn ? ctx : { ...ctx, warnings: [] }
  const queue: Pending[] = root.dependencies.map((dep) => ({
    dep,
    scope: dep.scope,
    parentScope: null,
    parent: null,
    depth: 1,
    exclusions: dep.exclusions,
  }))
  for (let i = 0; i < queue.length; i++) {
    const item = queue[i] as Pending
    const settled = await settle(item, root, ctx, cache, reactor, quiet, winners, scopesSeen)
    if (!settled) continue
    const { dep, version, scope: itemScope, exclusions, pom } = settled
    const key = dependencyKey(dep)
    winners.add(key)
    const scope = item.parent === null ? itemScope : (widened.get(key) ?? itemScope)
    const node: MavenNode = {
      groupId: dep.groupId,
      artifactId: dep.artifactId,
      version,
      type: dep.type,
      classifier: dep.classifier,
      scope,
      optional: dep.optional,
      parent: item.parent,
      depth: item.depth,
    }
    if (item.parent === null) {
      node.file = dep.file
      if (dep.line !== undefined) node.line = dep.line
    }
    const index = nodes.push(node) - 1
    if (pom === 'skipped') continue
    if (!pom) {
      if (warn) {
        ctx.warnings.push({
          file: item.parent === null ? dep.file : root.file,
          line: item.parent === null ? dep.line : undefined,
          message: `the POM for ${node.groupId}:${node.artifactId}:${version} could not be fetched: its dependencies are unresolved`,
          gap: 'incomplete-graph',
        })
      }
      continue
    }
    for (const child of pom.dependencies) {
      if (child.optional) continue
      if (excluded(exclusions, child)) continue
      const next = manage(child, root)
      const childScope = propagateScope(scope, next.scope)
      if (childScope === null) continue
      queue.push({
        dep: next,
        scope: childScope,
        parentScope: scope,
        parent: index,
        depth: item.depth + 1,
        exclusions: [...exclusions, ...next.exclusions],
      })
    }
  }
  return { nodes, scopesSeen }
}
