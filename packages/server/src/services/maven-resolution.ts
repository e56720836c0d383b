// Builds in an analysis that need resolution (DESIGN §1 "Resolve"): a pom.xml names only direct
// dependencies and a build.gradle leaves versions to BOMs, so the analysis job resolves every top-level
// build among the analysis's stored files through the Maven repositories (SEXTANT_MAVEN_REPOSITORIES);
// a package.json without a lockfile is resolved the way npm would through the npm registry (issue 3).
// All merge with the lockfiles' and SBOMs' graph.
import {
  extractProject,
  lonePackageJsons,
  type ProjectExtraction,
  type ResolveProjectDeps,
  resolveProject,
  topLevelGradleBuilds,
  topLevelPoms,
} from '@sextant/engine'
import type { Db } from '../db/connection'

const isPackageJson = (path: string) => path === 'package.json' || path.endsWith('/package.json')

/**
 * The analysis's whole project graph when it holds a Maven build or a package.json without a lockfile
 * (and its registry is configured); `null` when there is nothing to resolve.
 */
export async function resolveStoredBuild(
  db: Db,
  analysisUuid: string,
  deps: ResolveProjectDeps,
): Promise<ProjectExtraction | null> {
  const { rows: paths } = await db.query<{ path: string }>(
    'SELECT path FROM analysis_files WHERE analysis_uuid = $1',
    [analysisUuid],
  )
  const all = paths.map((r) => r.path)
  const hasBuilds = topLevelPoms(all).length > 0 || topLevelGradleBuilds(all).length > 0
  if (!hasBuilds && !(deps.npm && all.some(isPackageJson))) return null
  const { rows } = await db.query<{ path: string; content: Buffer }>(
    'SELECT path, content FROM analysis_files WHERE analysis_uuid = $1',
    [analysisUuid],
  )
  const files = rows.map((r) => ({ path: r.path, content: r.content.toString('utf8') }))
  if (!hasBuilds && lonePackageJsons(extractProject(files)).length === 0) return null
  return resolveProject(files, deps)
}
