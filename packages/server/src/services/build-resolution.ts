// Builds in an analysis that need resolution (DESIGN §1 "Resolve"): a pom.xml names only direct
// dependencies, a build.gradle leaves versions to BOMs and a package.json without lockfile pins
// nothing, so the analysis job runs the engine's registered resolvers over the analysis's stored
// files through the datasource clients it is given. All merge with the lockfiles' and SBOMs' graph.
import {
  mayNeedResolution,
  type ProjectExtraction,
  type ResolveProjectDeps,
  resolveProject,
} from '@sextant/engine'
import type { Db } from '../db/connection'
import { analysisFilePaths, analysisFiles } from './analysis-files.repo'

/**
 * The analysis's whole project graph when a resolver had a build to resolve among its files (and
 * the datasource it needs, where it cannot do without); `null` when there is nothing to resolve.
 * `paths`: the paths of its files when already read (the analysis claim returns them).
 */
export async function resolveStoredBuild(
  db: Db,
  analysisUuid: string,
  deps: ResolveProjectDeps,
  paths?: readonly string[],
): Promise<ProjectExtraction | null> {
  if (!mayNeedResolution(paths ?? (await analysisFilePaths(db, analysisUuid)))) return null
  const result = await resolveProject(await analysisFiles(db, analysisUuid), deps)
  return result.resolvedBy.length > 0 ? result : null
}
