// A whole project, including files that need resolution (DESIGN §1 "Extract" then "Resolve"): lockfiles
// and SBOMs through extractProject, each top-level Maven build (a pom.xml with no pom.xml in a folder
// above it) through the Maven resolver, each top-level Gradle build (settings.gradle(.kts), or a lone
// build script) through the Gradle resolver (its BOMs through the Maven one), merged into one graph.
// The repository arrives as an argument.
import type { MavenRepository } from '../datasources/maven-repository'
import type { SourceFile } from '../extractors/types'
import type { DependencyGraph, Warning } from '../model'
import { resolveGradleBuild } from '../resolvers/gradle'
import { resolveMavenProject } from '../resolvers/maven'
import {
  DEFAULT_IDEAL_TREE_LIMITS,
  type IdealTreeLimits,
  type PackumentSource,
  type PickOptions,
  resolveNpmManifest,
} from '../resolvers/npm'
import {
  type ExtractProjectOptions,
  extractProject,
  MANIFEST_ONLY_WARNING,
  type ProjectExtraction,
} from './extract'
import { mergeGraphs } from './merge'
import { normalisePath } from './scan'

export interface ResolveProjectDeps {
  /**
   * Where parents, BOMs and transitive POMs come from; absent = Maven builds are not resolved and
   * Gradle builds get no BOM versions (both said in warnings).
   */
  maven?: MavenRepository
  /** Where packuments come from for a package.json without a lockfile; absent = not resolved (warned). */
  npm?: { packuments: PackumentSource; pick: PickOptions; limits?: Partial<IdealTreeLimits> }
}

/** The report's note on a package.json Sextant resolved itself (replaces MANIFEST_ONLY_WARNING). */
export function manifestResolvedNote(limits: Partial<IdealTreeLimits> = {}): string {
  const l = { ...DEFAULT_IDEAL_TREE_LIMITS, ...limits }
  return (
    'package.json without a lockfile: dependencies resolved by Sextant the way npm would install them ' +
    `today (registry versions as of this analysis; at most ${l.maxPackages.toLocaleString('en')} packages, ` +
    `${l.maxDepth} levels of nesting); a lockfile gives the versions actually installed`
  )
}

/** package.json files that no lockfile accompanies (each resolved on its own, as npm would in its folder). */
export function lonePackageJsons(extraction: ProjectExtraction): string[] {
  return extraction.groups.filter((g) => g.kind === 'manifest').flatMap((g) => g.manifests)
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

const GRADLE_SETTINGS = /(^|\/)settings\.gradle(\.kts)?$/
const GRADLE_SCRIPT = /(^|\/)build\.gradle(\.kts)?$/

const within = (dir: string, path: string): boolean => dir === '' || path.startsWith(`${dir}/`)

/**
 * Root folders of Gradle builds: a folder with settings.gradle(.kts), or a build script's folder with
 * no settings or build script above it; builds nested in another's folder (included builds,
 * buildSrc) belong to it.
 */
export function topLevelGradleBuilds(paths: readonly string[]): string[] {
  const normal = paths.map(normalisePath)
  const dirs = new Set(normal.filter((p) => GRADLE_SETTINGS.test(p) || GRADLE_SCRIPT.test(p)).map(dirOf))
  return [...dirs]
    .filter((d) => ![...dirs].some((other) => other !== d && (other === '' || d.startsWith(`${other}/`))))
    .sort()
}

export async function resolveProject(
  files: readonly SourceFile[],
  deps: ResolveProjectDeps,
  options: ExtractProjectOptions = {},
): Promise<ProjectExtraction> {
  const paths = files.map((f) => normalisePath(f.path))
  const gradleBuilds = topLevelGradleBuilds(paths)
  // Build scripts of a Gradle build are read by the Gradle resolver (with BOMs), not one by one.
  const gradleScripts = new Set(
    paths.filter((p) => GRADLE_SCRIPT.test(p) && gradleBuilds.some((d) => d === dirOf(p) || within(d, p))),
  )
  const base = extractProject(
    gradleScripts.size > 0 ? files.filter((f) => !gradleScripts.has(normalisePath(f.path))) : files,
    options,
  )
  const poms = topLevelPoms(paths)
  const manifests = deps.npm ? lonePackageJsons(base) : []
  if (poms.length === 0 && gradleBuilds.length === 0 && manifests.length === 0) return base

  const byPath = new Map(files.map((f) => [normalisePath(f.path), f.content]))
  const resolvedManifests = new Set(manifests)
  const warnings: Warning[] = base.warnings.filter(
    (w) => !(w.message === MANIFEST_ONLY_WARNING && resolvedManifests.has(w.file)),
  )
  const graphs: DependencyGraph[] = base.graph.components.length > 0 ? [base.graph] : []
  const errors = [...base.errors]
  const used = new Set(base.files)
  for (const path of manifests) {
    const npm = deps.npm!
    const result = await resolveNpmManifest({
      path,
      content: byPath.get(path) ?? '',
      packuments: npm.packuments,
      pick: npm.pick,
      ...(npm.limits ? { limits: npm.limits } : {}),
    })
    if (!result.ok) {
      errors.push(result.error)
      continue
    }
    used.add(path)
    warnings.push({ file: path, message: manifestResolvedNote(npm.limits) }, ...result.warnings)
    graphs.push(result.graph)
  }
  const read: string[] = []
  const groups = [...base.groups]
  for (const dir of gradleBuilds) {
    const result = await resolveGradleBuild({
      rootDir: dir,
      readFile: (p) => byPath.get(p) ?? null,
      paths,
      ...(deps.maven ? { repository: deps.maven } : {}),
    })
    warnings.push(...result.warnings)
    if (result.graph.components.length > 0) graphs.push(result.graph)
    read.push(...result.files)
    // Each Gradle project is a sub-project of the report, beside its gradle.lockfile if it has one.
    const projectScripts = new Set<string>()
    for (const p of result.projects) {
      if (p.buildFile === null || !gradleScripts.has(p.buildFile)) continue
      projectScripts.add(p.buildFile)
      const source = { path: p.buildFile, extractorIds: ['gradle-build'] }
      const group = groups.find((g) => g.dir === p.dir && g.kind === 'lockfile')
      if (group) group.sources.push(source)
      else groups.push({ dir: p.dir, kind: 'lockfile', sources: [source], manifests: [] })
    }
    for (const script of gradleScripts) {
      if (!within(dir, script) && dirOf(script) !== dir) continue
      if (projectScripts.has(script) || within(dir === '' ? 'buildSrc' : `${dir}/buildSrc`, script)) continue
      warnings.push({
        file: script,
        message: `not a project of the Gradle build in ${dir || '.'} (its settings file does not include it): not read`,
      })
    }
  }
  for (const pomPath of poms) {
    if (!deps.maven) {
      warnings.push({ file: pomPath, message: 'Maven build not resolved: no Maven repository is configured' })
      continue
    }
    const result = await resolveMavenProject({
      pomPath,
      readFile: (p) => byPath.get(p) ?? null,
      repository: deps.maven,
      paths,
    })
    warnings.push(...result.warnings)
    graphs.push(result.graph)
  }
  const root = base.graph.root.name !== '' ? base.graph.root : (graphs[0]?.root ?? base.graph.root)
  return {
    ...base,
    graph: graphs.length === 1 ? graphs[0]! : mergeGraphs(graphs, root),
    warnings,
    errors,
    files: [...new Set([...used, ...poms, ...read])].sort(),
    groups: groups.sort((a, b) =>
      a.dir === b.dir ? a.kind.localeCompare(b.kind) : a.dir.localeCompare(b.dir),
    ),
  }
}
