// Which `sextant` client this server expects (spec accounts-and-api §7 "GET /api/v1/cli; POST and GET
// /api/v1/cli/update"; issue 15). The client is released with the server, so the expected version is
// this server's own; the oldest accepted is SEXTANT_CLI_MINIMUM_VERSION (default: the first release).
import { createRequire } from 'node:module'
import type { CliInfo, CliUpdate } from '@sextant/contract'
import { getVersionScheme } from '@sextant/engine'

/** The first client release: the builds API it speaks has not changed incompatibly since. */
export const FIRST_CLIENT_VERSION = '0.1.0'

export const SERVER_VERSION: string = (
  createRequire(import.meta.url)('../../../package.json') as { version: string }
).version

export interface CliSettings {
  cliDownloadUrl: string | null
  cliMinimumVersion: string | null
}

export function cliInfo(settings: CliSettings): CliInfo {
  return {
    version: SERVER_VERSION,
    minimumVersion: settings.cliMinimumVersion ?? FIRST_CLIENT_VERSION,
    downloadUrl: settings.cliDownloadUrl,
    instructions: settings.cliDownloadUrl
      ? `Get sextant ${SERVER_VERSION} from ${settings.cliDownloadUrl}, then run: sextant scan --server <this server's URL>`
      : `Use the sextant command of Sextant ${SERVER_VERSION} (packages/cli of the same release as this server): sextant scan --server <this server's URL>`,
  }
}

export function cliUpdate(settings: CliSettings, clientVersion: string): CliUpdate {
  const info = cliInfo(settings)
  const semver = getVersionScheme('npm')!
  const vsLatest = semver.compare(clientVersion, info.version)
  const vsMinimum = semver.compare(clientVersion, info.minimumVersion)
  // A version the scheme cannot read is never taken to be new enough.
  const updateRequired = vsMinimum === null || vsMinimum < 0
  const updateAvailable = vsLatest === null || vsLatest < 0
  const message = updateRequired
    ? vsMinimum === null
      ? `'${clientVersion}' is not a version this server can compare: use sextant ${info.version}.`
      : `sextant ${clientVersion} is older than ${info.minimumVersion}, the oldest this server accepts: update to ${info.version}.`
    : updateAvailable
      ? `sextant ${info.version} is available (you have ${clientVersion}).`
      : `sextant ${clientVersion} is up to date.`
  return { ...info, clientVersion, updateAvailable, updateRequired, message }
}
