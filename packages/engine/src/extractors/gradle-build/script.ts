// Reads one build.gradle / build.gradle.kts statically (Gradle DSL; DESIGN §4 extractors) into
// declarations with their configuration, scope, line and target project (`allprojects { }`,
// `subprojects { }`, `project(':x') { }` blocks), plugins, dependency-management BOMs and
// constraints, group and version. What cannot be read without running Gradle is a warning with its line.
import type { Scope, Warning } from '../../model'
import { scopeOfGradleConfiguration } from '../gradle-lockfile'
import type { ExtractContext } from '../types'
import { scanGradleScript } from './blocks'
import { type GradleVersionCatalog, parseGradleVersionCatalog } from './catalog'
import {
  type DeclarationContext,
  type DeclaredModule,
  type ProjectReference,
  readDeclaration,
  splitDeclaration,
} from './declarations'

const CONTROL = new Set(['if', 'else', 'for', 'when', 'forEach', 'run', 'apply', 'also', 'let', ')', ''])

/** Which projects a declaration applies to: this script's, every project's, or every subproject's. */
export type GradleTarget =
  | { kind: 'self' }
  | { kind: 'all' }
  | { kind: 'sub' }
  | { kind: 'project'; path: string }

export interface GradleDeclaration {
  configuration: string
  scope: Scope
  line: number
  target: GradleTarget
  /** A module from a repository, or another project of the build. */
  module?: DeclaredModule
  project?: ProjectReference
}

export interface GradlePlugin {
  id: string
  version: string | null
  /** `apply false`: the version is declared for subprojects, the plugin is not applied here. */
  applied: boolean
  line: number
  target: GradleTarget
}

/** A version from `dependencyManagement { dependencies { dependency 'g:a:v' } }` or `constraints { }`. */
export interface GradleManagedVersion {
  group: string
  artifact: string
  version: string
  kind: 'dependency-management' | 'constraint'
  line: number
  target: GradleTarget
}

/** `dependencyManagement { imports { mavenBom 'g:a:v' } }`; `boot` = `SpringBootPlugin.BOM_COORDINATES`. */
export interface GradleMavenBom {
  coordinates: { group: string; artifact: string; version: string } | 'boot'
  line: number
  target: GradleTarget
}

