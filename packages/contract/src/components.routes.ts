// Route definitions of component links (spec accounts-and-api §7 "Projects and reports", issue 17
// "Component links"). Reads no account's data: any caller may ask.
import { componentLinkQuerySchema, componentLinkSchema, componentParamsSchema } from './components'
import type { RouteDef } from './routes'

export const componentRouteDefs = {
  componentRegistryUrl: {
    method: 'GET',
    path: '/api/v1/components/:language/:name/:version/registryWebUrl',
    access: 'anonymous',
    summary:
      "The registry web page of a component version (npmjs.com, Maven Central, PyPI, pkg.go.dev, Packagist, NuGet, RubyGems, crates.io); with redirect=true a 302 to it. A scoped npm name travels encoded ('@scope%2Fname'), Maven names are 'group:artifact'. 404 for a language without a public registry.",
    params: componentParamsSchema,
    query: componentLinkQuerySchema,
    status: 200,
    response: componentLinkSchema,
  },
} as const satisfies Record<string, RouteDef>
