// `sextant <command>` (DESIGN §1 cli): scan, serve, worker, imports. Exit codes: scan as product-notes
// "CLI exit code" says (scan/args.ts SCAN_USAGE); the others 0 ok, 1 failure, 2 bad usage or configuration.
// Each command's code is loaded when it runs: a scan does not load the server, nor serve the scanner.
import { parseArgs } from 'node:util'

const usage = `Usage: sextant <command> [options]

Commands:
  scan [DIR] [options]   Analyse a project's dependencies; exit code = failed checks (see 'sextant scan --help')
  nextsafe <language> <name> <version>
                         The latest safe version per lane (server, or --offline with --advisories and --registry)
  mcp                    Model Context Protocol server over stdio for AI assistants (SEXTANT_URL, SEXTANT_TOKEN)
  serve [--no-workers]   Start the API and web app (with job workers unless --no-workers)
  worker                 Start job workers only (needs DATABASE_URL)
  advisories import <path|url> [--allow-private]
                         Import OSV advisories (all.zip, JSONL[.gz], JSON file or folder, http(s) URL)
  enrichment import <epss|kev|cwe> <path|url> [--allow-private]
                         Import FIRST's EPSS CSV[.gz], CISA's KEV JSON or a CWE list CSV (file or URL)
  help                   Show this help

Configuration is read from the environment; see README.md "Configuration".`

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  switch (command) {
    case 'scan':
      if (rest.includes('--help') || rest.includes('-h')) {
        process.stdout.write(`${(await import('./scan/args')).SCAN_USAGE}\n`)
        return 0
      }
      return (await import('./scan/run')).runScan(rest, {
        stdout: process.stdout,
        stderr: process.stderr,
        env: process.env,
      })
    case 'nextsafe':
      if (rest.includes('--help') || rest.includes('-h')) {
        process.stdout.write(`${(await import('./nextsafe/run')).NEXTSAFE_USAGE}\n`)
        return 0
      }
      return (await import('./nextsafe/run')).runNextSafe(rest, {
        stdout: process.stdout,
        stderr: process.stderr,
        env: process.env,
      })
    case 'mcp':
      return (await import('./mcp/server')).runMcp(process.env)
    case 'serve': {
      const { values } = parseArgs({
        args: rest,
        options: { 'no-workers': { type: 'boolean', default: false } },
      })
      return (await import('./launch/serve')).runServe({
        api: true,
        workers: !values['no-workers'],
        env: process.env,
      })
    }
    case 'worker':
      parseArgs({ args: rest, options: {} })
      return (await import('./launch/serve')).runServe({ api: false, workers: true, env: process.env })
    case 'advisories': {
      const { positionals, values } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { 'allow-private': { type: 'boolean', default: false } },
      })
      const [sub, location, ...extra] = positionals
      if (sub !== 'import' || !location || extra.length > 0) {
        process.stderr.write(`Usage: sextant advisories import <path|url> [--allow-private]\n`)
        return 2
      }
      return (await import('./launch/advisories')).runAdvisoryImport({
        location,
        allowPrivate: values['allow-private'],
      })
    }
    case 'enrichment': {
      const { positionals, values } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { 'allow-private': { type: 'boolean', default: false } },
      })
      const [sub, kind, location, ...extra] = positionals
      const { isEnrichmentKind, runEnrichmentImport } = await import('./launch/enrichment')
      if (sub !== 'import' || !isEnrichmentKind(kind) || !location || extra.length > 0) {
        process.stderr.write('Usage: sextant enrichment import <epss|kev|cwe> <path|url> [--allow-private]\n')
        return 2
      }
      return runEnrichmentImport({ kind, location, allowPrivate: values['allow-private'] })
    }
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(`${usage}\n`)
      return 0
    default:
      process.stderr.write(`Unknown command '${command}'.\n\n${usage}\n`)
      return 2
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    // A negative code (scan errors) leaves the process as 256 + code, as the shell shows it.
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode =
      typeof error === 'object' && error && 'code' in error && error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? 2
        : 1
  },
)