export interface GradleScript {
  path: string
  declarations: GradleDeclaration[]
  plugins: GradlePlugin[]
  managed: GradleManagedVersion[]
  mavenBoms: GradleMavenBom[]
  /** `group = '...'` / `version = '...'` (with the target block they were set in). */
  coordinates: { group?: string; version?: string; target: GradleTarget }[]
  catalog: GradleVersionCatalog | null
  warnings: Warning[]
}

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')
const join = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`)

/** Walks up from the build file's folder to the root, first file found wins. */
export function findUp(
  path: string,
  name: string,
  ctx: ExtractContext,
): { path: string; text: string } | null {
  let dir = dirOf(path)
  for (;;) {
    const p = join(dir, name)
    const text = ctx.readFile(p)
    if (text !== null) return { path: p, text }
    if (dir === '') return null
    dir = dirOf(dir)
  }
}

function readVariables(text: string, ctx: ExtractContext, path: string): Map<string, string> {
  const vars = new Map<string, string>()
  let dir = dirOf(path)
  const files: string[] = []
  for (;;) {
    const t = ctx.readFile(join(dir, 'gradle.properties'))
    if (t !== null) files.unshift(t)
    if (dir === '') break
    dir = dirOf(dir)
  }
  for (const f of files)
    for (const m of f.matchAll(/^\s*([\w.-]+)\s*[=:]\s*(.*?)\s*$/gm)) vars.set(m[1] as string, m[2] as string)
  const patterns = [
    /^\s*(?:ext\.|def\s+|val\s+|var\s+|project\.ext\.)?([A-Za-z_]\w*)\s*(?::\s*String\s*)?=\s*(["'])([^"'$]*)\2\s*$/gm,
    /^\s*extra\[\s*["'](\w+)["']\s*\]\s*=\s*(["'])([^"'$]*)\2/gm,
    /^\s*val\s+(\w+)\s+by\s+extra\(\s*(["'])([^"'$]*)\2\s*\)/gm,
    /^\s*set\(\s*["'](\w+)["']\s*,\s*(["'])([^"'$]*)\2\s*\)/gm,
  ]
  for (const re of patterns) for (const m of text.matchAll(re)) vars.set(m[1] as string, m[3] as string)
  return vars
}

function kotlinVersion(text: string, catalog: GradleVersionCatalog | null): string | null {
  const m =
    /(?:kotlin\(\s*["'][\w-]+["']\s*\)|id\s*\(?\s*["']org\.jetbrains\.kotlin\.[\w-]+["']\s*\)?)\s+version\s+["']([^"']+)["']/.exec(
      text,
    )
  return m?.[1] ?? catalog?.versions.get('kotlin') ?? null
}

function targetOf(blocks: readonly string[]): GradleTarget {
  for (const b of blocks) {
    if (b === 'allprojects') return { kind: 'all' }
    if (b === 'subprojects') return { kind: 'sub' }
    if (b.startsWith('project:')) return { kind: 'project', path: b.slice('project:'.length) }
  }
  return { kind: 'self' }
}

/** `id 'x' version 'v'`, `id("x") version("v")`, `kotlin("jvm") version "v"`, `alias(libs.plugins.x)`. */
function readPlugin(
  code: string,
  catalog: GradleVersionCatalog | null,
): { id: string; version: string | null; applied: boolean } | 'unreadable' | null {
  const t = code.trim()
  if (t === '') return null
  const applied = !/\bapply\s*\(?\s*false\b/.test(t)
  const version = /\bversion\s*\(?\s*["']([^"']+)["']/.exec(t)?.[1] ?? null
  const id = /^id\s*\(?\s*["']([^"']+)["']/.exec(t)?.[1]
  if (id) return { id, version, applied }
  const kotlin = /^kotlin\s*\(\s*["']([^"']+)["']\s*\)/.exec(t)?.[1]
  if (kotlin) return { id: `org.jetbrains.kotlin.${kotlin}`, version, applied }
  const alias = /^alias\s*\(\s*libs\.plugins\.([\w.]+)\s*\)/.exec(t)?.[1]
  if (alias) {
    const p = catalog?.plugins.get(alias.replace(/[-_.]/g, '.').toLowerCase())
    return p ? { id: p.id, version: p.version, applied } : 'unreadable'
  }
  if (/^`[\w-]+`$/.test(t) || /^[a-z][\w-]*$/.test(t))
    return { id: t.replace(/`/g, ''), version: null, applied }
  return 'unreadable'
}

