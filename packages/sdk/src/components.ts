// Component links (spec accounts-and-api §7 GET /api/v1/components/{language}/{name}/{version}/
// registryWebUrl, issue 17): the registry web page of a component version, and the path that redirects
// to it (for plain links).
import type { SextantClient } from './client'
import { buildPath } from './url'

export function componentsApi(client: SextantClient) {
  return {
    registryWebUrl: async (language: string, name: string, version: string) =>
      client.call('componentRegistryUrl', {
        params: { language, name, version },
        query: { redirect: 'false' },
      }),
    /** A same-site path answering a 302 to the page: for an `href`. */
    registryLinkPath: (language: string, name: string, version: string) =>
      `${buildPath('/api/v1/components/:language/:name/:version/registryWebUrl', { language, name, version })}?redirect=true`,
  }
}

export type ComponentsApi = ReturnType<typeof componentsApi>
