// A whole project, including files that need resolution (DESIGN §1 "Extract" then "Resolve"; issue 18
// "one plugin registry"): lockfiles and SBOMs through extractProject, then every registered resolver
// on the builds it finds, through the datasource clients in `deps`, all merged into one graph.
// It names no ecosystem: what each resolver reads, claims and resolves is the resolver's own.
import type { FileError, SourceFile } from '../extractors/types'
import type { DependencyGraph, ProjectGroup, Warning } from '../model'
import { resolvers } from '../resolvers/api'
import type { ResolvedBuilds, Resolver, ResolverDeps, ResolverProject } from '../resolvers/types'
import { type ExtractProjectOptions, extractProject, type ProjectExtraction } from './extract'
import { mergeGraphs } from './merge'
import { normalisePath } from './scan'

export type ResolveProjectDeps = ResolverDeps

export interface ProjectResolution extends ProjectExtraction {
  /** Ids of the resolvers that had a build here and contributed to the result (none: the extraction). */
  resolvedBy: string[]
}

/** Manifests of the extraction's `manifest` groups: those no lockfile pins, left to resolvers. */
export function unpinnedManifests(extraction: ProjectExtraction): string[] {
  return extraction.groups.filter((g) => g.kind === 'manifest').flatMap((g) => g.manifests)
}

interface Prepared {
  base: ProjectExtraction
  paths: string[]
  view(resolver: Resolver): ResolverProject
}

function prepare(files: readonly SourceFile[], options: ExtractProjectOptions): Prepared {
  const paths = files.map((f) => normalisePath(f.path))
  const byPath = new Map(files.map((f) => [normalisePath(f.path), f.content]))
  // Files a resolver reads as part of a whole build are not also extracted one by one.
  const claimed = new Set(resolvers.flatMap((r) => r.claims?.(paths) ?? []))
  const base = extractProject(
    claimed.size > 0 ? files.filter((f) => !claimed.has(normalisePath(f.path))) : files,
    options,
  )
  const unpinned = unpinnedManifests(base)
  return {
    base,
    paths,
    view: (resolver) => ({
      paths,
      readFile: (p) => byPath.get(p) ?? null,
      manifests: unpinned.filter((m) => resolver.matches(m)),
    }),
  }
}

/** Each build a registered resolver would resolve among these files, by resolver id and root file. */
export function buildsToResolve(
  files: readonly SourceFile[],
  options: ExtractProjectOptions = {},
): { resolver: string; file: string }[] {
  const { view } = prepare(files, options)
  return resolvers.flatMap((r) => r.builds(view(r)).map((file) => ({ resolver: r.id, file })))
}

/** Whether any of these paths is read by a resolver (a cheap test before loading file contents). */
export function mayNeedResolution(paths: readonly string[]): boolean {
  return paths.some((p) => resolvers.some((r) => r.matches(normalisePath(p))))
}

const contributed = (r: ResolvedBuilds): boolean =>
  r.graphs.length + r.warnings.length + r.errors.length + r.files.length + r.groups.length > 0

/** Adds a resolver's sub-projects to the scanner's: one group per folder and kind. */
function mergeGroups(groups: ProjectGroup[], added: readonly ProjectGroup[]): void {
  for (const a of added) {
    const same = groups.find((g) => g.dir === a.dir && g.kind === a.kind)
    if (same) {
      same.sources.push(...a.sources)
      same.manifests.push(...a.manifests)
    } else groups.push({ ...a, sources: [...a.sources], manifests: [...a.manifests] })
  }
}

export async function resolveProject(
  files: readonly SourceFile[],
  deps: ResolveProjectDeps,
  options: ExtractProjectOptions = {},
): Promise<ProjectResolution> {
  const { base, view } = prepare(files, options)
  const results: { resolver: Resolver; result: ResolvedBuilds }[] = []
  for (const resolver of resolvers) {
    const project = view(resolver)
    if (resolver.builds(project).length === 0) continue
    const result = await resolver.extractAll(project, deps)
    if (contributed(result)) results.push({ resolver, result })
  }
  if (results.length === 0) return { ...base, resolvedBy: [] }

  // The extraction's "not resolved" note on a manifest goes once a resolver has resolved it.
  const replaced = new Set<string>()
  for (const { resolver, result } of results) {
    const note = resolver.lockfile?.unresolvedNote
    if (note) for (const file of result.resolved) replaced.add(`${file}\u0000${note}`)
  }
  const warnings: Warning[] = base.warnings.filter((w) => !replaced.has(`${w.file}\u0000${w.message}`))
  const errors: FileError[] = [...base.errors]
  const graphs: DependencyGraph[] = base.graph.components.length > 0 ? [base.graph] : []
  const read = new Set(base.files)
  const groups = base.groups.map((g) => ({ ...g, sources: [...g.sources], manifests: [...g.manifests] }))
  for (const { result } of results) {
    warnings.push(...result.warnings)
    errors.push(...result.errors)
    graphs.push(...result.graphs)
    for (const f of result.files) read.add(f)
    mergeGroups(groups, result.groups)
  }
  const root = base.graph.root.name !== '' ? base.graph.root : (graphs[0]?.root ?? base.graph.root)
  return {
    graph: graphs.length === 1 ? graphs[0]! : mergeGraphs(graphs, root),
    warnings,
    errors,
    files: [...read].sort(),
    groups: groups.sort((a, b) =>
      a.dir === b.dir ? a.kind.localeCompare(b.kind) : a.dir.localeCompare(b.dir),
    ),
    resolvedBy: results.map((r) => r.resolver.id),
  }
}
