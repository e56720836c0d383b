// The statistics files over HTTP (issue 16 "Stats"; spec accounts-and-api §7; shapes and permissions:
// contract stats.routes.ts): the caller's account's alerts per day (allerta) and the advisories published
// recently (public-vulns). GET /api/v1/admin/ag/site-stats already exists (resources/admin).
import { ALLERTA_SUMMARY_DAYS, type AllertaDay, type AllertaSummary, routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { bindRoute } from '../../http/route'
import { type AllertaCount, allertaCounts, messagesSent } from './allerta.repo'
import { publishedSince } from './public-vulns.repo'

const DAY_MS = 86_400_000
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

function day(
  accountUuid: string,
  date: string,
  counts: readonly AllertaCount[],
  messages: number,
): AllertaDay {
  const byEcosystem: Record<string, number> = {}
  const bySeverity: Record<string, number> = {}
  let alerts = 0
  for (const c of counts) {
    alerts += c.alerts
    byEcosystem[c.ecosystem] = (byEcosystem[c.ecosystem] ?? 0) + c.alerts
    bySeverity[c.severity] = (bySeverity[c.severity] ?? 0) + c.alerts
  }
  return {
    accountUuid,
    date,
    alerts,
    messages,
    byEcosystem,
    bySeverity,
    counts: counts.map(({ ecosystem, severity, alerts }) => ({ ecosystem, severity, alerts })),
  }
}

export function statsRoutes(app: FastifyInstance, db: Db, now: () => Date = () => new Date()): void {
  bindRoute(app, routes.allertaStats, async ({ request }): Promise<AllertaSummary> => {
    const account = request.principal.account.uuid
    const to = isoDay(now())
    const from = isoDay(new Date(now().getTime() - (ALLERTA_SUMMARY_DAYS - 1) * DAY_MS))
    const [counts, messages] = await Promise.all([
      allertaCounts(db, account, from, to),
      messagesSent(db, account, from, to),
    ])
    const days = Array.from({ length: ALLERTA_SUMMARY_DAYS }, (_, i) => {
      const date = isoDay(new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY_MS))
      const {
        accountUuid: _a,
        counts: _c,
        ...rest
      } = day(
        account,
        date,
        counts.filter((c) => c.date === date),
        messages.get(date) ?? 0,
      )
      return rest
    })
    return { accountUuid: account, from, to, alerts: days.reduce((n, d) => n + d.alerts, 0), days }
  })
  bindRoute(app, routes.allertaDayStats, async ({ request, params }) => {
    const account = request.principal.account.uuid
    const date = params.file.slice('allerta_'.length, 'allerta_'.length + 10)
    const [counts, messages] = await Promise.all([
      allertaCounts(db, account, date, date),
      messagesSent(db, account, date, date),
    ])
    return day(account, date, counts, messages.get(date) ?? 0)
  })
  bindRoute(app, routes.publicVulns, async ({ query }) => {
    const since = new Date(now().getTime() - query.days * DAY_MS)
    const { total, rows } = await publishedSince(db, since, query.limit)
    return {
      since: since.toISOString(),
      total,
      advisories: rows.map((r) => ({
        id: r.id,
        aliases: r.aliases,
        summary: r.summary,
        published: r.published.toISOString(),
        modified: r.modified?.toISOString() ?? null,
        severity: r.severity,
        cvss: r.cvss,
        packages: r.packages,
      })),
    }
  })
}
