// Storage of recompute and outcomes (DESIGN §1 "Recompute re-runs steps 4-6 on the stored graph";
// product-notes "How scans reach the server": the outcome per project and branch).
import type { Db, DbClient } from '../../db/connection'

/** A new QUEUED analysis copying the graph, warnings, commit and `.meterian` file of another. */
export async function copyAnalysis(
  client: DbClient,
  fromUuid: string,
  uuid: string,
  source: string,
): Promise<boolean> {
  const r = await client.query(
    `INSERT INTO analyses (uuid, project_uuid, branch, source, status, graph, warnings, commit, exclusions_file)
     SELECT $1, project_uuid, branch, $3, 'QUEUED', graph, warnings, commit, exclusions_file
     FROM analyses WHERE uuid = $2 AND graph IS NOT NULL`,
    [uuid, fromUuid, source],
  )
  return (r.rowCount ?? 0) > 0
}

/** Whether a recompute or refresh of the branch is waiting or running. */
export async function branchBusy(db: Db, projectUuid: string, branch: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM analyses WHERE project_uuid = $1 AND branch = $2 AND status IN ('QUEUED', 'RUNNING') LIMIT 1`,
    [projectUuid, branch],
  )
  return rows.length > 0
}

export type Outcome = 'PASS' | 'FAIL' | 'UNDECLARED'

export async function storeOutcome(
  db: Db,
  projectUuid: string,
  branch: string,
  outcome: Outcome,
): Promise<Date> {
  const { rows } = await db.query<{ updated_at: Date }>(
    `INSERT INTO branch_outcomes (project_uuid, branch, outcome) VALUES ($1, $2, $3)
     ON CONFLICT (project_uuid, branch) DO UPDATE SET outcome = EXCLUDED.outcome, updated_at = now()
     RETURNING updated_at`,
    [projectUuid, branch, outcome],
  )
  return rows[0]!.updated_at
}

export async function findOutcome(
  db: Db,
  projectUuid: string,
  branch: string,
): Promise<{ outcome: Outcome; updatedAt: Date } | null> {
  const { rows } = await db.query<{ outcome: Outcome; updated_at: Date }>(
    'SELECT outcome, updated_at FROM branch_outcomes WHERE project_uuid = $1 AND branch = $2',
    [projectUuid, branch],
  )
  return rows[0] ? { outcome: rows[0].outcome, updatedAt: rows[0].updated_at } : null
}
