// GET /api/v1/cli and POST/GET /api/v1/cli/update (spec accounts-and-api §7; issue 15): public, no
// account data; the answers come from cli.service.ts.
import { routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../http/route'
import { type CliSettings, cliInfo, cliUpdate } from './cli.service'

export function cliRoutes(app: FastifyInstance, settings: CliSettings): void {
  bindRoute(app, routes.cliInfo, async () => cliInfo(settings))
  bindRoute(app, routes.cliUpdateCheck, async ({ body }) => cliUpdate(settings, body.version))
  bindRoute(app, routes.cliUpdateGet, async ({ query }) => cliUpdate(settings, query.version))
}
