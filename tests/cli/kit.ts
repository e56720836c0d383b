// Shared set-up of the scanner's end-to-end tests (issue 15 acceptance 1-4): the real `sextant` binary
// run as a child process against a real server (the corpus npm advisories, the corpus npm registry),
// corpus projects copied to temporary folders, and the API token the binary is given.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
} from '../../packages/server/src/testing/instance'
import {
  corpusDir,
  startTestNpmRegistry,
  type TestNpmRegistry,
} from '../../packages/server/src/testing/npm-registry'

export const repoRoot = resolve(import.meta.dirname, '../..')
const bin = join(repoRoot, 'packages/cli/bin/sextant.js')
export const npmAdvisories = join(corpusDir, 'osv/npm.jsonl.gz')
export { corpusDir, TEST_BOOTSTRAP_TOKEN }

export interface Run {
  /** The exit status as the shell sees it (a negative code c shows as 256 + c). */
  status: number
  /** The same as the scanner's own code: negative for errors. */
  code: number
  out: string
  err: string
}

export function runSextant(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      {
        cwd,
        timeout: 180_000,
        maxBuffer: 64 * 1024 * 1024,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NO_COLOR: '1',
          ...env,
        },
      },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : -999) : 0
        done({ status, code: status > 127 ? status - 256 : status, out: stdout, err: stderr })
      },
    )
  })
}

/** A corpus project in a temporary folder of its own (no git: the scan is told --url and --branch). */
export function corpusProject(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sx-scan-${name}-`))
  cpSync(join(corpusDir, 'projects', name), dir, { recursive: true })
  return dir
}

/**
 * fixtures/nodegoat-slice: three packages of the corpus NodeGoat lockfile, their entries as they are
 * there (marked 0.3.5, underscore 1.9.1, tweetnacl 0.14.3), chosen so that all three scores are below 100 (security 0, stability 97, licensing 99 on the corpus advisories and registry)
 * while an analysis takes a second rather than NodeGoat's whole 1,091 components.
 */
export function nodegoatSlice(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sx-scan-slice-'))
  cpSync(join(import.meta.dirname, 'fixtures/nodegoat-slice'), dir, { recursive: true })
  return dir
}

export interface ScanServer {
  t: TestInstance
  registry: TestNpmRegistry
  close(): Promise<void>
}

/**
 * A server with the corpus npm advisories (synced at start-up by its workers) and the corpus npm
 * registry; without workers nothing is analysed (nor synced), so builds stay queued.
 */
export async function startScanServer(
  mode: Parameters<typeof startTestInstance>[0],
  options: { workers?: boolean } = {},
): Promise<ScanServer> {
  const registry = await startTestNpmRegistry()
  const workers = options.workers ?? true
  const t = await startTestInstance(
    mode,
    {
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: registry.url,
      SEXTANT_ADVISORY_SOURCES: workers ? npmAdvisories : 'none',
    },
    { workers },
  )
  if (workers) await waitForAdvisories(t.url)
  return {
    t,
    registry,
    async close() {
      await t.close()
      await registry.close()
    },
  }
}

async function waitForAdvisories(url: string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const stats = (await (await fetch(`${url}/api/v1/stats/advisories-dbs`)).json()) as {
      databases: { status: string }[]
    }
    if (stats.databases[0]?.status === 'OK') return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('The corpus advisories were not synced within 60 s')
}

/** Environment for a scan against `url` with the bootstrap token. */
export const scanEnv = (url: string, token = TEST_BOOTSTRAP_TOKEN): Record<string, string> => ({
  SEXTANT_URL: url,
  SEXTANT_TOKEN: token,
})
