// isaac policies in storage (spec accounts-and-api §3 "Policy: sysid, enabled, severity, tags"; migration
// 010): one row per account and sysid; setting a policy again replaces it.
import type { IsaacPolicy } from '@sextant/contract'
import type { Db } from '../../db/connection'

interface PolicyRow {
  sysid: string
  enabled: boolean
  severity: IsaacPolicy['severity']
  tags: string[]
  updated_at: Date
}

const present = (r: PolicyRow): IsaacPolicy => ({
  sysid: r.sysid,
  enabled: r.enabled,
  severity: r.severity,
  tags: r.tags,
  updatedAt: new Date(r.updated_at).toISOString(),
})

export async function listIsaacPolicies(db: Db, accountUuid: string): Promise<IsaacPolicy[]> {
  const { rows } = await db.query<PolicyRow>(
    'SELECT * FROM isaac_policies WHERE account_uuid = $1 ORDER BY sysid',
    [accountUuid],
  )
  return rows.map(present)
}

export async function upsertIsaacPolicy(
  db: Db,
  accountUuid: string,
  sysid: string,
  policy: { enabled: boolean; severity: IsaacPolicy['severity']; tags: string[] },
): Promise<IsaacPolicy> {
  const { rows } = await db.query<PolicyRow>(
    `INSERT INTO isaac_policies (account_uuid, sysid, enabled, severity, tags) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_uuid, sysid) DO UPDATE SET enabled = EXCLUDED.enabled,
       severity = EXCLUDED.severity, tags = EXCLUDED.tags, updated_at = now()
     RETURNING *`,
    [accountUuid, sysid, policy.enabled, policy.severity, JSON.stringify(policy.tags)],
  )
  return present(rows[0]!)
}
