// Resolves a Gradle build statically (DESIGN §1 "Resolve"): settings.gradle(.kts) includes, every
// project's build script with the root's allprojects { } / subprojects { } / project(':x') { }
// blocks, project(':x') dependencies answered from the build, and versions from BOMs (platform(),
// enforcedPlatform(), the Spring Boot and dependency-management plugins) loaded through the Maven
// resolver. A BOM that cannot be fetched is named with the dependencies left without a version.
import type { MavenRepository } from '../../datasources/maven-repository'
import {
  GradleComponents,
  type GradleDeclaration,
  type GradlePlugin,
  type GradleScript,
  type GradleTarget,
  gradleWarningOrder,
  readGradleScript,
} from '../../extractors/gradle-build'
import type { ExtractContext } from '../../extractors/types'
import { type DependencyGraph, type Edge, makePurl, type Purl, ROOT, type Warning } from '../../model'
import { dedupeWarnings } from '../maven/project'
import {
  BomLoader,
  type BomRequest,
  type DirectManagedVersion,
  type LoadedBom,
  pickVersion,
} from './platforms'
import {
  DEPENDENCY_MANAGEMENT_PLUGIN,
  isCorePlugin,
  pluginVersionFromClasspath,
  SPRING_BOOT_BOM,
  SPRING_BOOT_PLUGIN,
} from './plugins'
import { type GradleProjectEntry, type GradleSettings, readGradleSettings } from './settings'

export interface GradleBuildInput {
  /** The build's root folder, root-relative ('' = the upload's root). */
  rootDir: string
  readFile(path: string): string | null
  /** Every root-relative path of the upload, to notice buildSrc; absent = unknown. */
  paths?: readonly string[]
  /** Where BOMs come from; absent = BOM versions are not applied (said per BOM). */
  repository?: MavenRepository
}

export interface GradleProjectResult {
  path: string
  name: string
  dir: string
  /** Root-relative path of its build script; `null` when the project has none. */
  buildFile: string | null
  group: string
  version: string
}

export interface GradleBuildResult {
  graph: DependencyGraph
  projects: GradleProjectResult[]
  warnings: Warning[]
  /** Root-relative paths of the settings and build scripts read. */
  files: string[]
}

