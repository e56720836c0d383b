// The registered npm resolver (issue 3 "package.json without a lockfile"; issue 18 registry): each
// package.json that no npm lockfile pins is resolved the way npm would install it, through the npm
// datasource's packuments; without them it stays noted as unresolved.
import { baseName } from '../../extractors/shared/define'
import { readPackageJson } from '../../extractors/shared/package-json'
import type { Warning } from '../../model'
import { noBuilds, type Resolver } from '../types'
import { DEFAULT_IDEAL_TREE_LIMITS, type IdealTreeLimits } from './ideal-tree'
import { resolveNpmManifest } from './resolve'
import { workspaceGlobs } from './workspaces'

export const MANIFEST_ONLY_WARNING = 'package.json without a lockfile: dependencies not resolved'

/** The report's note on a package.json Sextant resolved itself (replaces MANIFEST_ONLY_WARNING). */
export function manifestResolvedNote(limits: Partial<IdealTreeLimits> = {}): string {
  const l = { ...DEFAULT_IDEAL_TREE_LIMITS, ...limits }
  return (
    'package.json without a lockfile: dependencies resolved by Sextant the way npm would install them ' +
    `today (registry versions as of this analysis; at most ${l.maxPackages.toLocaleString('en')} packages, ` +
    `${l.maxDepth} levels of nesting); a lockfile gives the versions actually installed`
  )
}

export const npmResolver: Resolver = {
  id: 'npm',
  ecosystem: 'npm',
  kind: 'manifest',
  datasources: ['npm'],
  matches: (path) => baseName(path) === 'package.json' && !path.split('/').includes('node_modules'),
  lockfile: { unresolvedNote: MANIFEST_ONLY_WARNING, workspaces: workspaceGlobs },
  projectName(readFile) {
    const pkg = readPackageJson(readFile('package.json'), 'package.json')
    return pkg?.name ? { name: pkg.name, version: pkg.version } : null
  },
  // Each package.json alone is resolved on its own, as npm would in its folder.
  builds: (project) => [...project.manifests],
  async extractAll(project, deps) {
    const out = noBuilds()
    const npm = deps.npm
    if (!npm) return out
    for (const path of project.manifests) {
      const result = await resolveNpmManifest({
        path,
        content: project.readFile(path) ?? '',
        packuments: npm.packuments,
        pick: npm.pick,
        ...(npm.limits ? { limits: npm.limits } : {}),
      })
      if (!result.ok) {
        out.errors.push(result.error)
        continue
      }
      const note: Warning = { file: path, message: manifestResolvedNote(npm.limits) }
      out.warnings.push(note, ...result.warnings)
      out.graphs.push(result.graph)
      out.files.push(path)
      out.resolved.push(path)
    }
    return out
  },
}
