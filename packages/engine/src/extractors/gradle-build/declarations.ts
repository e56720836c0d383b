// Reads one dependency declaration of a Gradle `dependencies { }` block statically (Gradle DSL;
// DESIGN §4 extractors): 'g:a:v' strings (with $var / ${var} from ext, val, gradle.properties),
// map notation, catalog accessors (libs.x, libs.bundles.x), platform()/enforcedPlatform(), kotlin("x").
import { type CatalogLibrary, catalogKey, type GradleVersionCatalog } from './catalog'

export interface DeclaredModule {
  group: string
  artifact: string
  version: string | null
  platform: boolean
  /** `enforcedPlatform(...)`: its versions override every other. */
  enforced?: boolean
}

/** `project(':x')` or `projects.x`; `platform` when wrapped in platform() / enforcedPlatform(). */
export interface ProjectReference {
  path?: string
  accessor?: string
  platform?: 'platform' | 'enforced'
}

export type DeclarationResult =
  | { kind: 'modules'; modules: DeclaredModule[]; note?: string }
  | { kind: 'project'; project: ProjectReference }
  | { kind: 'unreadable'; reason: string }

export interface DeclarationContext {
  catalog: GradleVersionCatalog | null
  variables: Map<string, string>
  kotlinVersion: string | null
}

/** `conf(args)`, `conf args`, `"conf"(args)`; `null` when the line is not a declaration. */
export function splitDeclaration(code: string): { configuration: string; args: string } | null {
  const m = /^\s*(["']?)([A-Za-z_]\w*)\1\s*(\(.*|\s+\S.*)$/.exec(code)
  if (!m) return null
  let args = (m[3] as string).trim()
  // drop a trailing closure `{ ... }` or an opening brace of a multi-line one
  args = args.replace(/\{[^{}]*\}?\s*$/, '').trim()
  while (args.startsWith('(') && matchingParen(args) === args.length - 1) args = args.slice(1, -1).trim()
  return { configuration: m[2] as string, args }
}

function matchingParen(s: string): number {
  let depth = 0
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++
    else if (s[i] === ')' && --depth === 0) return i
  }
  return -1
}

function interpolate(s: string, ctx: DeclarationContext): { text: string; missing: string[] } {
  const missing: string[] = []
  const text = s.replace(
    /\$\{([^}]+)\}|\$([A-Za-z_]\w*)/g,
    (whole, a: string | undefined, b: string | undefined) => {
      const name = (a ?? b ?? '').trim().replace(/^(project\.|rootProject\.|ext\.)/, '')
      const v = ctx.variables.get(name)
      if (v === undefined) missing.push(name)
      return v ?? whole
    },
  )
  return { text, missing }
}

function fromCoordinates(text: string, platform: boolean): DeclaredModule | null {
  const parts = text.split(':')
  if (parts.length < 2 || parts.length > 4 || parts.some((p) => p === '' || /\s/.test(p))) return null
  const [group, artifact, version] = parts as [string, string, string | undefined]
  return { group, artifact, version: version ?? null, platform }
}

const library = (l: CatalogLibrary, platform: boolean): DeclaredModule => ({
  group: l.group,
  artifact: l.artifact,
  version: l.version,
  platform,
})

