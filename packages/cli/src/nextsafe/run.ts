// `sextant nextsafe <language> <name> <version>` (issue 15): the safe versions per lane as JSON on stdout
// ({language, name, version, latestPatch, latestMinor, latestMajor}, null where none) and readable lines
// on stderr; from the server (GET /api/v1/dependency/…/next), or --offline from --advisories and --registry.
import { parseArgs } from 'node:util'
import { CLI_EXIT_CODES, languageOfEcosystem } from '@sextant/engine'
import { createSextantClient } from '@sextant/sdk'
import { asScanError, ERROR_NAMES, ScanError } from '../scan/errors'
import type { ScanIo } from '../scan/run'
import { CLIENT_VERSION } from '../version'
import { ecosystemTyped, laneLines, type SafeLanes } from './lanes'

export const NEXTSAFE_USAGE = `Usage: sextant nextsafe <language> <name> <version> [options]

The latest version per lane (same major.minor, same major, overall) that no known advisory affects.
Languages: nodejs (or javascript, npm), java (or maven), python, golang, php, dotnet, ruby, rust.
  --server URL          Sextant server (default: $SEXTANT_URL; token from $SEXTANT_TOKEN)
  --offline             No server: --advisories PATH and --registry URL are needed
  --advisories PATH     OSV advisories (all.zip, JSONL[.gz], JSON file or folder)
  --registry URL        The registry listing the library's versions (npm registry, Maven repository)`

export async function runNextSafe(argv: string[], io: ScanIo): Promise<number> {
  try {
    let parsed: ReturnType<typeof parse>
    try {
      parsed = parse(argv)
    } catch (error) {
      throw new ScanError(CLI_EXIT_CODES.badUsage, `${(error as Error).message}\n\n${NEXTSAFE_USAGE}`)
    }
    const { values: v, positionals } = parsed
    const [language, name, version, ...extra] = positionals
    if (!language || !name || !version || extra.length > 0)
      throw new ScanError(CLI_EXIT_CODES.badUsage, NEXTSAFE_USAGE)
    const ecosystem = ecosystemTyped(language)
    if (!ecosystem)
      throw new ScanError(CLI_EXIT_CODES.badUsage, `There is no language '${language}'.\n\n${NEXTSAFE_USAGE}`)
    let lanes: SafeLanes
    if (v.offline) {
      if (!v.advisories || !v.registry)
        throw new ScanError(
          CLI_EXIT_CODES.badUsage,
          'nextsafe --offline needs --advisories PATH and --registry URL.',
        )
      const { nextSafeOffline } = await import('../launch/nextsafe-offline')
      const answer = await nextSafeOffline(ecosystem, name, version, {
        advisories: v.advisories,
        registry: v.registry,
      })
      lanes = { language: languageOfEcosystem(ecosystem), name, version, ...answer.lanes }
    } else {
      const server = v.server ?? io.env.SEXTANT_URL
      if (!server)
        throw new ScanError(
          CLI_EXIT_CODES.badUsage,
          'Say which server to ask: --server URL or SEXTANT_URL (or --offline).',
        )
      const token = io.env.SEXTANT_TOKEN || io.env.METERIAN_API_TOKEN
      const client = createSextantClient({
        baseUrl: server,
        ...(token ? { auth: { type: 'token', token } } : {}),
        userAgent: `sextant-cli/${CLIENT_VERSION}`,
      })
      const answer = await client
        .call('dependencyNext', { params: { language: languageOfEcosystem(ecosystem), name, version } })
        .catch((error: unknown) => {
          throw asScanError(error, server)
        })
      lanes = {
        language: answer.language,
        name,
        version,
        latestPatch: answer.safeVersions.latestPatch ?? null,
        latestMinor: answer.safeVersions.latestMinor ?? null,
        latestMajor: answer.safeVersions.latestMajor ?? null,
      }
    }
    io.stdout.write(`${JSON.stringify(lanes)}\n`)
    io.stderr.write(`${laneLines(lanes).join('\n')}\n`)
    return 0
  } catch (error) {
    if (!(error instanceof ScanError)) throw error
    io.stderr.write(`Error (${error.code}, ${ERROR_NAMES[error.code]}): ${error.message}\n`)
    return error.code
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      offline: { type: 'boolean' },
      advisories: { type: 'string' },
      registry: { type: 'string' },
    },
  })
}