const join = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`)
const camel = (s: string): string => s.replace(/[-_]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase())

interface Project extends GradleProjectResult {
  line?: number
  script: GradleScript | null
  declarations: { d: GradleDeclaration; file: string }[]
  plugins: { p: GradlePlugin; file: string }[]
}

function applies(target: GradleTarget, project: { path: string }, own: boolean): boolean {
  if (target.kind === 'self') return own
  if (target.kind === 'all') return true
  if (target.kind === 'sub') return project.path !== ':'
  return target.path === project.path
}

export async function resolveGradleBuild(input: GradleBuildInput): Promise<GradleBuildResult> {
  const warnings: Warning[] = []
  const files: string[] = []
  const readFile = (path: string): string | null => input.readFile(path)
  const ctx: ExtractContext = { readFile }
  let settings: GradleSettings = {
    rootName: null,
    projects: [],
    pluginVersions: new Map(),
    includedBuilds: [],
    warnings: [],
  }
  for (const name of ['settings.gradle.kts', 'settings.gradle']) {
    const path = join(input.rootDir, name)
    const text = readFile(path)
    if (text === null) continue
    settings = readGradleSettings(text, path)
    files.push(path)
    warnings.push(...settings.warnings)
    for (const b of settings.includedBuilds)
      warnings.push({
        file: path,
        line: b.line,
        message: `included build ${b.dir}: its plugins and what they add to projects cannot be read statically`,
      })
    break
  }
  if (input.paths?.some((p) => p.startsWith(join(input.rootDir, 'buildSrc/')))) {
    const script = ['build.gradle.kts', 'build.gradle']
      .map((n) => join(input.rootDir, `buildSrc/${n}`))
      .find((p) => input.paths?.includes(p))
    warnings.push({
      file: script ?? join(input.rootDir, 'buildSrc'),
      message:
        'buildSrc convention plugins cannot be read statically: dependencies they add are not in the report',
    })
  }
  const rootName = settings.rootName ?? (input.rootDir.split('/').pop() || '.')
  const entries: GradleProjectEntry[] = [{ path: ':', name: rootName, dir: '' }, ...settings.projects]
  const projects: Project[] = entries.map((e) => {
    const dir = join(input.rootDir, e.dir).replace(/\/$/, '')
    const buildFile =
      ['build.gradle.kts', 'build.gradle'].map((n) => join(dir, n)).find((p) => readFile(p) !== null) ?? null
    const script = buildFile
      ? readGradleScript({ path: buildFile, content: readFile(buildFile) ?? '' }, ctx)
      : null
    if (buildFile) files.push(buildFile)
    return { ...e, dir, buildFile, script, group: '', version: '', declarations: [], plugins: [] }
  })
  const root = projects[0] as Project
  for (const p of projects) {
    if (!p.script && p.path !== ':')
      warnings.push({
        file: files[0] ?? join(input.rootDir, 'settings.gradle'),
        ...(p.line !== undefined ? { line: p.line } : {}),
        message: `project ${p.path} has no build script in ${p.dir || '.'}: no dependencies of its own`,
      })
    if (p.script) warnings.push(...p.script.warnings)
  }
  // Cross-project configuration: a script's allprojects/subprojects/project(':x') blocks reach others.
  const properties = new Map<string, string>()
  for (const m of (readFile(join(input.rootDir, 'gradle.properties')) ?? '').matchAll(
    /^\s*(group|version)\s*[=:]\s*(.*?)\s*$/gm,
  ))
    properties.set(m[1] as string, m[2] as string)
  for (const p of projects) {
    const reaching = projects.filter((s) => s.script && (s === p || s === root))
    for (const s of reaching) {
      const own = s === p
      const script = s.script as GradleScript
      for (const d of script.declarations)
        if (applies(d.target, p, own)) p.declarations.push({ d, file: script.path })
      for (const pl of script.plugins)
        if (applies(pl.target, p, own)) p.plugins.push({ p: pl, file: script.path })
    }
    const coordinate = (key: 'group' | 'version'): string | undefined => {
      const order: ((t: GradleTarget) => boolean)[] = [
        (t) => t.kind === 'self' && p.script !== null,
        (t) => t.kind === 'project' && t.path === p.path,
        (t) => t.kind === 'sub' && p.path !== ':',
        (t) => t.kind === 'all',
      ]
      for (const test of order)
        for (const s of [p, root]) {
          const hit = s.script?.coordinates.find(
            (c) => c[key] !== undefined && test(c.target) && (s === p || c.target.kind !== 'self'),
          )
          if (hit) return hit[key]
        }
      return properties.get(key)
    }
    const parentPath = p.path.slice(0, p.path.lastIndexOf(':'))
    p.group = coordinate('group') ?? (p.path === ':' ? '' : `${rootName}${parentPath.replace(/:/g, '.')}`)
    p.version = coordinate('version') ?? 'unspecified'
  }
  // Plugin versions declared anywhere in the build: settings pluginManagement, root plugins (apply
  // false too), the root buildscript classpath, the catalog.
  const pluginVersions = new Map(settings.pluginVersions)
  for (const { p } of root.plugins) if (p.version) pluginVersions.set(p.id, p.version)
  for (const d of root.script?.declarations ?? []) {
    const m = d.module
    if (d.configuration === 'classpath' && m?.version) {
      const hit = pluginVersionFromClasspath(m.group, m.artifact, m.version)
      if (hit) pluginVersions.set(hit[0], hit[1])
    }
  }
  for (const plugin of root.script?.catalog?.plugins.values() ?? [])
    if (plugin.version && !pluginVersions.has(plugin.id)) pluginVersions.set(plugin.id, plugin.version)

  const boms = new BomLoader(input.repository, readFile)
  const components = new GradleComponents()
  const edges: Edge[] = []
  const edgeKeys = new Set<string>()
  const edge = (from: Purl | typeof ROOT, to: Purl): void => {
    const k = `${from} ${to}`
    if (edgeKeys.has(k)) return
    edgeKeys.add(k)
    edges.push({ from, to })
  }
  /** Modules each project exports to projects depending on it (api, implementation, runtimeOnly). */
  const exported = new Map<string, Purl[]>()
  const projectDeps: { from: Project; to: Project; d: GradleDeclaration; file: string }[] = []
  // Type-safe accessors follow project names (renames included): ':samples:x' named 'y' → samples.y.
  const byAccessor = new Map(
    projects.map((p) => [[...p.path.slice(1).split(':').slice(0, -1), p.name].map(camel).join('.'), p]),
  )

  for (const p of projects) {
    const applied = new Map<string, { p: GradlePlugin; file: string }>()
    for (const entry of p.plugins) if (entry.p.applied) applied.set(entry.p.id, entry)
    for (const [id, { p: pl, file }] of applied) {
      if (pl.version || pluginVersions.has(id) || isCorePlugin(id)) continue
      warnings.push({
        file,
        line: pl.line,
        message: `plugin ${id} is not versioned anywhere in the build: a convention plugin (buildSrc or an included build) or one on the classpath; dependencies and versions it adds cannot be read statically`,
      })
    }
    // BOMs that apply to this project, in Gradle's order of precedence.
    const requests: BomRequest[] = []
    const direct: DirectManagedVersion[] = []
    const findProject = (ref: NonNullable<GradleDeclaration['project']>): Project | undefined =>
      ref.path !== undefined
        ? projects.find(
            (x) =>
              x.path ===
              (ref.path?.startsWith(':') ? ref.path : `${p.path === ':' ? '' : p.path}:${ref.path}`),
          )
        : byAccessor.get(ref.accessor ?? '')
    for (const { d, file } of p.declarations) {
      // platform(project(':x')): the java-platform project's constraints
      const platformProject = d.project?.platform ? findProject(d.project) : undefined
      for (const c of platformProject?.script?.managed ?? [])
        if (c.kind === 'constraint' && c.target.kind === 'self')
          direct.push({
            group: c.group,
            artifact: c.artifact,
            version: c.version,
            kind: d.project?.platform === 'enforced' ? 'enforced' : 'constraint',
          })
      const m = d.module
      if (!m?.platform) continue
      if (m.version === null) {
        warnings.push({
          file,
          line: d.line,
          message: `platform ${m.group}:${m.artifact} has no version: its versions are not applied`,
          gap: 'incomplete-graph',
        })
        continue
      }
      requests.push({
        group: m.group,
        artifact: m.artifact,
        version: m.version,
        kind: m.enforced ? 'enforced-platform' : 'platform',
        reason: `${m.enforced ? 'enforcedPlatform' : 'platform'}(${m.group}:${m.artifact}:${m.version})`,
        at: { file, line: d.line },
      })
    }
    const dependencyManagement = applied.has(DEPENDENCY_MANAGEMENT_PLUGIN)
    const boot = applied.get(SPRING_BOOT_PLUGIN)
    const bootVersion = boot ? (boot.p.version ?? pluginVersions.get(SPRING_BOOT_PLUGIN) ?? null) : null
    const bootBom = (at: { file: string; line: number }, reason: string): void => {
      if (bootVersion === null) {
        warnings.push({
          file: at.file,
          line: at.line,
          message: `${SPRING_BOOT_PLUGIN} plugin version unknown: the ${SPRING_BOOT_BOM.group}:${SPRING_BOOT_BOM.artifact} BOM is not applied`,
        })
        return
      }
      requests.push({ ...SPRING_BOOT_BOM, version: bootVersion, kind: 'dependency-management', reason, at })
    }
    if (boot && dependencyManagement)
      bootBom(
        { file: boot.file, line: boot.p.line },
        `the ${SPRING_BOOT_PLUGIN} plugin ${bootVersion ?? ''} with ${DEPENDENCY_MANAGEMENT_PLUGIN}`.replace(
          '  ',
          ' ',
        ),
      )
    for (const s of [p, root]) {
      for (const b of s.script?.mavenBoms ?? []) {
        if (!applies(b.target, p, s === p)) continue
        const at = { file: s.script?.path ?? '', line: b.line }
        if (b.coordinates === 'boot') {
          if (!requests.some((r) => r.artifact === SPRING_BOOT_BOM.artifact))
            bootBom(at, 'mavenBom(SpringBootPlugin.BOM_COORDINATES)')
        } else
          requests.push({
            ...b.coordinates,
            kind: 'dependency-management',
            reason: `mavenBom ${b.coordinates.group}:${b.coordinates.artifact}:${b.coordinates.version}`,
            at,
          })
      }
      for (const m of s.script?.managed ?? [])
        if (applies(m.target, p, s === p))
          direct.push({ group: m.group, artifact: m.artifact, version: m.version, kind: m.kind })
      if (s === root) break
    }
    const loaded: LoadedBom[] = []
    for (const r of requests) loaded.push(await boms.load(r))

    const exports: Purl[] = []
    const versionless = new Map<string, { file: string; line: number }>()
    for (const { d, file } of p.declarations) {
      if (d.project) {
        const target = findProject(d.project)
        if (!target) {
          warnings.push({
            file,
            line: d.line,
            message: `${d.configuration}: project ${d.project.path ?? `projects.${d.project.accessor}`} is not a project of this build`,
          })
          continue
        }
        projectDeps.push({ from: p, to: target, d, file })
        continue
      }
      const m = d.module
      if (!m) continue
      const picked = m.platform
        ? { version: m.version }
        : pickVersion(m.group, m.artifact, m.version, loaded, direct)
      const c = components.add({ ...m, version: picked.version }, d.scope, { file, line: d.line })
      edge(ROOT, c.purl)
      if (picked.version === null) versionless.set(`${m.group}:${m.artifact}`, { file, line: d.line })
      if (d.scope === 'prod' && !/compileOnly/i.test(d.configuration)) exports.push(c.purl)
    }
    exported.set(p.path, exports)
    if (versionless.size === 0) continue
    const names = [...versionless.keys()].join(', ')
    const failed = loaded.filter((b) => b.pom === null)
    for (const b of failed) {
      const why = boms.configured
        ? `could not be fetched from ${input.repository?.repositories.join(', ')}`
        : 'not fetched: no Maven repository is configured'
      warnings.push({
        ...b.request.at,
        message: `BOM ${b.request.group}:${b.request.artifact}:${b.request.version} (${b.request.reason}) ${why}: dependencies ${names} of project ${p.path} are without version`,
        gap: 'incomplete-graph',
      })
    }
    if (failed.length > 0) continue
    for (const [name, at] of versionless) {
      const applying = loaded.map((b) => `${b.request.group}:${b.request.artifact}:${b.request.version}`)
      const hint =
        boot && !dependencyManagement
          ? ` (${SPRING_BOOT_PLUGIN} is applied without ${DEPENDENCY_MANAGEMENT_PLUGIN}, so it manages no versions)`
          : ''
      warnings.push({
        ...at,
        message:
          applying.length > 0
            ? `${name}: no version declared and not managed by ${applying.join(', ')}`
            : `${name}: no version declared and no platform or BOM manages it${hint}`,
        gap: 'incomplete-graph',
      })
    }
  }
  // project(':x') dependencies: the project as a component of the build, with what it exports.
  const projectModule = (p: Project) => ({
    group: p.group || rootName,
    artifact: p.name,
    version: p.version === 'unspecified' ? null : p.version,
    platform: false,
  })
  const projectPurl = (p: Project): Purl =>
    makePurl('maven', `${p.group || rootName}:${p.name}`, projectModule(p).version)
  for (const { to, d, file } of projectDeps) {
    const c = components.add(projectModule(to), d.scope, { file, line: d.line }, 'workspace')
    edge(ROOT, c.purl)
    for (const e of exported.get(to.path) ?? []) edge(c.purl, e)
  }
  for (const { from, to, d } of projectDeps) {
    const fromPurl = projectPurl(from)
    if (
      from !== to &&
      components.byPurl.has(fromPurl) &&
      d.scope === 'prod' &&
      !/compileOnly/i.test(d.configuration)
    )
      edge(fromPurl, projectPurl(to))
  }
  for (const w of boms.warnings) warnings.push(w)
  return {
    graph: {
      root: { name: rootName, version: root.version === 'unspecified' ? null : root.version },
      components: components.list,
      edges,
    },
    projects: projects.map(({ path, name, dir, buildFile, group, version }) => ({
      path,
      name,
      dir,
      buildFile,
      group,
      version,
    })),
    warnings: dedupeWarnings(warnings).sort(gradleWarningOrder),
    files,
  }
}
