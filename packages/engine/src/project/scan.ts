// The project scanner (issue 3, DESIGN §4; issue 18 registry): from a list of root-relative paths,
// which files the registered extractors and resolvers read and how they group into sub-projects.
// It walks the registries generically and never touches the file system.
import { extractorsFor } from '../extractors/api'
import { globMatch } from '../extractors/shared/glob'
import type { Ecosystem, ProjectGroup } from '../model'
import { resolversFor } from '../resolvers/api'

export type { GroupSource, ProjectGroup } from '../model'

export interface ScanOptions {
  /** Keep only paths matching one of these globs (default: everything). */
  include?: string[]
  /** Drop paths matching any of these globs. */
  exclude?: string[]
  /** Also look inside node_modules, .git and hidden folders (default false). */
  includeHidden?: boolean
  /**
   * Workspace globs declared in a folder (a resolver's `lockfile.workspaces`), when the caller has
   * the contents. Without it a manifest never joins a lockfile in a parent folder.
   */
  workspacesOf?: (dir: string) => readonly string[] | null
}

export interface ScanResult {
  groups: ProjectGroup[]
  /** Every path an extractor or a resolver reads. */
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
  pinning: (dir: string) => ProjectGroup | undefined,
  options: ScanOptions,
): ProjectGroup | undefined {
  if (!options.workspacesOf || dir === '') return undefined
  for (let up = dirOf(dir); ; up = dirOf(up)) {
    const group = pinning(up)
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
  /** Ecosystems of the lockfiles each folder group reads: what they pin. */
  const ecosystems = new Map<ProjectGroup, Set<string>>()
  const sbomGroups: ProjectGroup[] = []
  const manifests: { path: string; ecosystem: Ecosystem }[] = []
  const supported: string[] = []
  for (const raw of [...new Set(paths.map(normalisePath))].sort()) {
    if (skipped(raw, options)) continue
    const found = extractorsFor(raw)
    const ids = found.map((e) => e.id)
    const readers = resolversFor(raw)
    if (ids.length === 0) {
      if (readers.length > 0) supported.push(raw)
      // A manifest a lockfile would pin; other resolvers' files are only read by them.
      const pinned = readers.find((r) => r.lockfile)
      if (pinned) manifests.push({ path: raw, ecosystem: pinned.ecosystem as Ecosystem })
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
    const seen = ecosystems.get(group) ?? new Set()
    for (const e of found) if (e.kind === 'lockfile') seen.add(e.ecosystem)
    ecosystems.set(group, seen)
  }
  const manifestGroups: ProjectGroup[] = []
  for (const { path, ecosystem } of manifests) {
    // Only a lockfile of the manifest's own ecosystem pins it.
    const pinning = (dir: string) => {
      const group = lockGroups.get(dir)
      return group && ecosystems.get(group)?.has(ecosystem) ? group : undefined
    }
    const owner = pinning(dirOf(path)) ?? workspaceOwner(dirOf(path), pinning, options)
    if (owner) owner.manifests.push(path)
    else manifestGroups.push({ dir: dirOf(path), kind: 'manifest', sources: [], manifests: [path] })
  }
  const groups = [...lockGroups.values(), ...sbomGroups, ...manifestGroups].sort((a, b) =>
    a.dir === b.dir ? a.kind.localeCompare(b.kind) : a.dir.localeCompare(b.dir),
  )
  return { groups, supported }
}
