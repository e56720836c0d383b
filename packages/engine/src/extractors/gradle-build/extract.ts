// build.gradle / build.gradle.kts static dependency declarations (DESIGN §4 extractors), with the
// project's gradle/libs.versions.toml catalog and gradle.properties read through ctx. A declaration
// that cannot be read without running Gradle becomes a warning naming its line; the rest is kept.
import { type Component, type DependencyGraph, makePurl, ROOT, type Scope, type Warning } from '../../model'
import { GRADLE_SCOPE_RANK, scopeOfGradleConfiguration } from '../gradle-lockfile'
import type { ExtractContext, Extractor, ExtractResult, SourceFile } from '../types'
import { scanGradleScript } from './blocks'
import { type GradleVersionCatalog, parseGradleVersionCatalog } from './catalog'
import { type DeclarationContext, readDeclaration, splitDeclaration } from './declarations'

const BUILD_FILE = /(^|\/)build\.gradle(\.kts)?$/
const CONTROL = new Set(['if', 'else', 'for', 'when', 'forEach', 'run', 'apply', 'also', 'let', ')', ''])

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')
const join = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`)

/** Walks up from the build file's folder to the root, first file found wins. */
function findUp(path: string, name: string, ctx: ExtractContext): { path: string; text: string } | null {
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
  for (const name of ['gradle.properties']) {
    let dir = dirOf(path)
    const files: string[] = []
    for (;;) {
      const t = ctx.readFile(join(dir, name))
      if (t !== null) files.unshift(t)
      if (dir === '') break
      dir = dirOf(dir)
    }
    for (const f of files)
      for (const m of f.matchAll(/^\s*([\w.-]+)\s*[=:]\s*(.*?)\s*$/gm))
        vars.set(m[1] as string, m[2] as string)
  }
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

export function extractGradleBuild(file: SourceFile, ctx: ExtractContext): ExtractResult {
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
    kotlinVersion: null,
  }
  dctx.kotlinVersion = kotlinVersion(file.content, catalog)
  const byPurl = new Map<string, Component>()
  const components: Component[] = []
  for (const { line, code, blocks } of scanGradleScript(file.content)) {
    const meaningful = blocks.filter((b) => !CONTROL.has(b))
    if (meaningful[meaningful.length - 1] !== 'dependencies' || code.trim() === '' || /^\s*}/.test(code))
      continue
    // control flow inside dependencies: its branches are read like the rest (both sides kept)
    if (/^\s*(if|else|for|when|while)\b.*\{\s*$/.test(code)) continue
    const decl = splitDeclaration(code)
    if (!decl) {
      warnings.push({ file: file.path, line, message: `cannot be read statically: ${code.trim()}` })
      continue
    }
    if (['exclude', 'constraints', 'components', 'modules'].includes(decl.configuration)) continue
    const result = readDeclaration(decl.args, dctx)
    if (result.kind === 'skip') continue
    if (result.kind === 'unreadable') {
      warnings.push({ file: file.path, line, message: `${decl.configuration}: ${result.reason}` })
      continue
    }
    let scope: Scope = blocks.includes('buildscript') ? 'dev' : scopeOfGradleConfiguration(decl.configuration)
    if (scope !== 'dev' && blocks.some((b) => /test/i.test(b))) scope = 'test'
    for (const m of result.modules) {
      const name = `${m.group}:${m.artifact}`
      if (m.version === null)
        warnings.push({
          file: file.path,
          line,
          message: `${name}: no version declared (managed by a platform or plugin; not read statically)`,
        })
      const purl = makePurl('maven', name, m.version, m.platform ? { type: 'pom' } : undefined)
      const existing = byPurl.get(purl)
      if (existing) {
        if (GRADLE_SCOPE_RANK[scope] > GRADLE_SCOPE_RANK[existing.scope]) existing.scope = scope
        existing.locations.push({ file: file.path, line })
        continue
      }
      const c: Component = {
        purl,
        ecosystem: 'maven',
        name,
        version: m.version ?? '',
        scope,
        direct: true,
        source: 'registry',
        locations: [{ file: file.path, line }],
      }
      byPurl.set(purl, c)
      components.push(c)
    }
  }
  const graph: DependencyGraph = {
    root: { name: dirOf(file.path).split('/').pop() || '.', version: null },
    components,
    edges: components.map((c) => ({ from: ROOT, to: c.purl })),
  }
  return { ok: true, graph, warnings }
}

export const gradleBuildExtractor: Extractor = {
  id: 'gradle-build',
  matches: (path) => BUILD_FILE.test(path),
  extract: extractGradleBuild,
}
