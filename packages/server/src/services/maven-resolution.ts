// Maven and Gradle builds in an analysis (DESIGN §1 "Resolve"): a pom.xml names only direct
// dependencies and a build.gradle leaves versions to BOMs, so the analysis job resolves every top-level
// build among the analysis's stored files through the Maven repositories (SEXTANT_MAVEN_REPOSITORIES)
// and merges it with the lockfiles' and SBOMs' graph.
import {
  type MavenRepository,
  type ProjectExtraction,
  resolveProject,
  topLevelGradleBuilds,
  topLevelPoms,
} from '@sextant/engine'
import type { Db } from '../db/connection'

/** The analysis's whole project graph when it holds a Maven or Gradle build; `null` when there is nothing to resolve. */
export async function resolveStoredBuild(
  db: Db,
  analysisUuid: string,
  maven: MavenRepository | undefined,
): Promise<ProjectExtraction | null> {
  const { rows: paths } = await db.query<{ path: string }>(
    'SELECT path FROM analysis_files WHERE analysis_uuid = $1',
    [analysisUuid],
  )
  const all = paths.map((r) => r.path)
  if (topLevelPoms(all).length === 0 && topLevelGradleBuilds(all).length === 0) return null
  const { rows } = await db.query<{ path: string; content: Buffer }>(
    'SELECT path, content FROM analysis_files WHERE analysis_uuid = $1',
    [analysisUuid],
  )
  const files = rows.map((r) => ({ path: r.path, content: r.content.toString('utf8') }))
  return resolveProject(files, maven ? { maven } : {})
}
