// `sextant enrichment import <epss|kev|cwe> <path|url>` (issue 9 "Enrichment"; DESIGN §1 cli): imports
// FIRST's EPSS CSV, CISA's KEV JSON or a CWE list into the configured database without a server.
// Exit codes: 0 imported (warnings allowed), 1 the source or the database failed, 2 bad configuration.
import {
  ConfigError,
  type EnrichmentImportResult,
  formatEnrichmentWarning,
  importEnrichmentSource,
  loadConfig,
  openDatabase,
} from '@sextant/server'

export const ENRICHMENT_KINDS = ['epss', 'kev', 'cwe'] as const
export type EnrichmentKindArg = (typeof ENRICHMENT_KINDS)[number]

export function isEnrichmentKind(text: string | undefined): text is EnrichmentKindArg {
  return (ENRICHMENT_KINDS as readonly string[]).includes(text ?? '')
}

export interface EnrichmentImportCommand {
  kind: EnrichmentKindArg
  location: string
  allowPrivate: boolean
  out?: (line: string) => void
  err?: (line: string) => void
}

const SHOWN_WARNINGS = 50

function summary(r: EnrichmentImportResult, kind: string): string {
  const c = r.counts
  return `${c.total} ${kind.toUpperCase()} rows read: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped, ${c.removed} removed${r.version ? ` (version ${r.version})` : ''}; ${(r.durationMs / 1000).toFixed(1)} s.`
}

export async function runEnrichmentImport(command: EnrichmentImportCommand): Promise<number> {
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
    out(`Importing ${command.kind.toUpperCase()} from ${command.location}...`)
    const result = await importEnrichmentSource(opened.db, command.kind, command.location, {
      allowPrivateAddresses: command.allowPrivate,
    })
    out(summary(result, command.kind))
    for (const w of result.warnings.slice(0, SHOWN_WARNINGS)) err(`warning: ${formatEnrichmentWarning(w)}`)
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
