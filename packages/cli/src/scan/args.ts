// `sextant scan [DIR] [options]` arguments (issue 15): parsed once at the edge into ScanSettings.
// Environment: SEXTANT_URL (server), SEXTANT_TOKEN or METERIAN_API_TOKEN (token), NO_COLOR. Bad usage
// is a ScanError -2, so a CI job never mistakes it for a failed check.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { CLI_EXIT_CODES, SCORE_DOMAINS, type ScoreDomain } from '@sextant/engine'
import { ScanError } from './errors'

export interface ReportOutputs {
  json?: string
  sarif?: string
  junit?: string
  cdx?: string
  spdx?: string
  pdf?: string
  console: boolean
}

export interface ScanSettings {
  dir: string
  server: string | null
  token: string | null
  project: string | null
  name: string | null
  branch: string | null
  url: string | null
  include: string[]
  exclude: string[]
  minimums: Partial<Record<ScoreDomain, number>>
  allowUnassessed: boolean
  failGracefully: boolean
  offline: boolean
  advisories: string | null
  registry: string | null
  outputs: ReportOutputs
  failOn: 'checks' | 'new'
  baseBranch: string | null
  timeoutMs: number
}

export const SCAN_USAGE = `Usage: sextant scan [DIR] [options]

Finds every supported manifest, lockfile and SBOM under DIR (default: .), has it analysed and
prints the three scores against their minima. Exit code: 0 all checks passed; +1 security,
+2 stability, +4 licensing failed; negative on errors (-1 no authorisation, -2 bad usage,
-3 unsupported project, -4 client outdated, -5 build already running, -6 analysis failed,
-7 unexpected server answer, -8 timed out, -9 server unreachable; the shell shows 256 + code).

Server:
  --server URL            Sextant server (default: $SEXTANT_URL); token from $SEXTANT_TOKEN
                          (or $METERIAN_API_TOKEN)
  --project UUID          Existing project (default: the project of --url, created when new)
  --name NAME             Name of a new project
  --branch NAME           Branch (default: the git branch)
  --url URL               Repository URL (default: the git remote 'origin')
  --timeout SECONDS       Give up waiting for the analysis after this long (default 600)
Files:
  --include GLOB          Only files matching (repeatable)
  --exclude GLOB          Leave out files matching (repeatable)
Gate:
  --min-security N, --min-stability N, --min-licensing N
                          Minimum scores for this build (0-100; default: the account's)
  --allow-unassessed      A domain that could not be assessed does not fail its check
  --fail-on new           Fail only on findings not in the latest report of --base-branch
  --base-branch NAME      Branch to compare with (default: main)
  --fail-gracefully       Errors exit 0 (failed checks still fail)
Offline:
  --offline               No server: analyse here against --advisories
  --advisories PATH       OSV advisories: all.zip, JSONL[.gz], a JSON file or a folder of them
  --registry URL          npm registry for stability and licensing (offline; default: none)
Reports (several at once):
  --report-json FILE  --report-sarif FILE  --report-junit FILE  --report-cdx FILE
  --report-spdx FILE  --report-pdf FILE    --report-console`

function minimum(domain: ScoreDomain, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100)
    throw new ScanError(
      CLI_EXIT_CODES.badUsage,
      `--min-${domain} must be a number from 0 to 100, not '${value}'.`,
    )
  return n
}

/** Parses the arguments after `scan`; `env` is the process environment (passed in for tests). */
export function parseScanArgs(argv: string[], env: Record<string, string | undefined>): ScanSettings {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    throw new ScanError(CLI_EXIT_CODES.badUsage, `${(error as Error).message}\n\n${SCAN_USAGE}`)
  }
  const { values: v, positionals } = parsed
  if (positionals.length > 1)
    throw new ScanError(CLI_EXIT_CODES.badUsage, `Scan one folder at a time, not ${positionals.join(', ')}.`)
  const minimums: Partial<Record<ScoreDomain, number>> = {}
  for (const d of SCORE_DOMAINS) {
    const m = minimum(d, v[`min-${d}`])
    if (m !== undefined) minimums[d] = m
  }
  const failOn = v['fail-on'] ?? 'checks'
  if (failOn !== 'checks' && failOn !== 'new')
    throw new ScanError(
      CLI_EXIT_CODES.badUsage,
      `--fail-on takes 'new' (or 'checks', the default), not '${failOn}'.`,
    )
  const offline = v.offline ?? false
  const server = v.server ?? env.SEXTANT_URL ?? null
  if (offline && !v.advisories)
    throw new ScanError(
      CLI_EXIT_CODES.badUsage,
      '--offline needs --advisories PATH (an OSV all.zip, JSONL, JSON file or folder).',
    )
  if (offline && failOn === 'new')
    throw new ScanError(
      CLI_EXIT_CODES.badUsage,
      "--fail-on new compares with the server's latest report of --base-branch: it needs a server, not --offline.",
    )
  if (!offline && !server)
    throw new ScanError(
      CLI_EXIT_CODES.badUsage,
      'Say which server to use: --server URL or SEXTANT_URL (or scan --offline).',
    )
  if (!offline && v.registry)
    throw new ScanError(
      CLI_EXIT_CODES.badUsage,
      '--registry is for --offline scans; the server uses its own registries.',
    )
  const timeout = Number(v.timeout ?? '600')
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new ScanError(CLI_EXIT_CODES.badUsage, `--timeout takes seconds, not '${v.timeout}'.`)
  const outputs: ReportOutputs = { console: v['report-console'] ?? false }
  for (const kind of ['json', 'sarif', 'junit', 'cdx', 'spdx', 'pdf'] as const) {
    const f = v[`report-${kind}`]
    if (f !== undefined) outputs[kind] = resolve(f)
  }
  return {
    dir: resolve(positionals[0] ?? '.'),
    server: offline ? null : server,
    token: env.SEXTANT_TOKEN || env.METERIAN_API_TOKEN || null,
    project: v.project ?? null,
    name: v.name ?? null,
    branch: v.branch ?? null,
    url: v.url ?? null,
    include: v.include ?? [],
    exclude: v.exclude ?? [],
    minimums,
    allowUnassessed: v['allow-unassessed'] ?? false,
    failGracefully: v['fail-gracefully'] ?? false,
    offline,
    advisories: v.advisories ? resolve(v.advisories) : null,
    registry: v.registry ?? null,
    outputs,
    failOn,
    baseBranch: v['base-branch'] ?? null,
    timeoutMs: timeout * 1000,
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      project: { type: 'string' },
      name: { type: 'string' },
      branch: { type: 'string' },
      url: { type: 'string' },
      timeout: { type: 'string' },
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
      'min-security': { type: 'string' },
      'min-stability': { type: 'string' },
      'min-licensing': { type: 'string' },
      'allow-unassessed': { type: 'boolean' },
      'fail-on': { type: 'string' },
      'base-branch': { type: 'string' },
      'fail-gracefully': { type: 'boolean' },
      offline: { type: 'boolean' },
      advisories: { type: 'string' },
      registry: { type: 'string' },
      'report-json': { type: 'string' },
      'report-sarif': { type: 'string' },
      'report-junit': { type: 'string' },
      'report-cdx': { type: 'string' },
      'report-spdx': { type: 'string' },
      'report-pdf': { type: 'string' },
      'report-console': { type: 'boolean' },
    },
  })
}
