// extractProject (issue 3, DESIGN §1 "Extract"): picks the registered extractors for an upload or
// checkout, groups files into sub-projects, and merges their graphs into one DependencyGraph for the
// report. Manifests that need resolving are only noted here (resolve.ts resolves them).
import { extractorById } from '../extractors/api'
import { graphLimitMessage, MAX_GRAPH_COMPONENTS, MAX_GRAPH_EDGES } from '../extractors/shared/limits'
import type { ExtractContext, FileError, SourceFile } from '../extractors/types'
import type { DependencyGraph, Warning } from '../model'
import { resolvers, resolversFor } from '../resolvers/api'
import { mergeGraphs } from './merge'
import { normalisePath, type ProjectGroup, type ScanOptions, scanPaths } from './scan'

export interface ExtractProjectOptions {
  scan?: ScanOptions
}

export interface ProjectExtraction {
  graph: DependencyGraph
  warnings: Warning[]
  errors: FileError[]
  /** Files that were read (lockfiles, SBOMs and the manifests used beside them), sorted. */
  files: string[]
  groups: ProjectGroup[]
}

/** The group's files minus those an extractor ignores beside another (npm-shrinkwrap.json's rule). */
function sourcesToRead(group: ProjectGroup, warnings: Warning[]): ProjectGroup['sources'] {
  const siblings = group.sources.map((s) => s.path)
  return group.sources.filter((s) => {
    for (const id of s.extractorIds) {
      const reason = extractorById(id)?.ignoredBeside?.(s.path, siblings) ?? null
      if (reason === null) continue
      warnings.push({ file: s.path, message: reason })
      return false
    }
    return true
  })
}

export function extractProject(
  files: readonly SourceFile[],
  options: ExtractProjectOptions = {},
): ProjectExtraction {
  const byPath = new Map<string, string>()
  for (const f of files) byPath.set(normalisePath(f.path), f.content)
  const used = new Set<string>()
  const ctx: ExtractContext = {
    readFile(path) {
      const content = byPath.get(normalisePath(path))
      if (content === undefined) return null
      used.add(normalisePath(path))
      return content
    },
  }
  const peek = (path: string) => byPath.get(path) ?? null
  const workspacesOf = (dir: string) => resolvers.flatMap((r) => r.lockfile?.workspaces(dir, peek) ?? [])
  const { groups } = scanPaths([...byPath.keys()], { ...options.scan, workspacesOf })
  const graphs: DependencyGraph[] = []
  const warnings: Warning[] = []
  const errors: FileError[] = []
  // The graph limits hold for the whole project too (issue 13 item 1): a file that would take the merged
  // graph past them is refused like an oversized file, so 500 lockfiles cannot add up to one huge graph.
  const purls = new Set<string>()
  let edgeCount = 0
  const projectLimit = (graph: DependencyGraph): string | null => {
    let added = 0
    for (const c of graph.components) if (!purls.has(c.purl)) added++
    if (purls.size + added > MAX_GRAPH_COMPONENTS)
      return graphLimitMessage('components', MAX_GRAPH_COMPONENTS, 'project')
    if (edgeCount + graph.edges.length > MAX_GRAPH_EDGES)
      return graphLimitMessage('edges', MAX_GRAPH_EDGES, 'project')
    for (const c of graph.components) purls.add(c.purl)
    edgeCount += graph.edges.length
    return null
  }
  for (const group of groups) {
    if (group.kind === 'manifest') {
      for (const m of group.manifests) {
        const note = resolversFor(m).find((r) => r.lockfile)?.lockfile?.unresolvedNote
        // dependencies not resolved: part of the graph is missing (issue 14, PARTIAL)
        if (note) warnings.push({ file: m, message: note, gap: 'incomplete-graph' })
      }
      continue
    }
    for (const source of sourcesToRead(group, warnings)) {
      const file = { path: source.path, content: byPath.get(source.path) ?? '' }
      let firstError: FileError | null = null
      for (const id of source.extractorIds) {
        const result = extractorById(id)?.extract(file, ctx)
        if (!result) continue
        if (result.ok) {
          const overLimit = projectLimit(result.graph)
          if (overLimit) {
            firstError = { file: source.path, message: overLimit }
            break
          }
          used.add(source.path)
          graphs.push(result.graph)
          warnings.push(...result.warnings)
          firstError = null
          break
        }
        firstError ??= result.error
        if (source.extractorIds.length === 1) warnings.push(...result.warnings)
      }
      if (firstError) errors.push(firstError)
    }
  }
  // The project's name: what a manifest at the root declares, else the first graph that has one.
  let root: DependencyGraph['root'] | null = null
  for (const r of resolvers) root ??= r.projectName?.(peek) ?? null
  root ??= graphs.find((g) => g.root.name !== '')?.root ?? { name: '', version: null }
  return { graph: mergeGraphs(graphs, root), warnings, errors, files: [...used].sort(), groups }
}
