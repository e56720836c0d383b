// Advisory databases over HTTP (spec accounts-and-api §7 "Licence server, databases, statistics, health"):
// GET /api/v1/stats/advisories-dbs (anyone), GET /api/v1/databases and GET /api/v1/databases/{id}/sync
// (members), POST /api/v1/databases/{id}/sync (system administrators: 202 and a queued sync).
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import { isSysadmin } from '../http/auth'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import type { PgBoss } from '../jobs/boss'
import { countAdvisories } from './advisories.repo'
import { findSource, listSources } from './sources.repo'
import { queueAdvisorySync } from './sync.job'

async function knownSource(db: Db, id: string) {
  const source = await findSource(db, id)
  if (!source)
    throw new HttpError(
      404,
      `NOT FOUND: there is no advisory database '${id}'. GET /api/v1/databases lists them.`,
    )
  return source
}

export function advisoryRoutes(app: FastifyInstance, db: Db, boss: PgBoss): void {
  bindRoute(app, routes.advisoryDbStats, async () => {
    const counts = await countAdvisories(db)
    const databases = (await listSources(db)).map(({ location: _l, warnings: _w, ...db }) => db)
    return { ...counts, databases }
  })

  bindRoute(app, routes.databases, async () => listSources(db))

  bindRoute(app, routes.databaseSyncStart, async ({ params, request }) => {
    if (!isSysadmin(request.principal))
      throw new HttpError(
        403,
        'Unauthorized: only a system administrator may start an advisory database sync.',
      )
    await knownSource(db, params.id)
    await queueAdvisorySync(db, boss, { sourceId: params.id, reason: 'request' })
    return knownSource(db, params.id)
  })

  bindRoute(app, routes.databaseSyncStatus, async ({ params }) => knownSource(db, params.id))
}
