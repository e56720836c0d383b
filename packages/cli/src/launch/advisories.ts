// `sextant advisories import <path|url>` (issue 9; DESIGN §1 cli): imports OSV records into the configured
// database without starting the server. Like launch/serve.ts it only hands work to @sextant/server.
// Exit codes: 0 imported (warnings allowed), 1 the source or the database failed, 2 bad configuration.
import { ConfigError, formatWarning, importAdvisorySource, loadConfig, openDatabase } from '@sextant/server'

export interface AdvisoryImportCommand {
  location: string
  /** Allow a URL on a private or loopback address (an internal mirror). */
  allowPrivate: boolean
  out?: (line: string) => void
  err?: (line: string) => void
}

/** How many warnings are printed; the rest are counted. */
const SHOWN_WARNINGS = 50

export async function runAdvisoryImport(command: AdvisoryImportCommand): Promise<number> {
  const out = command.out ?? ((line: string) => process.stdout.write(`${line}\n`))
  const err = command.err ?? ((line: string) => process.stderr.write(`${line}\n`))
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message)
      return 2
    }
    throw error
  }
  const opened = await openDatabase(config)
  try {
    const where = opened.embedded
      ? `embedded database in ${config.dataDir}`
      : 'PostgreSQL server from DATABASE_URL'
    out(`Importing OSV advisories from ${command.location} into the ${where}...`)
    const result = await importAdvisorySource(opened.db, config, command.location, {
      allowPrivateAddresses: command.allowPrivate,
    })
    const c = result.counts
    const ecosystems = Object.entries(c.byEcosystem)
      .map(([eco, n]) => `${eco} ${n}`)
      .join(', ')
    out(
      `${c.total} records read: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped${ecosystems ? ` (${ecosystems})` : ''}; source '${result.sourceId}', ${(result.durationMs / 1000).toFixed(1)} s.`,
    )
    for (const w of result.warnings.slice(0, SHOWN_WARNINGS)) err(`warning: ${formatWarning(w)}`)
    if (result.warnings.length > SHOWN_WARNINGS)
      err(`... and ${result.warnings.length - SHOWN_WARNINGS} more warnings.`)
    if (!result.ok) {
      err(`Import failed: ${result.error}`)
      return 1
    }
    return 0
  } finally {
    await opened.close()
  }
}
