// The registered Gradle resolver (DESIGN §1 "Resolve"; issue 18 registry): each top-level Gradle
// build (a folder with settings.gradle(.kts), or a lone build script's) is read whole with its BOMs
// through the Maven repository; each of its projects becomes a sub-project of the report.
import { noBuilds, type Resolver } from '../types'
import { resolveGradleBuild } from './build'

const SETTINGS = /(^|\/)settings\.gradle(\.kts)?$/
const SCRIPT = /(^|\/)build\.gradle(\.kts)?$/
/** Also read by a build: properties (versions) and the version catalog. */
const SUPPORT = /(^|\/)(gradle\.properties|gradle\/libs\.versions\.toml)$/

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')
const within = (dir: string, path: string): boolean => dir === '' || path.startsWith(`${dir}/`)

/**
 * Root folders of Gradle builds: a folder with settings.gradle(.kts), or a build script's folder with
 * no settings or build script above it; builds nested in another's folder (included builds,
 * buildSrc) belong to it.
 */
export function topLevelGradleBuilds(paths: readonly string[]): string[] {
  const dirs = new Set(paths.filter((p) => SETTINGS.test(p) || SCRIPT.test(p)).map(dirOf))
  return [...dirs]
    .filter((d) => ![...dirs].some((other) => other !== d && (other === '' || d.startsWith(`${other}/`))))
    .sort()
}

/** The file naming a build rooted at `dir`: its settings file, else its build script. */
function rootFileOf(dir: string, paths: readonly string[]): string {
  const names = ['settings.gradle.kts', 'settings.gradle', 'build.gradle.kts', 'build.gradle']
  const candidates = names.map((n) => (dir === '' ? n : `${dir}/${n}`))
  return candidates.find((c) => paths.includes(c)) ?? candidates[0]!
}

/** Build scripts of the builds: read by this resolver (with BOMs), not one by one. */
function buildScripts(paths: readonly string[], builds: readonly string[]): string[] {
  return paths.filter((p) => SCRIPT.test(p) && builds.some((d) => d === dirOf(p) || within(d, p)))
}

export const gradleResolver: Resolver = {
  id: 'gradle',
  ecosystem: 'maven',
  kind: 'manifest',
  datasources: ['maven-repository'],
  matches: (path) => SETTINGS.test(path) || SCRIPT.test(path) || SUPPORT.test(path),
  claims: (paths) => buildScripts(paths, topLevelGradleBuilds(paths)),
  builds: (project) => topLevelGradleBuilds(project.paths).map((d) => rootFileOf(d, project.paths)),
  async extractAll(project, deps) {
    const out = noBuilds()
    const builds = topLevelGradleBuilds(project.paths)
    const scripts = new Set(buildScripts(project.paths, builds))
    const repository = deps['maven-repository']
    for (const dir of builds) {
      const result = await resolveGradleBuild({
        rootDir: dir,
        readFile: project.readFile,
        paths: project.paths,
        ...(repository ? { repository } : {}),
      })
      out.warnings.push(...result.warnings)
      if (result.graph.components.length > 0) out.graphs.push(result.graph)
      out.files.push(...result.files)
      // Each Gradle project is a sub-project of the report, beside its gradle.lockfile if it has one.
      const projectScripts = new Set<string>()
      for (const p of result.projects) {
        if (p.buildFile === null || !scripts.has(p.buildFile)) continue
        projectScripts.add(p.buildFile)
        out.groups.push({
          dir: p.dir,
          kind: 'lockfile',
          sources: [{ path: p.buildFile, extractorIds: ['gradle-build'] }],
          manifests: [],
        })
      }
      for (const script of scripts) {
        if (!within(dir, script) && dirOf(script) !== dir) continue
        if (projectScripts.has(script) || within(dir === '' ? 'buildSrc' : `${dir}/buildSrc`, script))
          continue
        out.warnings.push({
          file: script,
          message: `not a project of the Gradle build in ${dir || '.'} (its settings file does not include it): not read`,
        })
      }
    }
    return out
  },
}
