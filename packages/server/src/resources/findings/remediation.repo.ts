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
