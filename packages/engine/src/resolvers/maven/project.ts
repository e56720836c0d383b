// Resolves a Maven build (one pom.xml and its <modules>, the reactor) into a DependencyGraph
// (DESIGN §1 "Resolve"): every module's effective POM and tree; inter-module dependencies are
// answered from the reactor, never fetched. All I/O arrives as arguments.
import type { MavenRepository } from '../../datasources/maven-repository'
import type { DependencyGraph, Warning } from '../../model'
import { buildEffectivePom, type EffectivePom, EffectivePomCache, type PomContext } from './effective'
import { addTreeToGraph } from './graph'
import type { ProfileEnvironment } from './profiles'
import { type MavenNode, resolveTree } from './resolve'

export interface MavenProjectInput {
  /** Root-relative path of the top pom.xml. */
  pomPath: string
  /** A project file by root-relative path; `null` when absent. */
  readFile(path: string): string | null
  repository: MavenRepository
  /** Every root-relative path of the upload (profile `<file>` activation); absent = unknown. */
  paths?: readonly string[]
  /** The build machine profiles are activated for; absent = DEFAULT_PROFILE_ENVIRONMENT (JDK 17, Linux). */
  environment?: ProfileEnvironment
}

export interface MavenModuleResult {
  pomPath: string
  groupId: string
  artifactId: string
  version: string
  packaging: string
  nodes: MavenNode[]
}

export interface MavenProjectResult {
  /** Union of every module's tree; root is the top POM. */
  graph: DependencyGraph
  modules: MavenModuleResult[]
  warnings: Warning[]
}

function modulePomPath(pomPath: string, module: string): string {
  const dir = pomPath.includes('/') ? pomPath.slice(0, pomPath.lastIndexOf('/')) : ''
  const parts = dir === '' ? [] : dir.split('/')
  for (const seg of module.split('/')) {
    if (seg === '..') parts.pop()
    else if (seg !== '.' && seg !== '') parts.push(seg)
  }
  const path = parts.join('/')
  return path.endsWith('.xml') ? path : `${path}/pom.xml`
}

/** Resolves the build rooted at `pomPath`, reactor order = declaration order of modules. */
export async function resolveMavenProject(input: MavenProjectInput): Promise<MavenProjectResult> {
  const warnings: Warning[] = []
  const ctx: PomContext = { repository: input.repository, readProject: input.readFile, warnings }
  if (input.environment) ctx.environment = input.environment
  if (input.paths) {
    const files = new Set(input.paths)
    const dirs = new Set(
      input.paths.flatMap((p) =>
        p
          .split('/')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    )
    ctx.projectPathExists = (path) => files.has(path) || dirs.has(path)
  }
  const cache = new EffectivePomCache()
  const poms: EffectivePom[] = []
  const visit = async (path: string, from?: { file: string }): Promise<void> => {
    if (poms.some((p) => p.file === path)) return
    const text = input.readFile(path)
    if (text === null) {
      warnings.push({
        file: from?.file ?? path,
        message: `module POM ${path} is missing`,
        gap: 'incomplete-graph',
      })
      return
    }
    const pom = await buildEffectivePom(text, path, ctx, cache)
    if (!pom) return
    poms.push(pom)
    for (const m of pom.modules) await visit(modulePomPath(path, m), { file: path })
  }
  await visit(input.pomPath)
  const reactor = (g: string, a: string, v: string): EffectivePom | null =>
    poms.find((p) => p.groupId === g && p.artifactId === a && p.version === v) ?? null
  const top = poms[0]
  const graph: DependencyGraph = {
    root: { name: top ? `${top.groupId}:${top.artifactId}` : input.pomPath, version: top?.version ?? null },
    components: [],
    edges: [],
  }
  const modules: MavenModuleResult[] = []
  for (const pom of poms) {
    const nodes = await resolveTree(pom, ctx, cache, reactor)
    addTreeToGraph(graph, nodes, pom.file)
    modules.push({
      pomPath: pom.file,
      groupId: pom.groupId,
      artifactId: pom.artifactId,
      version: pom.version,
      packaging: pom.packaging,
      nodes,
    })
  }
  for (const p of input.repository.problems) {
    warnings.push({
      file: input.pomPath,
      message: `repository ${p.repository}: ${p.message}, while fetching ${p.url}`,
    })
  }
  return { graph, modules, warnings: dedupeWarnings(warnings) }
}

/** Drops repeated warnings (same file, line and message), keeping the first. */
export function dedupeWarnings(warnings: Warning[]): Warning[] {
  const seen = new Set<string>()
  return warnings.filter((w) => {
    const k = `${w.file}:${w.line ?? ''}:${w.message}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}
