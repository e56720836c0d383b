// GET /admin/server/{service}/healthcheck (spec accounts-and-api §7 "health": no auth, healthy true/false
// with details). Checks the database and the job engine (critical: 503 when either fails, so load balancers
// notice) and the advisory store (issue 14: empty, stale or failing makes the server unhealthy, not down);
// with the embedded database, the free space of its data folder (critical). Every probe answers within
// HEALTH_PROBE_TIMEOUT_MS or counts as failed with that reason, so the check itself never hangs (issue 13
// item 3: a full disk left the embedded database unanswering and the check waiting with it).
import type { AdvisorySnapshot } from '@sextant/contract'
import { type Health, routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import { bindRoute } from '../http/route'
import { databaseVersion } from '../operations/operations.repo'

/** How long one probe may take before it counts as failed (a load balancer's check times out later). */
export const HEALTH_PROBE_TIMEOUT_MS = 3_000

export interface HealthProbes {
  jobs: () => Promise<string>
  /** The embedded database's data folder: free space (fails when the disk is full); absent otherwise. */
  storage?: () => Promise<string>
  /** The advisory store's state, without failed syncs' reasons (anyone reads the health check). */
  advisories: () => Promise<AdvisorySnapshot>
}

const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Unable to obtain reason for failure'

/** The probe's answer, or a failure naming what did not answer in time. */
function within<T>(probe: () => Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${HEALTH_PROBE_TIMEOUT_MS / 1000} s`)),
      HEALTH_PROBE_TIMEOUT_MS,
    )
  })
  return Promise.race([probe(), late]).finally(() => clearTimeout(timer))
}

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
    const [database, jobs, storage, snapshot] = await Promise.allSettled([
      within(() => databaseVersion(db), 'the database'),
      within(probes.jobs, 'the job engine'),
      probes.storage ? within(probes.storage, 'the data folder') : Promise.resolve(null),
      within(probes.advisories, 'the advisory store'),
    ])
    details.database =
      database.status === 'fulfilled'
        ? { healthy: true, message: database.value?.split(' on ')[0] ?? 'reachable' }
        : { healthy: false, message: reasonOf(database.reason) }
    details.jobs =
      jobs.status === 'fulfilled'
        ? { healthy: true, message: jobs.value }
        : { healthy: false, message: reasonOf(jobs.reason) }
    if (storage.status === 'rejected') details.storage = { healthy: false, message: reasonOf(storage.reason) }
    else if (storage.value !== null) details.storage = { healthy: true, message: storage.value }
    try {
      if (snapshot.status === 'rejected') throw snapshot.reason
      advisories = snapshot.value
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
