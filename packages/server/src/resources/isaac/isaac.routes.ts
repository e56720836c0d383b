// isaac policy routes (spec accounts-and-api §3 "Policy: sysid, enabled, severity, tags"; §7 "GET
// /api/v1/isaac/me/policies; POST /api/v1/isaac/me/policies/{sysid}"; §6 area "isaac": Administrators
// and team administrators set them, every other role reads). Stored per account (isaac.repo.ts).
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { bindRoute } from '../../http/route'
import { listIsaacPolicies, upsertIsaacPolicy } from './isaac.repo'

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
  bindRoute(app, routes.isaacPolicyList, async ({ request }) =>
    listIsaacPolicies(db, request.principal.account.uuid),
  )

  bindRoute(app, routes.isaacPolicySet, async ({ params, body, request }) =>
    upsertIsaacPolicy(db, request.principal.account.uuid, params.sysid, {
      enabled: body.enabled,
      severity: body.severity,
      tags: distinctTags(body.tags),
    }),
  )
}
