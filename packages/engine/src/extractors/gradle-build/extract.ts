// build.gradle / build.gradle.kts static dependency declarations (DESIGN §4 extractors), with the
// project's gradle/libs.versions.toml catalog and gradle.properties read through ctx. A declaration
// that cannot be read without running Gradle becomes a warning naming its line; the rest is kept.
// Versions managed by platforms and plugins need a Maven repository: resolvers/gradle applies them.
import {
  type Component,
  type DependencyGraph,
  type Location,
  makePurl,
  ROOT,
  type Scope,
  type Warning,
} from '../../model'
import { GRADLE_SCOPE_RANK } from '../gradle-lockfile'
import type { ExtractContext, Extractor, ExtractResult, SourceFile } from '../types'
import type { DeclaredModule } from './declarations'
import { readGradleScript } from './script'

const BUILD_FILE = /(^|\/)build\.gradle(\.kts)?$/

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')

/** Components of a Gradle build by purl: one per module and version, widest scope, every location. */
export class GradleComponents {
  readonly byPurl = new Map<string, Component>()
  readonly list: Component[] = []

  add(
    m: DeclaredModule,
    scope: Scope,
    location: Location,
    source: Component['source'] = 'registry',
  ): Component {
    const name = `${m.group}:${m.artifact}`
    const purl = makePurl('maven', name, m.version, m.platform ? { type: 'pom' } : undefined)
    const existing = this.byPurl.get(purl)
    if (existing) {
      if (GRADLE_SCOPE_RANK[scope] > GRADLE_SCOPE_RANK[existing.scope]) existing.scope = scope
      if (!existing.locations.some((l) => l.file === location.file && l.line === location.line))
        existing.locations.push(location)
      return existing
    }
    const c: Component = {
      purl,
      ecosystem: 'maven',
      name,
      version: m.version ?? '',
      scope,
      direct: true,
      source,
      locations: [location],
    }
    this.byPurl.set(purl, c)
    this.list.push(c)
    return c
  }
}

export const byLine = (a: Warning, b: Warning): number =>
  a.file === b.file ? (a.line ?? 0) - (b.line ?? 0) : a.file.localeCompare(b.file)

export function extractGradleBuild(file: SourceFile, ctx: ExtractContext): ExtractResult {
  const script = readGradleScript(file, ctx)
  const warnings: Warning[] = [...script.warnings]
  const components = new GradleComponents()
  for (const d of script.declarations) {
    const m = d.module
    if (!m) continue
    if (m.version === null)
      warnings.push({
        file: file.path,
        line: d.line,
        message: `${m.group}:${m.artifact}: no version declared (managed by a platform or plugin; not read statically)`,
      })
    components.add(m, d.scope, { file: file.path, line: d.line })
  }
  const graph: DependencyGraph = {
    root: { name: dirOf(file.path).split('/').pop() || '.', version: null },
    components: components.list,
    edges: components.list.map((c) => ({ from: ROOT, to: c.purl })),
  }
  return { ok: true, graph, warnings: warnings.sort(byLine) }
}

/** The format reader; ./extractor registers it with its metadata behind the shared guard. */
export const gradleBuildExtractor: Pick<Extractor, 'id' | 'matches' | 'extract'> = {
  id: 'gradle-build',
  matches: (path) => BUILD_FILE.test(path),
  extract: extractGradleBuild,
}
