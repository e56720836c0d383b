// `sextant advisories import <path|url>` (issue 9; DESIGN §1 cli): imports OSV records into the configured
// database without starting the server. Like launch/serve.ts it only hands work to @sextant/server.
// Exit codes: 0 imported (warnings allowed), 1 the source or the database failed, 2 bad configuration.
import { formatWarning, importAdvisorySource } from '@sextant/server'
import { runImport } from './import-run'

export interface AdvisoryImportCommand {
  location: string
  /** Allow a URL on a private or loopback address (an internal mirror). */
  allowPrivate: boolean
  out?: (line: string) => void
  err?: (line: string) => void
}

export function runAdvisoryImport(command: AdvisoryImportCommand): Promise<number> {
  return runImport(command, async (config, opened, out, outbound) => {
    const where = opened.embedded
      ? `embedded database in ${config.dataDir}`
      : 'PostgreSQL server from DATABASE_URL'
    out(`Importing OSV advisories from ${command.location} into the ${where}...`)
    const result = await importAdvisorySource(opened.db, config, command.location, {
      allowPrivateAddresses: command.allowPrivate,
      outbound,
    })
    const c = result.counts
    const ecosystems = Object.entries(c.byEcosystem)
      .map(([eco, n]) => `${eco} ${n}`)
      .join(', ')
    out(
      `${c.total} records read: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped${ecosystems ? ` (${ecosystems})` : ''}; source '${result.sourceId}', ${(result.durationMs / 1000).toFixed(1)} s.`,
    )
    return { ok: result.ok, error: result.error, warnings: result.warnings.map(formatWarning) }
  })
}
