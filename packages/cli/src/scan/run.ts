// `sextant scan` from start to exit code (issue 15): arguments, files, the analysis (through the server's
// builds API, or --offline on the engine), report files, the verdict lines and the exit code (bitmask
// of failed checks, or a negative error code; --fail-gracefully turns errors into 0).
import { basename } from 'node:path'
import { CLI_EXIT_CODES, type GateVerdict } from '@sextant/engine'
import { createSextantClient } from '@sextant/sdk'
import { consoleReport, useColour } from '../outputs/console'
import { asDocument, type ScanReport } from '../outputs/report-shape'
import { writeReportFiles } from '../outputs/write'
import { CLIENT_VERSION, checkClientVersion } from '../version'
import { parseScanArgs, type ScanSettings } from './args'
import { baseBranchOf, deltaGate, latestReport, previousReport } from './delta'
import { asScanError, ERROR_NAMES, ScanError } from './errors'
import { collectFiles } from './files'
import { gitBranch, gitRemoteUrl } from './git'
import { scanOnline } from './online'
import { assessmentState, reportVerdict, verdictLines } from './verdict'

export interface ScanIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean }
  stderr: NodeJS.WritableStream & { isTTY?: boolean }
  env: Record<string, string | undefined>
  now?: () => Date
}

/** A progress line on stderr: rewritten in place on a terminal, one line per step elsewhere (CI logs). */
function progressWriter(stderr: ScanIo['stderr']) {
  let open = false
  const write = (text: string) => {
    if (stderr.isTTY) {
      stderr.write(`\r\u001b[2K${text}`)
      open = true
    } else stderr.write(`${text}\n`)
  }
  const end = () => {
    if (open) stderr.write('\n')
    open = false
  }
  return { write, end }
}

export async function runScan(argv: string[], io: ScanIo): Promise<number> {
  let settings: ScanSettings | null = null
  const progress = progressWriter(io.stderr)
  try {
    settings = parseScanArgs(argv, io.env)
    return await scan(settings, io, progress)
  } catch (error) {
    progress.end()
    if (!(error instanceof ScanError)) throw error
    io.stderr.write(`Error (${error.code}, ${ERROR_NAMES[error.code]}): ${error.message}\n`)
    // Unusable arguments leave no settings: the flag is looked for among them as written.
    if (settings?.failGracefully ?? argv.includes('--fail-gracefully')) {
      io.stderr.write('--fail-gracefully: exiting 0 despite the error.\n')
      return 0
    }
    return error.code
  }
}

async function scan(
  s: ScanSettings,
  io: ScanIo,
  progress: ReturnType<typeof progressWriter>,
): Promise<number> {
  const now = io.now ?? (() => new Date())
  const { files } = await collectFiles(s.dir, s)
  progress.write(`Found ${files.length} file(s): ${files.map((f) => f.path).join(', ')}`)
  progress.end()
  const branch = s.branch ?? (await gitBranch(s.dir, io.env)) ?? 'main'

  let report: ScanReport
  let reportUrl: string | null = null
  let projectUuid: string | null = null
  let client: ReturnType<typeof createSextantClient> | null = null
  if (s.offline) {
    // The offline analysis loads the server package's readers: only when it is asked for.
    const { scanOffline } = await import('../launch/offline')
    const offline = await scanOffline({
      files,
      advisories: s.advisories!,
      registry: s.registry,
      branch,
      minimums: s.minimums,
      now: now(),
      progress: (line) => progress.write(line),
    })
    progress.end()
    for (const w of offline.advisoryWarnings.slice(0, 5)) io.stderr.write(`Advisories: ${w}\n`)
    if (offline.advisoryWarnings.length > 5)
      io.stderr.write(`Advisories: … and ${offline.advisoryWarnings.length - 5} more warning(s)\n`)
    report = offline.report
  } else {
    const server = s.server!
    client = createSextantClient({
      baseUrl: server,
      ...(s.token ? { auth: { type: 'token', token: s.token } } : {}),
      userAgent: `sextant-cli/${CLIENT_VERSION}`,
    })
    const notice = await checkClientVersion(client, server)
    if (notice) io.stderr.write(`${notice}\n`)
    const url = s.url ?? (s.project ? null : await gitRemoteUrl(s.dir))
    const result = await scanOnline({
      client,
      server,
      project: s.project,
      name: s.name ?? (url ? null : basename(s.dir)),
      url,
      branch,
      minimums: s.minimums,
      files,
      timeoutMs: s.timeoutMs,
      progress: (line) => progress.write(line),
    })
    progress.end()
    report = asDocument(result.report)
    reportUrl = result.reportUrl
    projectUuid = result.build.projectUuid
  }

  const verdict: GateVerdict = reportVerdict(report, s.allowUnassessed)
  const lines = verdictLines(verdict, reportUrl, {
    security: assessmentState(report.security),
    stability: assessmentState(report.stability),
    licensing: assessmentState(report.licensing),
  })
  if (s.offline) lines.splice(lines.length - 1, 0, 'Offline scan: no report was stored on a server.')
  const written = await writeReportFiles(s.outputs, report, verdict, {
    projectName: s.name ?? basename(s.dir),
    generatedAt: now(),
    files,
    toolVersion: CLIENT_VERSION,
  }).catch((error: Error) => {
    throw new ScanError(CLI_EXIT_CODES.badUsage, `A report file could not be written: ${error.message}`)
  })
  for (const f of written) io.stderr.write(`Wrote ${f}\n`)
  if (s.outputs.console) io.stdout.write(consoleReport(report, lines, useColour(io.stdout, io.env)))
  else io.stdout.write(`${lines.join('\n')}\n`)

  if (s.failOn !== 'new') return verdict.exitCode
  const base = await baseReport(client!, s.server!, projectUuid!, branch, s.baseBranch, report.uuid)
  const gate = deltaGate(base.report ? asDocument(base.report) : null, report, verdict, base.branch)
  io.stdout.write(`\n${gate.lines.join('\n')}\n`)
  return gate.exitCode
}

/** The report to compare with: the base branch's latest, or on the base branch itself the one before this. */
async function baseReport(
  client: ReturnType<typeof createSextantClient>,
  server: string,
  projectUuid: string,
  branch: string,
  asked: string | null,
  headUuid: string,
) {
  try {
    const name = await baseBranchOf(client, projectUuid, asked)
    const report =
      name === branch
        ? await previousReport(client, projectUuid, branch, headUuid)
        : await latestReport(client, projectUuid, name)
    return { branch: name, report }
  } catch (error) {
    throw asScanError(error, server)
  }
}
