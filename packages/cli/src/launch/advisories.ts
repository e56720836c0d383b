// `sextant advisories import <path|url>` (issue 9; DESIGN §1 cli). With no server running it opens the
// configured database itself (launch/import-run.ts). While `sextant serve` holds the embedded database
// (issue 14), it sends the file to that server instead (POST /api/v1/databases/import, with the token the
// server keeps in the data folder), which stores it and recomputes older reports in the background.
// Exit codes: 0 imported (warnings allowed), 1 the source or the database failed, 2 bad configuration.
import { type CliAccess, formatWarning, importAdvisorySource } from '@sextant/server'
import { runImport } from './import-run'
import { failure, fileToSend, isUrl, runningServer, serverClient } from './through-server'

export interface AdvisoryImportCommand {
  location: string
  /** Allow a URL on a private or loopback address (an internal mirror). */
  allowPrivate: boolean
  out?: (line: string) => void
  err?: (line: string) => void
}

type Counts = { total: number; inserted: number; updated: number; unchanged: number; skipped: number }

function summary(c: Counts & { byEcosystem: Record<string, number> }, sourceId: string, ms: number): string {
  const ecosystems = Object.entries(c.byEcosystem)
    .map(([eco, n]) => `${eco} ${n}`)
    .join(', ')
  return `${c.total} records read: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped${ecosystems ? ` (${ecosystems})` : ''}; source '${sourceId}', ${(ms / 1000).toFixed(1)} s.`
}

async function importThroughServer(
  command: AdvisoryImportCommand,
  access: CliAccess,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const client = serverClient(access)
  out(
    `Sextant is running at ${access.url} with this data folder: importing ${command.location} through it...`,
  )
  try {
    let answer: Awaited<ReturnType<typeof client.importAdvisories>>
    if (isUrl(command.location)) {
      answer = await client.call('databaseImport', {
        query: { location: command.location, ...(command.allowPrivate ? { allowPrivate: 'true' } : {}) },
      })
    } else {
      const file = await fileToSend(command.location)
      if ('error' in file) {
        err(`Import failed: ${file.error}`)
        return 1
      }
      answer = await client.importAdvisories(file.blob, file.name)
    }
    out(summary(answer.counts, answer.sourceId, answer.durationMs))
    for (const w of answer.warnings) err(`warning: ${w}`)
    if (answer.warningCount > answer.warnings.length)
      err(`... and ${answer.warningCount - answer.warnings.length} more warnings.`)
    if (answer.reassessing) out('Reports built before are being recomputed with the new advisories.')
    return 0
  } catch (error) {
    err(failure(error))
    return 1
  }
}

export async function runAdvisoryImport(command: AdvisoryImportCommand): Promise<number> {
  const out = command.out ?? ((line: string) => process.stdout.write(`${line}\n`))
  const err = command.err ?? ((line: string) => process.stderr.write(`${line}\n`))
  const server = runningServer()
  if (server) return importThroughServer(command, server, out, err)
  return runImport(command, async (config, opened, print, outbound) => {
    const where = opened.embedded
      ? `embedded database in ${config.dataDir}`
      : 'PostgreSQL server from DATABASE_URL'
    print(`Importing OSV advisories from ${command.location} into the ${where}...`)
    const result = await importAdvisorySource(opened.db, config, command.location, {
      allowPrivateAddresses: command.allowPrivate,
      outbound,
    })
    print(summary(result.counts, result.sourceId, result.durationMs))
    // the server re-assesses older reports when it next runs (pending changes are kept in the database)
    if (result.counts.inserted + result.counts.updated > 0)
      print('Reports built before are recomputed with the new advisories once the server runs.')
    return { ok: result.ok, error: result.error, warnings: result.warnings.map(formatWarning) }
  })
}
