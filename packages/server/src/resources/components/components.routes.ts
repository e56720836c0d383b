// Component links (spec accounts-and-api §7 "GET /api/v1/components/{language}/{name}/{version}/
// registryWebUrl[?redirect=true]", issue 17): the registry web page of a component version, or a 302 to
// it. Reads no stored data; the page is computed by the contract's registryWebUrl, which the web app
// links through this route.
import { registryWebUrl, routes } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../../http/errors'
import { bindRoute } from '../../http/route'

export function componentRoutes(app: FastifyInstance): void {
  bindRoute(app, routes.componentRegistryUrl, async ({ params, query, reply }) => {
    const url = registryWebUrl(params.language, params.name, params.version)
    if (!url)
      throw new HttpError(
        404,
        `There is no registry web page for ${params.language} component ${params.name}: the language has no public registry we know, or the name is not one of its names.`,
      )
    if (query.redirect) return reply.redirect(url, 302)
    return { language: params.language, name: params.name, version: params.version, url }
  })
}
