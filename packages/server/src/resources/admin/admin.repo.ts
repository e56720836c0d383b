// The site statistics of the system administrator (spec accounts-and-api §7 "site stats"): one query of
// counts over the whole installation.
import type { siteStatsSchema } from '@sextant/contract'
import type { z } from 'zod'
import type { Db } from '../../db/connection'

export async function siteStats(db: Db): Promise<z.infer<typeof siteStatsSchema>> {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM accounts WHERE NOT is_default) AS accounts, (SELECT count(*) FROM users) AS users,
            (SELECT count(*) FROM teams) AS teams, (SELECT count(*) FROM projects) AS projects,
            (SELECT count(*) FROM reports) AS reports,
            (SELECT count(*) FROM sessions WHERE revoked_at IS NULL AND expires_at > now()) AS sessions`,
  )
  const r = rows[0] ?? {}
  return {
    accounts: Number(r.accounts),
    users: Number(r.users),
    teams: Number(r.teams),
    projects: Number(r.projects),
    reports: Number(r.reports),
    activeSessions: Number(r.sessions),
  }
}
