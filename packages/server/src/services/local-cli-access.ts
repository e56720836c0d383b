// The CLI's way into a running embedded server (issue 14: `sextant advisories import` while `npm start`
// holds the data folder). The embedded database belongs to one process, so the CLI cannot open it; the
// server writes its URL and an administrator API token into the data folder (mode 0600: whoever may read
// the folder may read the database anyway), and revokes the token when it stops or starts again.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../db/connection'
import { createToken, revokeToken } from '../resources/tokens/tokens.repo'
import { firstSysadminMembership, liveTokensNamed } from './local-cli-access.repo'

export const CLI_ACCESS_FILE = 'cli-access.json'
export const CLI_ACCESS_TOKEN_NAME = 'local CLI (embedded server)'

export interface CliAccess {
  url: string
  token: string
  pid: number
}

/** Creates the token for the first system administrator and writes the file; answers how to undo both. */
export async function grantLocalCliAccess(
  db: Db,
  dataDir: string,
  url: string,
): Promise<() => Promise<void>> {
  // a server that stopped without cleaning up (killed) left a live token: revoke it first
  for (const uuid of await liveTokensNamed(db, CLI_ACCESS_TOKEN_NAME)) await revokeToken(db, uuid)
  const membership = await firstSysadminMembership(db)
  if (!membership) return async () => {}
  const token = await createToken(db, membership, CLI_ACCESS_TOKEN_NAME, 'api', null)
  const file = join(dataDir, CLI_ACCESS_FILE)
  const access: CliAccess = { url, token: token.secret, pid: process.pid }
  writeFileSync(file, `${JSON.stringify(access)}\n`, { mode: 0o600 })
  return async () => {
    rmSync(file, { force: true })
    await revokeToken(db, token.uuid)
  }
}

/** The running embedded server's access in `dataDir`, or null when none runs there (no file, dead pid). */
export function readLocalCliAccess(dataDir: string): CliAccess | null {
  let access: CliAccess
  try {
    access = JSON.parse(readFileSync(join(dataDir, CLI_ACCESS_FILE), 'utf8')) as CliAccess
  } catch {
    return null
  }
  if (typeof access.url !== 'string' || typeof access.token !== 'string' || !Number.isInteger(access.pid))
    return null
  try {
    process.kill(access.pid, 0)
  } catch {
    return null
  }
  return access
}
