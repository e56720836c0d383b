// The advisories published recently (issue 16 "Stats"; spec accounts-and-api §7 GET /stats/public-vulns.json):
// read newest first through the partial index of migration 022, at most `limit`, with their packages.
import type { Db } from '../../db/connection'

export interface PublicVulnRow {
  id: string
  aliases: string[]
  summary: string | null
  published: Date
  modified: Date | null
  severity: string | null
  cvss: number | null
  packages: { ecosystem: string; name: string }[]
}

export async function publishedSince(
  db: Db,
  since: Date,
  limit: number,
): Promise<{ total: number; rows: PublicVulnRow[] }> {
  const [list, total] = await Promise.all([
    db.query<PublicVulnRow>(
      `SELECT a.id, a.aliases, a.raw->>'summary' AS summary, a.published, a.modified, a.severity, a.cvss,
              coalesce((SELECT json_agg(json_build_object('ecosystem', p.ecosystem, 'name', p.name)
                                        ORDER BY p.ecosystem, p.name)
                        FROM advisory_packages p WHERE p.advisory_id = a.id), '[]') AS packages
       FROM advisories a
       WHERE a.published IS NOT NULL AND a.withdrawn IS NULL AND a.published >= $1
       ORDER BY a.published DESC, a.id LIMIT $2`,
      [since, limit],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM advisories
       WHERE published IS NOT NULL AND withdrawn IS NULL AND published >= $1`,
      [since],
    ),
  ])
  return { total: total.rows[0]?.n ?? 0, rows: list.rows }
}
