// What a badge needs in one query (spec report-page §7 badges; DESIGN §2: badges never load report
// documents): the project's visibility, badge key and minimum scores, and the chosen report's scores.
import type { Thresholds } from '@sextant/contract'
import type { Db } from '../db/connection'
import { isUuid } from '../services/projects.repo'

export interface BadgeFacts {
  projectUuid: string
  accountUuid: string
  isPublic: boolean
  badgeKey: string
  thresholds: Thresholds
  scores: { security: number; stability: number; licensing: number } | null
}

interface Row {
  uuid: string
  account_uuid: string
  is_public: boolean
  badge_key: string
  thresholds: Thresholds
  security_score: number | null
  stability_score: number | null
  licensing_score: number | null
}

/** The report is `reportUuid`'s, else the branch's latest, else (no branch) the project's latest. */
export async function badgeFacts(
  db: Db,
  projectUuid: string,
  branch: string | undefined,
  reportUuid: string | undefined,
): Promise<BadgeFacts | null> {
  if (!isUuid(projectUuid) || (reportUuid !== undefined && !isUuid(reportUuid))) return null
  const { rows } = await db.query<Row>(
    `SELECT p.uuid, p.account_uuid, p.is_public, p.badge_key, p.thresholds,
            r.security_score, r.stability_score, r.licensing_score
     FROM projects p
     LEFT JOIN LATERAL (
       SELECT security_score, stability_score, licensing_score FROM reports
       WHERE project_uuid = p.uuid AND ($2::uuid IS NULL OR uuid = $2::uuid) AND ($3::text IS NULL OR branch = $3)
       ORDER BY created_at DESC LIMIT 1
     ) r ON true
     WHERE p.uuid = $1`,
    [projectUuid, reportUuid ?? null, reportUuid ? null : (branch ?? null)],
  )
  const r = rows[0]
  if (!r) return null
  return {
    projectUuid: r.uuid,
    accountUuid: r.account_uuid,
    isPublic: r.is_public,
    badgeKey: r.badge_key,
    thresholds: r.thresholds,
    scores:
      r.security_score === null
        ? null
        : {
            security: r.security_score,
            stability: r.stability_score ?? 0,
            licensing: r.licensing_score ?? 0,
          },
  }
}
