// GET /admin/server/{service}/healthcheck (spec accounts-and-api §7 "health": no auth, healthy true/false
// with details). Checks the database and the job engine (critical: 503 when either fails, so load balancers
// notice) and the advisory store (issue 14: empty, stale or failing makes the server unhealthy, not down).
import type { AdvisorySnapshot } from '@sextant/contract'
import { type Health, routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import { bindRoute } from '../http/route'
import { databaseVersion } from '../operations/operations.repo'

export interface HealthProbes {
  jobs: () => Promise<string>
  /** The advisory store's state, without failed syncs' reasons (anyone reads the health check). */
  advisories: () => Promise<AdvisorySnapshot>
}

const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Unable to obtain reason for failure'

/** One line on the store: what it holds and, when not fresh, why. */
export function advisoryLine(s: AdvisorySnapshot): string {
  const held = Object.entries(s.byEcosystem)
    .map(([eco, n]) => `${eco} ${n}`)
    .join(', ')
  const what = `${s.records} advisories${held ? ` (${held})` : ''}`
  const synced = s.lastSuccessAt ? `; last successful sync or import ${s.lastSuccessAt}` : ''
  switch (s.state) {
    case 'fresh':
      return `${what}${synced}`
    case 'manual':
      return `${what}${synced}; no source is synced (imports only)`
    case 'empty':
      return `no advisories: ${s.problem ?? 'nothing was imported yet'}`
    default:
      return `${s.state}: ${what}; ${s.problem ?? ''}`.replace(/; $/, '')
  }
}

export function healthRoutes(app: FastifyInstance, db: Db, probes: HealthProbes): void {
  bindRoute(app, routes.healthcheck, async ({ params, reply }) => {
    const details: Health['details'] = {}
    let advisories: AdvisorySnapshot | undefined
    try {
      const version = await databaseVersion(db)
      details.database = { healthy: true, message: version?.split(' on ')[0] ?? 'reachable' }
    } catch (error) {
      details.database = { healthy: false, message: reasonOf(error) }
    }
    try {
      details.jobs = { healthy: true, message: await probes.jobs() }
    } catch (error) {
      details.jobs = { healthy: false, message: reasonOf(error) }
    }
    try {
      advisories = await probes.advisories()
      details.advisories = {
        healthy: advisories.state === 'fresh' || advisories.state === 'manual',
        message: advisoryLine(advisories),
        critical: false,
      }
    } catch (error) {
      details.advisories = { healthy: false, message: reasonOf(error), critical: false }
    }
    const healthy = Object.values(details).every((d) => d.healthy)
    const down = Object.values(details).some((d) => !d.healthy && d.critical !== false)
    const body: Health = { service: params.service, healthy, details, ...(advisories ? { advisories } : {}) }
    if (down) {
      reply.status(503).send(body)
      return undefined
    }
    return body
  })
}
