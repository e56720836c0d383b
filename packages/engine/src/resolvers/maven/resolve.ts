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
    parent: null,
    depth: 1,
    exclusions: dep.exclusions,
  }))
  for (let i = 0; i < queue.length; i++) {
    const item = queue[i] as Pending
    const key = dependencyKey(item.dep)
    const seen = scopesSeen.get(key) ?? new Set<string>()
    seen.add(item.scope)
    scopesSeen.set(key, seen)
    if (winners.has(key)) continue
    const picked = await pickVersion(item.dep, ctx.repository, quiet)
    // A declared dependency without a version stays in the tree (version '', warned where the
    // version went missing) so the report never shows a silent partial tree; transitive ones are dropped.
    if (picked === null && item.parent !== null) continue
    const version = picked ?? ''
    winners.add(key)
    const scope = item.parent === null ? item.scope : (widened.get(key) ?? item.scope)
    const node: MavenNode = {
      groupId: item.dep.groupId,
      artifactId: item.dep.artifactId,
      version,
      type: item.dep.type,
      classifier: item.dep.classifier,
      scope,
      optional: item.dep.optional,
      parent: item.parent,
      depth: item.depth,
    }
    if (item.parent === null) {
      node.file = item.dep.file
      if (item.dep.line !== undefined) node.line = item.dep.line
    }
    const index = nodes.push(node) - 1
    if ((item.dep.type === 'pom' && item.parent !== null) || version === '') continue
    const pom =
      reactor(node.groupId, node.artifactId, version) ??
      (await cache.load(node.groupId, node.artifactId, version, quiet))
    if (!pom) {
      if (warn) {
        ctx.warnings.push({
          file: item.parent === null ? item.dep.file : root.file,
          line: item.parent === null ? item.dep.line : undefined,
          message: `the POM for ${node.groupId}:${node.artifactId}:${version} could not be fetched: its dependencies are unresolved`,
        })
      }
      continue
    }
    for (const child of pom.dependencies) {
      if (child.optional) continue
      if (excluded(item.exclusions, child)) continue
      const managed = root.managed.get(dependencyKey(child))
      const dep: EffectiveDependency = managed
        ? {
            ...child,
            version: managed.version ?? child.version,
            scope: managed.scope !== '' ? managed.scope : child.scope,
            exclusions: [...child.exclusions, ...managed.exclusions],
          }
        : child
      const childScope = propagateScope(scope, dep.scope)
      if (childScope === null) continue
      queue.push({
        dep,
        scope: childScope,
        parent: index,
        depth: item.depth + 1,
        exclusions: [...item.exclusions, ...dep.exclusions],
      })
    }
  }
  return { nodes, scopesSeen }
}
