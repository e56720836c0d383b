// GET /admin/server/{service}/healthcheck (spec accounts-and-api §7 "health": no auth, healthy true/false
// with details). Checks the database and the job engine; 503 when unhealthy so load balancers notice.
import { type Health, routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import { bindRoute } from '../http/route'

export interface HealthProbes {
  jobs: () => Promise<string>
}

export function healthRoutes(app: FastifyInstance, db: Db, probes: HealthProbes): void {
  bindRoute(app, routes.healthcheck, async ({ params, reply }) => {
    const details: Health['details'] = {}
    try {
      const r = await db.query<{ version: string }>('SELECT version() AS version')
      details.database = { healthy: true, message: r.rows[0]?.version.split(' on ')[0] ?? 'reachable' }
    } catch (error) {
      details.database = {
        healthy: false,
        message: error instanceof Error ? error.message : 'Unable to obtain reason for failure',
      }
    }
    try {
      details.jobs = { healthy: true, message: await probes.jobs() }
    } catch (error) {
      details.jobs = {
        healthy: false,
        message: error instanceof Error ? error.message : 'Unable to obtain reason for failure',
      }
    }
    const healthy = Object.values(details).every((d) => d.healthy)
    if (!healthy) reply.status(503)
    const body: Health = { service: params.service, healthy, details }
    if (!healthy) {
      reply.send(body)
      return undefined
    }
    return body
  })
}