export function readDeclaration(args: string, ctx: DeclarationContext, platform = false): DeclarationResult {
  const a = args.trim()
  const wrapped = /^(platform|enforcedPlatform)\s*\((.*)\)$/.exec(a)
  if (wrapped) {
    const inner = readDeclaration(wrapped[2] as string, ctx, true)
    if (inner.kind === 'modules' && wrapped[1] === 'enforcedPlatform')
      for (const m of inner.modules) m.enforced = true
    if (inner.kind === 'project')
      inner.project.platform = wrapped[1] === 'enforcedPlatform' ? 'enforced' : 'platform'
    return inner
  }
  const projectPath = /^project\s*\(\s*(?:path\s*[:=]\s*)?["'](:?[^"']*)["']/.exec(a)?.[1]
  if (projectPath !== undefined) return { kind: 'project', project: { path: projectPath } }
  const projectAccessor = /^projects\.([\w.]+)$/.exec(a)?.[1]
  if (projectAccessor !== undefined) return { kind: 'project', project: { accessor: projectAccessor } }
  if (/^project\s*\(/.test(a))
    return { kind: 'unreadable', reason: `"${a}" names a project that cannot be read statically` }
  if (/^(files|fileTree)\s*\(/.test(a))
    return { kind: 'unreadable', reason: 'local files are not dependencies from a repository' }
  const str = /^(["'])(.*)\1$/.exec(a)
  if (str) {
    const { text, missing } = interpolate(str[2] as string, ctx)
    if (missing.length > 0)
      return {
        kind: 'unreadable',
        reason: `${missing.map((m) => `$${m}`).join(', ')} cannot be read statically`,
      }
    const m = fromCoordinates(text, platform)
    return m
      ? { kind: 'modules', modules: [m] }
      : { kind: 'unreadable', reason: `"${text}" is not group:artifact[:version]` }
  }
  const kotlin = /^kotlin\s*\(\s*["']([\w-]+)["']\s*(?:,\s*["']([^"']+)["'])?\s*\)$/.exec(a)
  if (kotlin)
    return {
      kind: 'modules',
      modules: [
        {
          group: 'org.jetbrains.kotlin',
          artifact: `kotlin-${kotlin[1]}`,
          version: kotlin[2] ?? ctx.kotlinVersion,
          platform,
        },
      ],
    }
  const accessor = /^libs\.([\w.]+?)(\.get\(\))?$/.exec(a)
  if (accessor) {
    const path = accessor[1] as string
    if (!ctx.catalog)
      return { kind: 'unreadable', reason: `libs.${path}: no gradle/libs.versions.toml found` }
    if (path.startsWith('bundles.')) {
      const bundle = ctx.catalog.bundles.get(catalogKey(path.slice('bundles.'.length)))
      if (!bundle) return { kind: 'unreadable', reason: `libs.${path} is not a bundle of the catalog` }
      const modules = bundle.flatMap((k) => {
        const l = ctx.catalog?.libraries.get(k)
        return l ? [library(l, platform)] : []
      })
      return { kind: 'modules', modules }
    }
    const l = ctx.catalog.libraries.get(catalogKey(path))
    return l
      ? { kind: 'modules', modules: [library(l, platform)] }
      : { kind: 'unreadable', reason: `libs.${path} is not a library of the catalog` }
  }
  // map notation: group: 'g', name: 'a', version: 'v'  |  group = "g", name = "a", version = "v"
  if (/\bgroup\s*[:=]/.test(a) && /\bname\s*[:=]/.test(a)) {
    const field = (k: string): string | undefined => {
      const quoted = new RegExp(`\\b${k}\\s*[:=]\\s*(["'])([^"']*)\\1`).exec(a)?.[2]
      if (quoted !== undefined) return quoted
      // a bare identifier: a variable (`version: guavaVersion`)
      const bare = new RegExp(`\\b${k}\\s*[:=]\\s*([A-Za-z_][\\w.]*)`).exec(a)?.[1]
      return bare === undefined ? undefined : `\${${bare}}`
    }
    const group = field('group')
    const name = field('name')
    const version = field('version')
    if (!group || !name) return { kind: 'unreadable', reason: 'map notation with non-literal values' }
    const v = version === undefined ? null : interpolate(version, ctx)
    if (v && v.missing.length > 0)
      return {
        kind: 'unreadable',
        reason: `${v.missing.map((m) => `$${m}`).join(', ')} cannot be read statically`,
      }
    return { kind: 'modules', modules: [{ group, artifact: name, version: v?.text ?? null, platform }] }
  }
  return {
    kind: 'unreadable',
    reason: `"${a.length > 60 ? `${a.slice(0, 57)}...` : a}" cannot be read statically`,
  }
}
