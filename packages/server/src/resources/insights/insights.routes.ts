// Account-wide report views (spec accounts-and-api §7 "Projects and reports", "Insights",
// "Vulnerabilities"; §6 reports / insights read): GET /api/v2/reports, /api/v3/reports,
// /api/v1/reports/{uuid}/summary, /api/v1/accounts/{id}/projects/count, /api/v1/metrics/security/me and
// /api/v2/accounts/{id}/insights/dependencies. Every answer covers the projects of the caller's account
// that they may see (services/projects.access.ts: team roles see their teams' projects), and cached
// answers are kept per such view; another account's ids answer 404.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { visibleProject } from '../../services/project-lookup'
import { listableView, ownView, viewOf } from '../../services/projects.access'
import { viewKey } from '../../services/projects.view'
import { aggregateAllComponents, ComponentLists } from './component-lists'
import { AnswerCache, ReportDigestCache } from './insights.cache'
import {
  accountStamp,
  branchKey,
  componentColumns,
  componentDigest,
  countAccountProjects,
  type DigestComponent,
  latestReports,
  scorePoints,
  sectionCounts,
} from './insights.repo'
import { aggregateInsights, distinctAdvisories, securityMetricsOf, severityCounts } from './insights.service'

const DAY_MS = 86_400_000
const sinceOf = (days: number | undefined, now: Date) =>
  days ? new Date(now.getTime() - days * DAY_MS) : null

export function insightRoutes(app: FastifyInstance, db: Db, cache = new AnswerCache()): void {
  // the findings of each report, read once (issue 20): a new upload costs one report's read, not the account's
  const digests = new ReportDigestCache<DigestComponent>()
  const digestOf = (reportUuids: string[]) =>
    digests.digestOf(reportUuids, (missing) => componentDigest(db, missing))
  // and with all=true their component lists, read once too
  const lists = new ComponentLists()

  bindRoute(app, routes.reportsLatest, async ({ request }) =>
    latestReports(db, { view: ownView(request.principal) }, null),
  )

  bindRoute(app, routes.reportsOverview, async ({ query, request }) => {
    const view = ownView(request.principal)
    const stamp = await accountStamp(db, view.accountUuid)
    return cache.get(`v3:${viewKey(view)}:${query.sinceDaysAgo ?? ''}`, stamp, query.nocache, async () => {
      const now = new Date()
      const since = sinceOf(query.sinceDaysAgo, now)
      const owner = { view }
      const [latest, points, projects, everLatest] = await Promise.all([
        latestReports(db, owner, since),
        scorePoints(db, owner, since),
        countAccountProjects(db, view),
        latestReports(db, owner, null),
      ])
      const outcomes = { PASS: 0, FAIL: 0, UNDECLARED: 0 }
      for (const r of latest) outcomes[r.outcome]++
      return {
        sinceDaysAgo: query.sinceDaysAgo ?? null,
        generatedAt: now.toISOString(),
        projects,
        projectsWithoutReport: projects - new Set(everLatest.map((r) => r.projectUuid)).size,
        outcomes,
        reports: latest.map((r) => ({ ...r, trend: points.get(branchKey(r.projectUuid, r.branch)) ?? [] })),
      }
    })
  })

  bindRoute(app, routes.reportSummary, async ({ params, query, request }) => {
    const project = orThrow(await visibleProject(db, request.principal, params.projectId))
    const owner = { projectUuid: project.uuid }
    const [latest, points] = await Promise.all([
      latestReports(db, owner, null),
      scorePoints(db, owner, sinceOf(query.sinceDaysAgo, new Date())),
    ])
    const digest = await digestOf(latest.map((r) => r.reportUuid))
    const counts = await sectionCounts(
      db,
      latest.map((r) => r.reportUuid),
    )
    return {
      projectUuid: project.uuid,
      projectName: project.name,
      sinceDaysAgo: query.sinceDaysAgo ?? null,
      branches: latest.map((r) => {
        const own = digest.filter((c) => c.reportUuid === r.reportUuid)
        const c = counts.get(r.reportUuid)
        return {
          ...r,
          vulnerabilities: severityCounts(distinctAdvisories(own).values()),
          vulnerableComponents: new Set(own.map((o) => `${o.language}/${o.name}/${o.version}`)).size,
          stability: { patch: c?.patch ?? 0, minor: c?.minor ?? 0, major: c?.major ?? 0 },
          licensing: { forbidden: c?.forbidden ?? 0, undeclared: c?.undeclared ?? 0 },
          trend: points.get(branchKey(r.projectUuid, r.branch)) ?? [],
        }
      }),
    }
  })

  bindRoute(app, routes.accountProjectsCount, async ({ params, request }) => ({
    count: await countAccountProjects(db, orThrow(listableView(request.principal, params.id))),
  }))

  bindRoute(app, routes.securityMetrics, async ({ request }) => {
    const view = ownView(request.principal)
    const accountUuid = view.accountUuid
    const stamp = await accountStamp(db, accountUuid)
    return cache.get(`metrics:${viewKey(view)}`, stamp, false, async () => {
      const latest = await latestReports(db, { view }, null)
      const [projects, digest] = await Promise.all([
        countAccountProjects(db, view),
        digestOf(latest.map((r) => r.reportUuid)),
      ])
      return securityMetricsOf(accountUuid, projects, latest, digest, new Date())
    })
  })

  bindRoute(app, routes.dependencyInsights, async ({ query, request }) => {
    // The auth layer resolved the path's account ('me', a uuid) and refused other accounts (404).
    const accountUuid = request.scope.accountUuid ?? request.principal.account.uuid
    const view = viewOf(request.principal, accountUuid)
    const stamp = await accountStamp(db, accountUuid)
    const { nocache, ...rest } = query
    return cache.get(`insights:${viewKey(view)}:${JSON.stringify(rest)}`, stamp, nocache, async () => {
      const now = new Date()
      const latest = await latestReports(db, { view }, sinceOf(query.sinceDaysAgo, now))
      const uuids = latest.map((r) => r.reportUuid)
      // With an advisory or severity filter, all=true lists what all=false does: the matching findings.
      const everyComponent = query.all && !query.advisory && !query.severity?.length
      const [listed, digest] = await Promise.all([
        everyComponent ? lists.listsOf(uuids, (missing) => componentColumns(db, missing)) : null,
        digestOf(uuids),
      ])
      return {
        accountUuid,
        sinceDaysAgo: query.sinceDaysAgo ?? null,
        generatedAt: now.toISOString(),
        reports: latest.length,
        ...(listed
          ? aggregateAllComponents(latest, listed.lists, listed.tables, digest, query)
          : aggregateInsights(digest, new Map(latest.map((r) => [r.reportUuid, r])), query)),
      }
    })
  })
}
