// A scan through a Sextant server (product-notes "How scans reach the server"; issue 15): the builds
// API through the SDK (create with this build's minima, upload the files, start, poll) with a progress
// line, then the report of the build. Every problem leaves as a ScanError with its exit code.
import { CLI_EXIT_CODES, type ScoreDomain, type SourceFile } from '@sextant/engine'
import type { CallResult, SextantClient } from '@sextant/sdk'
import { asScanError, ScanError } from './errors'

type BuildDto = CallResult<'buildGet'>
type Report = CallResult<'reportById'>

export interface OnlineScanInput {
  client: SextantClient
  server: string
  project: string | null
  name: string | null
  url: string | null
  branch: string
  minimums: Partial<Record<ScoreDomain, number>>
  files: SourceFile[]
  timeoutMs: number
  progress: (line: string) => void
  /** Poll interval; tests shorten it. */
  pollMs?: number
  sleep?: (ms: number) => Promise<void>
}

export interface OnlineScanResult {
  build: BuildDto
  report: Report
  reportUrl: string
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** The web app's report page of a branch (spec report-page §1: `/projects/?pid=…&branch=…`). */
export function reportPageUrl(server: string, projectUuid: string, branch: string): string {
  const base = server.replace(/\/+$/, '')
  return `${base}/projects/?pid=${encodeURIComponent(projectUuid)}&branch=${encodeURIComponent(branch)}`
}

export async function scanOnline(input: OnlineScanInput): Promise<OnlineScanResult> {
  const { client, progress } = input
  const sleep = input.sleep ?? wait
  try {
    const label = input.project ?? input.url ?? input.name
    if (!label && !input.project)
      throw new ScanError(
        CLI_EXIT_CODES.badUsage,
        'Name the project: --project UUID, or --url URL (the git remote is used when there is one).',
      )
    let build = await client.call('buildCreate', {
      body: {
        ...(input.project ? { projectUuid: input.project } : { url: input.url ?? `local:${input.name}` }),
        ...(input.name ? { name: input.name } : {}),
        branch: input.branch,
        ...(Object.keys(input.minimums).length > 0 ? { thresholds: input.minimums } : {}),
      },
    })
    progress(`Uploading ${input.files.length} file(s) to build ${build.uuid}…`)
    build = await client.uploadBuildFiles(
      build.uuid,
      input.files.map((f) => ({ path: f.path, content: f.content })),
    )
    build = await client.call('buildStart', { params: { id: build.uuid } })
    const started = Date.now()
    const deadline = started + input.timeoutMs
    let last = ''
    while (build.status !== 'DONE' && build.status !== 'FAILED') {
      const line = `Analysing: ${build.status.toLowerCase()} (${Math.round((Date.now() - started) / 1000)} s)`
      if (line !== last) progress(line)
      last = line
      if (Date.now() > deadline)
        throw new ScanError(
          CLI_EXIT_CODES.timedOut,
          `The analysis did not finish within ${Math.round(input.timeoutMs / 1000)} s (build ${build.uuid} is ${build.status}); raise --timeout or look at the server's workers.`,
        )
      await sleep(input.pollMs ?? 1000)
      build = await client.call('buildGet', { params: { id: build.uuid } })
    }
    if (build.status === 'FAILED' || !build.reportUuid)
      throw new ScanError(
        CLI_EXIT_CODES.analysisFailed,
        `The analysis failed on the server: ${build.error ?? 'no reason given'}`,
      )
    progress(`Analysed in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
    const report = await client.call('reportById', {
      params: { projectId: build.projectUuid, reportId: build.reportUuid },
    })
    return { build, report, reportUrl: reportPageUrl(input.server, build.projectUuid, build.branch) }
  } catch (error) {
    throw asScanError(error, input.server)
  }
}