/** A control-flow line opening a block (`if (x) {`, `list.forEach { it ->`): its body is read as the rest. */
const CONTROL_FLOW =
  /^(?:(?:if|else|for|when|while)\b.*|.*\.(?:forEach|each|all|configureEach)\s*(?:\([^)]*\))?)\s*\{\s*(?:[\w\s,]+->)?\s*$/

const BOOT_BOM = /SpringBootPlugin\.BOM_COORDINATES/

export function readGradleScript(file: { path: string; content: string }, ctx: ExtractContext): GradleScript {
  const warnings: Warning[] = []
  let catalog: GradleVersionCatalog | null = null
  const catalogFile = findUp(file.path, 'gradle/libs.versions.toml', ctx)
  if (catalogFile) {
    const parsed = parseGradleVersionCatalog(catalogFile.text)
    if (parsed.ok) {
      catalog = parsed.catalog
      for (const p of parsed.problems) warnings.push({ file: catalogFile.path, message: p })
    } else
      warnings.push({
        file: catalogFile.path,
        ...(parsed.line !== undefined ? { line: parsed.line } : {}),
        message: parsed.message,
      })
  }
  const dctx: DeclarationContext = {
    catalog,
    variables: readVariables(file.content, ctx, file.path),
    kotlinVersion: kotlinVersion(file.content, catalog),
  }
  const script: GradleScript = {
    path: file.path,
    declarations: [],
    plugins: [],
    managed: [],
    mavenBoms: [],
    coordinates: [],
    catalog,
    warnings,
  }
  const warn = (line: number, message: string): void => {
    warnings.push({ file: file.path, line, message })
  }
  for (const { line, code, blocks } of scanGradleScript(file.content)) {
    const meaningful = blocks.filter((b) => !CONTROL.has(b))
    const inner = meaningful[meaningful.length - 1]
    const target = targetOf(blocks)
    const trimmed = code.trim()
    if (trimmed === '' || /^}/.test(trimmed)) continue
    // apply plugin: 'x' / apply(plugin = "x"), anywhere (allprojects/subprojects blocks included)
    const applyPlugin = /^apply\s*\(?\s*plugin\s*[:=]\s*["']([^"']+)["']/.exec(trimmed)?.[1]
    if (applyPlugin) {
      script.plugins.push({ id: applyPlugin, version: null, applied: true, line, target })
      continue
    }
    if (inner === 'plugins' && !blocks.includes('pluginManagement')) {
      const p = readPlugin(trimmed, catalog)
      if (p === 'unreadable') warn(line, `plugin cannot be read statically: ${trimmed}`)
      else if (p) script.plugins.push({ ...p, line, target })
      continue
    }
    const coordinate = /^(?:project\.)?(group|version)\s*=\s*["']([^"'$]+)["']\s*$/.exec(trimmed)
    if (coordinate && !blocks.includes('dependencies')) {
      script.coordinates.push({ [coordinate[1] as string]: coordinate[2] as string, target })
      continue
    }
    if (inner === 'imports' && blocks.includes('dependencyManagement')) {
      if (BOOT_BOM.test(trimmed)) {
        script.mavenBoms.push({ coordinates: 'boot', line, target })
        continue
      }
      const bom = /^mavenBom\s*\(?\s*["']([^"':]+):([^"':]+):([^"':$]+)["']/.exec(trimmed)
      if (bom)
        script.mavenBoms.push({
          coordinates: { group: bom[1] as string, artifact: bom[2] as string, version: bom[3] as string },
          line,
          target,
        })
      else warn(line, `BOM import cannot be read statically: ${trimmed}`)
      continue
    }
    const management = blocks.includes('dependencyManagement')
    const constraints = inner === 'constraints'
    if (management || constraints) {
      if (management && inner !== 'dependencies') continue
      if (CONTROL_FLOW.test(trimmed)) continue
      const decl = splitDeclaration(code)
      const r = decl ? readDeclaration(decl.args, dctx) : null
      const m = r?.kind === 'modules' ? r.modules[0] : undefined
      if (m?.version)
        script.managed.push({
          group: m.group,
          artifact: m.artifact,
          version: m.version,
          kind: management ? 'dependency-management' : 'constraint',
          line,
          target,
        })
      else warn(line, `version constraint cannot be read statically: ${trimmed}`)
      continue
    }
    if (inner !== 'dependencies') continue
    // control flow inside dependencies: its branches are read like the rest (both sides kept)
    if (CONTROL_FLOW.test(trimmed)) continue
    const decl = splitDeclaration(code)
    if (!decl) {
      warn(line, `cannot be read statically: ${trimmed}`)
      continue
    }
    if (['exclude', 'constraints', 'components', 'modules'].includes(decl.configuration)) continue
    let scope: Scope = blocks.includes('buildscript') ? 'dev' : scopeOfGradleConfiguration(decl.configuration)
    if (scope !== 'dev' && blocks.some((b) => /test/i.test(b))) scope = 'test'
    const result = readDeclaration(decl.args, dctx)
    if (result.kind === 'project') {
      script.declarations.push({
        configuration: decl.configuration,
        scope,
        line,
        target,
        project: result.project,
      })
      continue
    }
    if (result.kind === 'unreadable') {
      warn(line, `${decl.configuration}: ${result.reason}`)
      continue
    }
    for (const module of result.modules)
      script.declarations.push({ configuration: decl.configuration, scope, line, target, module })
  }
  return script
}
