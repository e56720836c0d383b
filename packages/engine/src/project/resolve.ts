// A whole project, including files that need resolution (DESIGN §1 "Extract" then "Resolve"): lockfiles
// and SBOMs through extractProject, each top-level Maven build (a pom.xml with no pom.xml in a folder
// above it) through the Maven resolver, merged into one graph. The repository arrives as an argument.
import type { MavenRepository } from '../datasources/maven-repository'
import type { SourceFile } from '../extractors/types'
import type { DependencyGraph, Warning } from '../model'
import { resolveMavenProject } from '../resolvers/maven'
import { type ExtractProjectOptions, extractProject, type ProjectExtraction } from './extract'
import { mergeGraphs } from './merge'
import { normalisePath } from './scan'

export interface ResolveProjectDeps {
  /** Where parents, BOMs and transitive POMs come from; absent = Maven builds are not resolved. */
  maven?: MavenRepository
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')

/** pom.xml files not inside another pom.xml's folder tree: each is the top of one build. */
export function topLevelPoms(paths: readonly string[]): string[] {
  const poms = paths.map(normalisePath).filter((p) => p === 'pom.xml' || p.endsWith('/pom.xml'))
  const dirs = new Set(poms.map(dirOf))
  return poms
    .filter((p) => {
      const parts = dirOf(p).split('/').filter(Boolean)
      for (let i = 0; i < parts.length; i++) if (dirs.has(parts.slice(0, i).join('/'))) return false
      return true
    })
    .sort()
}

export async function resolveProject(
  files: readonly SourceFile[],
  deps: ResolveProjectDeps,
  options: ExtractProjectOptions = {},
): Promise<ProjectExtraction> {
  const base = extractProject(files, options)
  const poms = topLevelPoms(files.map((f) => f.path))
  if (poms.length === 0) return base

  const byPath = new Map(files.map((f) => [normalisePath(f.path), f.content]))
  const warnings: Warning[] = [...base.warnings]
  const graphs: DependencyGraph[] = base.graph.components.length > 0 ? [base.graph] : []
  for (const pomPath of poms) {
    if (!deps.maven) {
      warnings.push({ file: pomPath, message: 'Maven build not resolved: no Maven repository is configured' })
      continue
    }
    const result = await resolveMavenProject({
      pomPath,
      readFile: (p) => byPath.get(p) ?? null,
      repository: deps.maven,
    })
    warnings.push(...result.warnings)
    graphs.push(result.graph)
  }
  const root = base.graph.components.length > 0 ? base.graph.root : (graphs[0]?.root ?? base.graph.root)
  return {
    ...base,
    graph: graphs.length === 1 ? graphs[0]! : mergeGraphs(graphs, root),
    warnings,
    files: [...new Set([...base.files, ...poms])].sort(),
  }
}
