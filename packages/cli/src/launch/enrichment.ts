// `sextant enrichment import <epss|kev|cwe> <path|url>` (issue 9 "Enrichment"; DESIGN §1 cli): imports
// FIRST's EPSS CSV, CISA's KEV JSON or a CWE list into the configured database without a server.
// Exit codes: 0 imported (warnings allowed), 1 the source or the database failed, 2 bad configuration.
import { type EnrichmentImportResult, formatEnrichmentWarning, importEnrichmentSource } from '@sextant/server'
import { runImport } from './import-run'

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

function summary(r: EnrichmentImportResult, kind: string): string {
  const c = r.counts
  return `${c.total} ${kind.toUpperCase()} rows read: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped, ${c.removed} removed${r.version ? ` (version ${r.version})` : ''}; ${(r.durationMs / 1000).toFixed(1)} s.`
}

export function runEnrichmentImport(command: EnrichmentImportCommand): Promise<number> {
  return runImport(command, async (_config, opened, out, outbound) => {
    out(`Importing ${command.kind.toUpperCase()} from ${command.location}...`)
    const result = await importEnrichmentSource(opened.db, command.kind, command.location, {
      allowPrivateAddresses: command.allowPrivate,
      outbound,
    })
    out(summary(result, command.kind))
    return { ok: result.ok, error: result.error, warnings: result.warnings.map(formatEnrichmentWarning) }
  })
}
