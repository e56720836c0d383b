// The dependency graph a report was built from (analyses.graph), read through the report's project so
// only a visible project's reports are found (issue 13 item 5). For the remediation plan (issue 19).
import type { DependencyGraph } from '@sextant/engine'
import type { Db } from '../../db/connection'

export async function reportGraph(
  db: Db,
  projectUuid: string,
  reportUuid: string,
): Promise<DependencyGraph | null> {
  const { rows } = await db.query<{ graph: DependencyGraph | null }>(
    `SELECT a.graph FROM reports r JOIN analyses a ON a.uuid = r.analysis_uuid
     WHERE r.project_uuid = $1 AND r.uuid = $2`,
    [projectUuid, reportUuid],
  )
  return rows[0]?.graph ?? null
}

/**
 * The manifests and lockfiles uploaded with the report's analysis (analysis_files, contents in
 * upload_blobs since migration 059), for the plan's patch. Kept FILES_KEPT_HOURS after the analysis
 * ended (services/analysis-files.repo.ts): later there are none, and the patch says so.
 */
export async function reportManifestFiles(
  db: Db,
  projectUuid: string,
  reportUuid: string,
): Promise<{ path: string; content: string }[]> {
  const { rows } = await db.query<{ path: string; content: Buffer }>(
    `SELECT f.path, b.content FROM reports r
       JOIN analysis_files f ON f.analysis_uuid = r.analysis_uuid
       JOIN upload_blobs b ON b.digest = f.digest
     WHERE r.project_uuid = $1 AND r.uuid = $2
       AND (f.path ~ '(^|/)(package\\.json|pom\\.xml|yarn\\.lock|pnpm-lock\\.yaml)$')`,
    [projectUuid, reportUuid],
  )
  return rows.map((r) => ({ path: r.path, content: r.content.toString('utf8') }))
}
