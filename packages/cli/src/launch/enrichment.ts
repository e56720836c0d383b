// `sextant enrichment import <epss|kev|cwe> <path|url>` (issue 9 "Enrichment"; DESIGN §1 cli): imports
// FIRST's EPSS CSV, CISA's KEV JSON or a CWE list into the configured database without a server, or,
// while `sextant serve` holds the embedded database, through that server (issue 14; through-server.ts).
// Exit codes: 0 imported (warnings allowed), 1 the source or the database failed, 2 bad configuration.
import {
  type CliAccess,
  type EnrichmentImportResult,
  formatEnrichmentWarning,
  importEnrichmentSource,
} from '@sextant/server'
import { runImport } from './import-run'
import { failure, fileToSend, isUrl, runningServer, serverClient } from './through-server'

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

function summary(r: Pick<EnrichmentImportResult, 'counts' | 'version' | 'durationMs'>, kind: string): string {
  const c = r.counts
  return `${c.total} ${kind.toUpperCase()} rows read: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped, ${c.removed} removed${r.version ? ` (version ${r.version})` : ''}; ${(r.durationMs / 1000).toFixed(1)} s.`
}

async function importThroughServer(command: EnrichmentImportCommand, access: CliAccess): Promise<number> {
  const out = command.out ?? ((line: string) => process.stdout.write(`${line}\n`))
  const err = command.err ?? ((line: string) => process.stderr.write(`${line}\n`))
  const client = serverClient(access)
  out(
    `Sextant is running at ${access.url} with this data folder: importing ${command.location} through it...`,
  )
  try {
    let answer: Awaited<ReturnType<typeof client.importEnrichment>>
    if (isUrl(command.location)) {
      answer = await client.call('enrichmentImport', {
        query: {
          kind: command.kind,
          location: command.location,
          ...(command.allowPrivate ? { allowPrivate: 'true' } : {}),
        },
      })
    } else {
      const file = await fileToSend(command.location)
      if ('error' in file) {
        err(`Import failed: ${file.error}`)
        return 1
      }
      answer = await client.importEnrichment(command.kind, file.blob, file.name)
    }
    out(summary(answer, command.kind))
    for (const w of answer.warnings) err(`warning: ${w}`)
    if (answer.warningCount > answer.warnings.length)
      err(`... and ${answer.warningCount - answer.warnings.length} more warnings.`)
    return 0
  } catch (error) {
    err(failure(error))
    return 1
  }
}

export function runEnrichmentImport(command: EnrichmentImportCommand): Promise<number> {
  const server = runningServer()
  if (server) return importThroughServer(command, server)
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
