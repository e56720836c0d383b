// The sysadmin panel and server-wide lists (spec accounts-and-api §7 "Features, plans, properties",
// "Vulnerabilities and languages", "statistics"): features, plans (+ per-account features and plan),
// property catalogues, scopes, languages (our real ones: java, javascript, nodejs), site stats and
// storage per account (issue 20).
import { type AccountSummary, routes, scopeNames } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { bindRoute } from '../../http/route'
import { findAccount } from '../../services/identity.repo'
import { presentSummary, setPlanAndFeatures } from '../accounts/accounts.repo'
import { features, isFeature, planFeatures, plans, withMembersRule } from '../accounts/plans'
import { accountProperties, teamProperties } from '../accounts/properties'
import { siteStats } from './admin.repo'
import { storageOverview } from './storage.repo'

/** Language keys the analysis supports (product-notes "How scans reach the server"). */
export const supportedLanguages = ['java', 'javascript', 'nodejs'] as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function adminRoutes(app: FastifyInstance, db: Db): void {
  async function setFeatures(
    id: string,
    plan: string | null,
    requested: string[] | null,
  ): Promise<AccountSummary> {
    const account = UUID.test(id) ? await findAccount(db, id) : null
    if (!account) throw new HttpError(404, `There is no account ${id}.`)
    const nextPlan = plan ?? account.plan
    await setPlanAndFeatures(
      db,
      account.uuid,
      nextPlan,
      requested ? withMembersRule(nextPlan, requested) : planFeatures(nextPlan),
    )
    return presentSummary((await findAccount(db, account.uuid))!)
  }

  bindRoute(app, routes.adminFeatures, async () => features)
  bindRoute(app, routes.adminStorage, async () => storageOverview(db))
  bindRoute(app, routes.adminPlans, async () => plans.map((p) => ({ ...p, features: planFeatures(p.name) })))

  bindRoute(app, routes.accountFeaturesSet, async ({ params, query }) => {
    const names = query.names
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
    const unknown = names.filter((n) => !isFeature(n))
    if (unknown.length)
      throw new HttpError(
        400,
        `Unknown feature(s): ${unknown.join(', ')}. See GET /api/v1/admin/ag/features.`,
      )
    return setFeatures(params.id, null, names)
  })

  bindRoute(app, routes.accountPlanSet, async ({ params, query }) => {
    if (!plans.some((p) => p.name === query.name))
      throw new HttpError(400, `Unknown plan ${query.name}. See GET /api/v1/admin/ag/plans.`)
    return setFeatures(params.id, query.name, null)
  })

  bindRoute(app, routes.planIllustration, async ({ params }) => {
    const name = params.file.replace(/-plan-illustration\.json$/, '')
    const plan = plans.find((p) => p.name === name)
    if (!plan) throw new HttpError(404, `There is no plan ${name}.`)
    return { ...plan, features: planFeatures(plan.name) }
  })

  bindRoute(app, routes.adminAccountProperties, async () => accountProperties.map((p) => ({ ...p })))
  bindRoute(app, routes.adminTeamProperties, async () => teamProperties.map((p) => ({ ...p })))
  bindRoute(app, routes.adminScopes, async () => [...scopeNames])
  // Every tool of the original product (boss, bossc, isaac) covers the same languages here.
  bindRoute(app, routes.adminLanguages, async () => [...supportedLanguages])
  bindRoute(app, routes.supportedLanguages, async () => [...supportedLanguages])

  bindRoute(app, routes.siteStats, async () => siteStats(db))
}
