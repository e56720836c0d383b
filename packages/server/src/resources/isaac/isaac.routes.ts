// isaac policy routes (spec accounts-and-api §3 "Policy: sysid, enabled, severity, tags"; §7 "GET
// /api/v1/isaac/me/policies; POST /api/v1/isaac/me/policies/{sysid}"; §6 area "isaac": Administrators
// and team administrators set them, every other role reads). Stored per account (migration 010).
import { type IsaacPolicy, routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { bindRoute } from '../../http/route'

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

/** Trimmed labels without case-insensitive repeats, first spelling kept. */
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  return tags.filter((t) => {
    const key = t.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

export function isaacRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.isaacPolicyList, async ({ request }) => {
    const { rows } = await db.query<PolicyRow>(
      'SELECT * FROM isaac_policies WHERE account_uuid = $1 ORDER BY sysid',
      [request.principal.account.uuid],
    )
    return rows.map(present)
  })

  bindRoute(app, routes.isaacPolicySet, async ({ params, body, request }) => {
    const { rows } = await db.query<PolicyRow>(
      `INSERT INTO isaac_policies (account_uuid, sysid, enabled, severity, tags) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_uuid, sysid) DO UPDATE SET enabled = EXCLUDED.enabled,
         severity = EXCLUDED.severity, tags = EXCLUDED.tags, updated_at = now()
       RETURNING *`,
      [
        request.principal.account.uuid,
        params.sysid,
        body.enabled,
        body.severity,
        JSON.stringify(distinctTags(body.tags)),
      ],
    )
    return present(rows[0]!)
  })
}
