// What `sextant advisories import` and `sextant enrichment import` share (DESIGN §1 cli): read the
// configuration, open the configured database without a server, run one import, print its warnings
// (the first 50, then a count) and answer the exit code: 0 imported, 1 failed, 2 bad configuration.
import {
  type Config,
  ConfigError,
  createOutboundClient,
  loadConfig,
  type OutboundClient,
  openDatabase,
} from '@sextant/server'

type Opened = Awaited<ReturnType<typeof openDatabase>>

export interface ImportOutcome {
  ok: boolean
  error?: string | null
  /** Already formatted for a person. */
  warnings: string[]
}

export interface ImportIo {
  out?: (line: string) => void
  err?: (line: string) => void
}

/** How many warnings are printed; the rest are counted. */
const SHOWN_WARNINGS = 50

export async function runImport(
  io: ImportIo,
  work: (
    config: Config,
    opened: Opened,
    out: (line: string) => void,
    outbound: OutboundClient,
  ) => Promise<ImportOutcome>,
): Promise<number> {
  const out = io.out ?? ((line: string) => process.stdout.write(`${line}\n`))
  const err = io.err ?? ((line: string) => process.stderr.write(`${line}\n`))
  let config: Config
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
  // URLs are fetched through the server's one outbound client (proxies, CAs, the SSRF rule).
  const outbound = createOutboundClient(config.outbound)
  try {
    const result = await work(config, opened, out, outbound)
    for (const w of result.warnings.slice(0, SHOWN_WARNINGS)) err(`warning: ${w}`)
    if (result.warnings.length > SHOWN_WARNINGS)
      err(`... and ${result.warnings.length - SHOWN_WARNINGS} more warnings.`)
    if (!result.ok) {
      err(`Import failed: ${result.error}`)
      return 1
    }
    return 0
  } finally {
    await outbound.close()
    await opened.close()
  }
}
