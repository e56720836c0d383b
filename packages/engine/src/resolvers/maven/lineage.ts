// One step up a POM's parent chain (Maven model building; DESIGN §1 "Resolve"): relativePath
// first (only when its coordinates match the declared parent), then the repositories; malformed
// XML on the way is a warning with file and line.

import type { MavenPom } from '../../datasources/maven-repository'
import { interpolate } from './interpolate'
import type { PomContext } from './model'
import { type PomParseResult, parsePom, type RawPom } from './pom'
import { DEFAULT_PROFILE_ENVIRONMENT, withActiveProfiles } from './profiles'

export interface Layer {
  pom: RawPom
  file: string
}

function joinPath(dir: string, rel: string): string {
  const parts = dir === '' ? [] : dir.split('/')
  for (const seg of rel.split('/')) {
    if (seg === '..') parts.pop()
    else if (seg !== '.' && seg !== '') parts.push(seg)
  }
  return parts.join('/')
}

const dirname = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')

/**
 * Parsed repository POMs, per fetched object: a warm repository (same analysis or a later one with
 * the same MavenRepository) never parses a POM twice. Parse results are never mutated by readers.
 */
const parsed = new WeakMap<MavenPom, PomParseResult>()

function parseOnce(source: string | MavenPom): PomParseResult {
  if (typeof source === 'string') return parsePom(source)
  let r = parsed.get(source)
  if (!r) {
    r = parsePom(source.text)
    parsed.set(source, r)
  }
  return r
}

/** The POM with the profiles active on the build machine merged in (./profiles). */
function activate(pom: RawPom, file: string, ctx: PomContext): RawPom {
  if (pom.profiles.length === 0) return pom
  const project = !file.includes('://')
  const known = ctx.projectPathExists
  return withActiveProfiles(pom, {
    env: ctx.environment ?? DEFAULT_PROFILE_ENVIRONMENT,
    ...(project ? { exists: (path: string) => (known ? known(path) : null) } : {}),
    basedir: dirname(file),
    note: (line, message) => {
      ctx.warnings.push({ file, ...(line !== undefined ? { line } : {}), message })
    },
  })
}

/** Reads and parses a pom (project file text or a fetched repository POM), warning on malformed XML. */
export function parseOrWarn(source: string | MavenPom, file: string, ctx: PomContext): RawPom | null {
  const r = parseOnce(source)
  if (!r.ok) {
    ctx.warnings.push({ file, line: r.line, message: r.message, gap: 'skipped-input' })
    return null
  }
  for (const n of r.notes) ctx.warnings.push({ file, line: n.line, message: n.message })
  return activate(r.pom, file, ctx)
}

export async function loadParent(layer: Layer, ctx: PomContext): Promise<Layer | 'missing' | null> {
  const parent = layer.pom.parent
  if (!parent) return null
  const props = layer.pom.properties
  const unused = new Set<string>()
  const scope = { properties: props, project: {}, parent: {} }
  const g = interpolate(parent.groupId, scope, unused)
  const a = interpolate(parent.artifactId, scope, unused)
  const v = interpolate(parent.version, scope, unused)
  if (parent.relativePath !== '' && !layer.file.includes('://')) {
    let path = joinPath(dirname(layer.file), parent.relativePath ?? '../pom.xml')
    if (!path.endsWith('.xml')) path = joinPath(path, 'pom.xml')
    const text = ctx.readProject(path)
    if (text !== null) {
      const pom = parsePom(text)
      // Maven uses the local parent only when its coordinates match the declared parent.
      if (pom.ok && pom.pom.artifactId === a && (pom.pom.groupId ?? pom.pom.parent?.groupId) === g) {
        const localVersion = pom.pom.version ?? pom.pom.parent?.version
        if (localVersion === v || v.includes('${')) return { pom: activate(pom.pom, path, ctx), file: path }
      }
      if (!pom.ok)
        ctx.warnings.push({ file: path, line: pom.line, message: pom.message, gap: 'skipped-input' })
    }
  }
  const fetched = await ctx.repository.pom({ groupId: g, artifactId: a, version: v })
  if (!fetched) return 'missing'
  const pom = parseOrWarn(fetched, fetched.url, ctx)
  return pom ? { pom, file: fetched.url } : 'missing'
}
