// Typed calls of the scanner's own routes (spec accounts-and-api §7 "GET /api/v1/cli; POST and GET
// /api/v1/cli/update") and of the CI build flow (product-notes "How scans reach the server"). An empty
// version or build id fails before any request with the §8 SDK message 'Required information not provided.'
import type { SextantClient } from './client'
import { clientError, sdkMessages } from './errors'

function required(value: string | null | undefined): string {
  if (!value?.trim()) throw clientError(sdkMessages.missingInformation)
  return value.trim()
}

export function cliApi(client: SextantClient) {
  return {
    /** The client version the server expects, the oldest it accepts, and where to get it. */
    info: async () => client.call('cliInfo'),
    /** Whether a client of `version` should (updateAvailable) or must (updateRequired) update. */
    checkUpdate: async (version: string) =>
      client.call('cliUpdateCheck', { body: { version: required(version) } }),
    /** The same answer as checkUpdate, asked with GET ?version=. */
    updateStatus: async (version: string) =>
      client.call('cliUpdateGet', { query: { version: required(version) } }),
    build: async (id: string) => client.call('buildGet', { params: { id: required(id) } }),
  }
}

export type CliApi = ReturnType<typeof cliApi>
