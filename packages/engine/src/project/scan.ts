// The project scanner (issue 3, DESIGN §4): from a list of root-relative paths, which files an
// extractor reads and how they group into sub-projects. It never touches the file system.
import { extractorsFor } from '../extractors/api'
import { globMatch } from '../extractors/shared/glob'
import type { ProjectGroup } from '../model'

export type { GroupSource, ProjectGroup } from '../model'

export interface ScanOptions {
  /** Keep only paths matching one of these globs (default: everything). */
  include?: string[]
  /** Drop paths matching any of these globs. */
  exclude?: string[]
  /** Also look inside node_modules, .git and hidden folders (default false). */
  includeHidden?: boolean
  /**
   * Workspace globs declared in a folder (package.json `workspaces`, pnpm-workspace.yaml), when the
   * caller has the contents. Without it a package.json never joins a lockfile in a parent folder.
   */
  workspacesOf?: (dir: string) => readonly string[] | null
}

export interface ScanResult {
  groups: ProjectGroup[]
  /** Every path an extractor claims, plus recognised manifests. */
  supported: string[]
}

function dirOf(path: string): string {
  const i = path.lastIndexOf('/')
  return i === -1 ? '' : path.slice(0, i)
}

function skipped(path: string, options: ScanOptions): boolean {
  const parts = path.split('/')
  if (!options.includeHidden) {
    for (const p of parts.slice(0, -1)) if (p === 'node_modules' || p.startsWith('.')) return true
  }
  if (options.include?.length && !options.include.some((g) => globMatch(g, path))) return true
  return options.exclude?.some((g) => globMatch(g, path)) ?? false
}

export function normalisePath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '')
}

/** The nearest lockfile folder above `dir` whose workspace globs include `dir`. */
function workspaceOwner(
  dir: string,
  lockGroups: Map<string, ProjectGroup>,
  options: ScanOptions,
): ProjectGroup | undefined {
  if (!options.workspacesOf || dir === '') return undefined
  for (let up = dirOf(dir); ; up = dirOf(up)) {
    const group = lockGroups.get(up)
    if (group) {
      const rel = up === '' ? dir : dir.slice(up.length + 1)
      const globs = options.workspacesOf(up) ?? []
      if (globs.some((g) => !g.startsWith('!') && globMatch(g, rel))) return group
    }
    if (up === '') return undefined
  }
}

export function scanPaths(paths: readonly string[], options: ScanOptions = {}): ScanResult {
  const lockGroups = new Map<string, ProjectGroup>()
  const sbomGroups: ProjectGroup[] = []
  const manifests: string[] = []
  const supported: string[] = []
  for (const raw of [...new Set(paths.map(normalisePath))].sort()) {
    if (skipped(raw, options)) continue
    const found = extractorsFor(raw)
    const ids = found.map((e) => e.id)
    const base = raw.slice(raw.lastIndexOf('/') + 1)
    if (ids.length === 0) {
      if (base === 'package.json') {
        manifests.push(raw)
        supported.push(raw)
      }
      continue
    }
    supported.push(raw)
    const source = { path: raw, extractorIds: ids }
    if (found.every((e) => e.kind === 'sbom')) {
      sbomGroups.push({ dir: dirOf(raw), kind: 'sbom', sources: [source], manifests: [] })
      continue
    }
    const dir = dirOf(raw)
    const group = lockGroups.get(dir) ?? { dir, kind: 'lockfile', sources: [], manifests: [] }
    group.sources.push(source)
    lockGroups.set(dir, group)
  }
  const manifestGroups: ProjectGroup[] = []
  for (const m of manifests) {
    const owner = lockGroups.get(dirOf(m)) ?? workspaceOwner(dirOf(m), lockGroups, options)
    if (owner) owner.manifests.push(m)
    else manifestGroups.push({ dir: dirOf(m), kind: 'manifest', sources: [], manifests: [m] })
  }
  const groups = [...lockGroups.values(), ...sbomGroups, ...manifestGroups].sort((a, b) =>
    a.dir === b.dir ? a.kind.localeCompare(b.kind) : a.dir.localeCompare(b.dir),
  )
  return { groups, supported }
}
