// This client's version, and the server's word on it (spec accounts-and-api §7 POST /api/v1/cli/update;
// issue 15): a client older than the server's minimum stops with -4 before uploading anything; a newer
// release is mentioned. The first call of a scan, so an unreachable server is found here (-9).
import { createRequire } from 'node:module'
import { CLI_EXIT_CODES } from '@sextant/engine'
import { cliApi, isSdkError, type SextantClient } from '@sextant/sdk'
import { asScanError, ScanError } from './scan/errors'

export const CLIENT_VERSION: string = (
  createRequire(import.meta.url)('../package.json') as { version: string }
).version

/** A line to show when a newer client exists; null when up to date. Throws ScanError -4 when too old. */
export async function checkClientVersion(client: SextantClient, server: string): Promise<string | null> {
  let answer: Awaited<ReturnType<ReturnType<typeof cliApi>['checkUpdate']>>
  try {
    answer = await cliApi(client).checkUpdate(CLIENT_VERSION)
  } catch (error) {
    // A server from before this route: nothing to say about versions, the scan goes on.
    if (isSdkError(error) && error.status === 404) return null
    throw asScanError(error, server)
  }
  if (answer.updateRequired)
    throw new ScanError(
      CLI_EXIT_CODES.clientOutdated,
      `${answer.message}${answer.downloadUrl ? ` Get it from ${answer.downloadUrl}.` : ''}`,
    )
  return answer.updateAvailable ? `Note: ${answer.message}` : null
}
