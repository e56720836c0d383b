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
  return (await copyAnalyses(client, [{ from: fromUuid, uuid }], source)).length > 0
}

/**
 * copyAnalysis for many at once (the re-assessment after a sync, issue 16 acceptance 6): one statement;
 * answers the new uuids of the analyses copied (one without a graph is not).
 */
export async function copyAnalyses(
  client: DbClient,
  copies: readonly { from: string; uuid: string }[],
  source: string,
): Promise<string[]> {
  if (copies.length === 0) return []
  const { rows } = await client.query<{ uuid: string }>(
    `INSERT INTO analyses (uuid, project_uuid, branch, source, status, graph, warnings, commit, exclusions_file)
     SELECT x.uuid, a.project_uuid, a.branch, $3, 'QUEUED', a.graph, a.warnings, a.commit, a.exclusions_file
     FROM unnest($1::uuid[], $2::uuid[]) AS x(uuid, from_uuid) JOIN analyses a ON a.uuid = x.from_uuid
     WHERE a.graph IS NOT NULL
     RETURNING uuid`,
    [copies.map((c) => c.uuid), copies.map((c) => c.from), source],
  )
  return rows.map((r) => r.uuid)
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
