// Static-analysis reports in storage (migration 095; issue 17): SARIF uploads of a project branch as
// read, the newest one of a branch, and the account's isaac policies that drive their results.
import type { Db } from '../../db/connection'
import type { SarifContent, SarifFinding } from './sarif-reader'

export interface StoredSasha extends SarifContent {
  uuid: string
  projectUuid: string
  branch: string
  createdAt: Date
}

export async function insertSasha(
  db: Db,
  uuid: string,
  projectUuid: string,
  branch: string,
  content: SarifContent,
): Promise<void> {
  await db.query(
    `INSERT INTO sasha_reports (uuid, project_uuid, branch, tool_name, tool_version, rules, results)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      uuid,
      projectUuid,
      branch,
      content.tool.name,
      content.tool.version,
      content.rules,
      JSON.stringify(content.results),
    ],
  )
}

export async function latestSasha(db: Db, projectUuid: string, branch: string): Promise<StoredSasha | null> {
  const { rows } = await db.query<{
    uuid: string
    created_at: Date
    tool_name: string
    tool_version: string | null
    rules: number
    results: SarifFinding[]
  }>(
    `SELECT uuid, created_at, tool_name, tool_version, rules, results FROM sasha_reports
     WHERE project_uuid = $1 AND branch = $2 ORDER BY created_at DESC, uuid DESC LIMIT 1`,
    [projectUuid, branch],
  )
  const r = rows[0]
  return r
    ? {
        uuid: r.uuid,
        projectUuid,
        branch,
        createdAt: new Date(r.created_at),
        tool: { name: r.tool_name, version: r.tool_version },
        rules: r.rules,
        results: r.results,
      }
    : null
}

export interface IsaacPolicy {
  sysid: string
  enabled: boolean
  severity: string
  tags: string[]
}

export async function isaacPoliciesOf(db: Db, accountUuid: string): Promise<IsaacPolicy[]> {
  const { rows } = await db.query<IsaacPolicy>(
    'SELECT sysid, enabled, severity, tags FROM isaac_policies WHERE account_uuid = $1',
    [accountUuid],
  )
  return rows
}
