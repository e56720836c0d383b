// Imports while `sextant serve` holds the embedded database (issue 14): the CLI cannot open it, so it
// finds the running server through the access file the server keeps in the data folder and sends the
// file (or the URL) to the server's import routes, which store it as the CLI would have.
import { openAsBlob, statSync } from 'node:fs'
import { basename } from 'node:path'
import { createSextantClient, isSdkError, type SextantClient } from '@sextant/sdk'
import { type CliAccess, type Config, loadConfig, readLocalCliAccess } from '@sextant/server'

/** The running embedded server of the configured data folder, if any (a PostgreSQL server is shared safely). */
export function runningServer(): CliAccess | null {
  let config: Config
  try {
    config = loadConfig()
  } catch {
    return null // the direct import reports the configuration error
  }
  return config.databaseUrl ? null : readLocalCliAccess(config.dataDir)
}

export const isUrl = (location: string) => /^https?:\/\//i.test(location)

/** One file to send: a Blob read from disk as it is sent, and its name; an error text when it cannot be. */
export async function fileToSend(
  location: string,
): Promise<{ blob: Blob; name: string } | { error: string }> {
  const stat = statSync(location, { throwIfNoEntry: false })
  if (!stat) return { error: `${location} does not exist.` }
  if (!stat.isFile())
    return {
      error: `${location} is a folder; while the server runs, send one file (zip the folder, or an all.zip / JSONL export).`,
    }
  return { blob: await openAsBlob(location), name: basename(location) }
}

export function serverClient(access: CliAccess): SextantClient {
  return createSextantClient({ baseUrl: access.url, auth: { type: 'token', token: access.token } })
}

export function failure(error: unknown): string {
  return `Import failed: ${isSdkError(error) || error instanceof Error ? error.message : String(error)}`
}
