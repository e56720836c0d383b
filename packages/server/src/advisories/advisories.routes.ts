// Advisory databases over HTTP (spec accounts-and-api §7 "Licence server, databases, statistics, health"):
// GET /api/v1/stats/advisories-dbs (anyone: no locations, warnings or error texts, which name server paths),
// GET /api/v1/databases and GET /api/v1/databases/{id}/sync (account and system administrators: §6
// configuration read, issue 13 item 12), POST /api/v1/databases/{id}/sync (system administrators).
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import type { PgBoss } from '../jobs/boss'
import { countAdvisories } from './advisories.repo'
import { PUBLIC_SYNC_ERROR } from './snapshot'
import { findSource, listSources } from './sources.repo'
import { queueAdvisorySync } from './sync.job'

export { PUBLIC_SYNC_ERROR } from './snapshot'

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
    const databases = (await listSources(db)).map(({ location: _l, warnings: _w, ...db }) => ({
      ...db,
      lastError: db.lastError === null ? null : PUBLIC_SYNC_ERROR,
    }))
    return { ...counts, databases }
  })

  bindRoute(app, routes.databases, async () => listSources(db))

  // Sysadmins only: the route's contract permission (system edit) is checked before this runs.
  bindRoute(app, routes.databaseSyncStart, async ({ params }) => {
    await knownSource(db, params.id)
    await queueAdvisorySync(db, boss, { sourceId: params.id, reason: 'request' })
    return knownSource(db, params.id)
  })

  bindRoute(app, routes.databaseSyncStatus, async ({ params }) => knownSource(db, params.id))
}
