// Instance licences over HTTP (spec accounts-and-api §7 GET /api/v1/license, POST /api/v1/license/{id}/
// activate and /release; issue 17): the system administrator's ('system' in §6). Logic in the service.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import { listLicences } from './instance-licences.repo'
import { activate, install, release } from './instance-licences.service'

export function instanceLicenceRoutes(app: FastifyInstance, db: Db, config: Config): void {
  bindRoute(app, routes.licenceList, async () => {
    const licences = await listLicences(db, new Date())
    return {
      keyConfigured: config.licencePublicKey !== null,
      mode: licences.length ? ('licensed' as const) : ('unlicensed' as const),
      licences,
    }
  })
  bindRoute(app, routes.licenceInstall, async ({ body }) =>
    orThrow(await install(db, config.licencePublicKey, body.file, new Date())),
  )
  bindRoute(app, routes.licenceActivate, async ({ params, query }) =>
    orThrow(await activate(db, params.id, query.account, new Date())),
  )
  bindRoute(app, routes.licenceRelease, async ({ params }) =>
    orThrow(await release(db, params.id, new Date())),
  )
}
