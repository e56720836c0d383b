// GET /admin/server/site/network (spec accounts-and-api §7, issue 17 "Site network"): system
// administrators only (the contract's permission 'system read', checked before the handler).
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { bindRoute } from '../../http/route'
import type { OutboundClient } from '../../http-client'
import { siteNetwork } from './site-network.service'

export function siteNetworkRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  outbound: OutboundClient,
): void {
  bindRoute(app, routes.siteNetwork, async () => siteNetwork(db, config, outbound))
}
