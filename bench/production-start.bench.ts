// `npm start` on a built tree (issue 18 acceptance 6: answers in under 3 s). Whole processes, timed from
// spawning `npm start` (npm, the stamp check of scripts/start.mjs, the compiled server) to the
// first 200 from /readyz; beside it the same start from the TypeScript sources through tsx (a stale build).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type BenchSection, median, ms } from './table'

const repoRoot = resolve(import.meta.dirname, '..')

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Spawns `command`, waits for /readyz to answer 200, stops the process group; answers the time taken. */
async function timeToReady(command: string[], dataDir: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(command[0]!, command.slice(1), {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEXTANT_DATA_DIR: dataDir,
      SEXTANT_OFFLINE: 'true',
      SEXTANT_ADVISORY_SOURCES: 'none',
    },
  })
  let output = ''
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString()
  })
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString()
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited:\n${output}`)
      if (performance.now() - started > 120_000) throw new Error(`${command.join(' ')} not ready:\n${output}`)
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null)
      if (answer?.status === 200) return performance.now() - started
      await new Promise((r) => setTimeout(r, 20))
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGINT')
    await exited
  }
}

function run(command: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command[0]!, command.slice(1), { cwd: repoRoot, stdio: 'inherit' })
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command.join(' ')}: exit ${code}`)),
    )
  })
}

export async function productionStartBench(): Promise<BenchSection> {
  await run([process.execPath, 'scripts/build.mjs', '--if-stale'])
  const dir = mkdtempSync(join(tmpdir(), 'sx-bench-start-'))
  try {
    const npmStart = ['npm', 'start', '--silent']
    const first = await timeToReady(npmStart, dir)
    const built: number[] = []
    for (let i = 0; i < 3; i++) built.push(await timeToReady(npmStart, dir))
    // From the sources through tsx, as the bin runs them when the build is missing or stale.
    const fromSource: number[] = []
    for (let i = 0; i < 3; i++)
      fromSource.push(
        await timeToReady([process.execPath, '--import', 'tsx', 'packages/cli/src/main.ts', 'serve'], dir),
      )
    const restart = median(built)
    return {
      title: 'Production start (issue 18)',
      command: 'npm run bench -- productionStart',
      rows: [
        {
          what: '`npm start` on a built tree, existing embedded data folder: spawn → /readyz 200, median of 3',
          budget: '< 3 s',
          measured: ms(restart),
          ok: restart < 3000,
          peer: `from the TypeScript sources through tsx: ${ms(median(fromSource))} (median of 3)`,
        },
        {
          what: '`npm start` on a built tree, new embedded data folder (migrations, first administrator)',
          budget: '—',
          measured: ms(first),
          ok: null,
        },
      ],
      notes: [
        `Load average over the last minute when the run ended: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores (the machine is shared; whole-process wall times grow with it).`,
        '`npm start` runs `scripts/start.mjs`: one Node process checks the build stamps once (a stat of every source file, no build) and runs the compiled `packages/cli/dist/main.js` in the same process; the embedded database is a second process (PGlite), started and stopped with it; the job workers start once the HTTP server listens.',
      ],
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
