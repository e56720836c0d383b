// settings.gradle / settings.gradle.kts read statically (Gradle user guide "Multi-project builds",
// "Settings file"; DESIGN §1 "Resolve"): rootProject.name, include(...) with renames and projectDir,
// plugin versions of pluginManagement, included builds. What cannot be read is a warning with its line.
import { scanGradleScript } from '../../extractors/gradle-build'
import type { Warning } from '../../model'

export interface GradleProjectEntry {
  /** Gradle path: `:` for the root, `:samples:compare`. */
  path: string
  /** The project name (last path segment unless renamed). */
  name: string
  /** Folder, relative to the build's root folder ('' = the root). */
  dir: string
  /** Line of its include in the settings file. */
  line?: number
}

export interface GradleSettings {
  rootName: string | null
  projects: GradleProjectEntry[]
  /** Plugin versions of `pluginManagement { plugins { id 'x' version 'v' } }`. */
  pluginVersions: Map<string, string>
  /** `includeBuild(...)` folders (composite builds, convention plugins), with their lines. */
  includedBuilds: { dir: string; line: number }[]
  warnings: Warning[]
}

const strings = (s: string): string[] => [...s.matchAll(/["']([^"']*)["']/g)].map((m) => m[1] as string)

export function readGradleSettings(text: string, file: string): GradleSettings {
  const settings: GradleSettings = {
    rootName: null,
    projects: [],
    pluginVersions: new Map(),
    includedBuilds: [],
    warnings: [],
  }
  const renames = new Map<string, string>()
  const dirs = new Map<string, string>()
  const include = (path: string, line: number): void => {
    const p = path.startsWith(':') ? path : `:${path}`
    if (!settings.projects.some((x) => x.path === p))
      settings.projects.push({
        path: p,
        name: p.slice(p.lastIndexOf(':') + 1),
        dir: p.slice(1).replace(/:/g, '/'),
        line,
      })
  }
  // An include(...) spread over several lines is read as one statement from its first line.
  const lines = scanGradleScript(text)
  for (let i = 0; i < lines.length; i++) {
    const { line, code, blocks } = lines[i] as (typeof lines)[number]
    let t = code.trim()
    if (t === '') continue
    const depth = (x: string) => (x.match(/\(/g)?.length ?? 0) - (x.match(/\)/g)?.length ?? 0)
    if (/^include\s*\(/.test(t))
      while (depth(t) > 0 && i + 1 < lines.length)
        t = `${t} ${(lines[++i] as (typeof lines)[number]).code.trim()}`
    const warn = (message: string): void => {
      settings.warnings.push({ file, line, message })
    }
    if (blocks.includes('pluginManagement')) {
      if (blocks[blocks.length - 1] === 'plugins') {
        const m = /^id\s*\(?\s*["']([^"']+)["']\s*\)?\s+version\s*\(?\s*["']([^"']+)["']/.exec(t)
        if (m) settings.pluginVersions.set(m[1] as string, m[2] as string)
      }
      const build = /\bincludeBuild\s*\(?\s*["']([^"']+)["']/.exec(t)
      if (build) settings.includedBuilds.push({ dir: build[1] as string, line })
      continue
    }
    const name = /^rootProject\.name\s*=\s*["']([^"']+)["']/.exec(t)
    if (name) {
      settings.rootName = name[1] as string
      continue
    }
    const rename = /^project\s*\(\s*["']([^"']+)["']\s*\)\.name\s*=\s*["']([^"']+)["']/.exec(t)
    if (rename) {
      renames.set(rename[1] as string, rename[2] as string)
      continue
    }
    const dir =
      /^project\s*\(\s*["']([^"']+)["']\s*\)\.projectDir\s*=\s*(?:file\s*\(\s*|(?:new\s+)?File\s*\(\s*(?:rootDir|settingsDir)\s*,\s*)["']([^"']+)["']\s*\)/.exec(
        t,
      )
    if (dir) {
      dirs.set(dir[1] as string, (dir[2] as string).replace(/^\.\//, '').replace(/\/+$/, ''))
      continue
    }
    if (/^project\s*\(.*\)\.projectDir\b/.test(t)) {
      warn(`project folder cannot be read statically: ${t}`)
      continue
    }
    const build = /^includeBuild\s*\(?\s*["']([^"']+)["']/.exec(t)
    if (build) {
      settings.includedBuilds.push({ dir: build[1] as string, line })
      continue
    }
    const inc = /^include\s*(\(|\s)(.*)$/.exec(t)
    if (!inc) continue
    const args = (inc[2] as string).replace(/\)\s*$/, '')
    const names = strings(args)
    const literal = names.length > 0 && args.replace(/["'][^"']*["']/g, '').replace(/[\s,]/g, '') === ''
    if (!literal) {
      warn(`include cannot be read statically: ${t}`)
      continue
    }
    if (blocks.length > 0) {
      warn(`include inside a condition is not read statically (not part of the report): ${t}`)
      continue
    }
    for (const n of names) include(n, line)
  }
  for (const p of settings.projects) {
    p.name = renames.get(p.path) ?? p.name
    p.dir = dirs.get(p.path) ?? p.dir
  }
  return settings
}
