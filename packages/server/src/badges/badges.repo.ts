// What a badge needs (spec report-page §7 badges; DESIGN §2: badges never load report documents): the
// project's badge key, then the chosen report's scores. Issue 13 item 5: the scores are read only once
// the route has decided the caller may see the project, and only through that project (and branch).
import type { Db } from '../db/connection'
import { isUuid } from '../services/projects.repo'

/** A `null` score = the domain was not assessed, or only partly: a grey "n/a" badge (issue 14). */
export interface BadgeScores {
  security: number | null
  stability: number | null
  licensing: number | null
}

export async function badgeKeyOf(db: Db, projectUuid: string): Promise<string | null> {
  if (!isUuid(projectUuid)) return null
  const { rows } = await db.query<{ badge_key: string }>('SELECT badge_key FROM projects WHERE uuid = $1', [
    projectUuid,
  ])
  return rows[0]?.badge_key ?? null
}

/**
 * The scores of `reportUuid` when given, else of the branch's latest report, else (no branch) of the
 * project's latest; a report of another project or (with both given) another branch is no report.
 */
export async function badgeScores(
  db: Db,
  projectUuid: string,
  branch: string | undefined,
  reportUuid: string | undefined,
): Promise<BadgeScores | null> {
  if (reportUuid !== undefined && !isUuid(reportUuid)) return null
  const { rows } = await db.query<{
    security_score: number | null
    stability_score: number | null
    licensing_score: number | null
  }>(
    `SELECT security_score, stability_score, licensing_score FROM reports
     WHERE project_uuid = $1 AND ($2::uuid IS NULL OR uuid = $2::uuid) AND ($3::text IS NULL OR branch = $3)
     ORDER BY created_at DESC LIMIT 1`,
    [projectUuid, reportUuid ?? null, branch ?? null],
  )
  const r = rows[0]
  if (!r) return null
  return { security: r.security_score, stability: r.stability_score, licensing: r.licensing_score }
}
