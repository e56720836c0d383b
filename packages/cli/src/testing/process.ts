// Runs the real `sextant` command as a child process for tests (issue 2 acceptance 1 and 4).
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const bin = fileURLToPath(new URL('../../bin/sextant.js', import.meta.url))

export interface SextantProcess {
  child: ChildProcess
  url: string | null
  output: () => string
  /** Sends a signal and answers the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export async function spawnSextant(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: { bin?: string; nodeArgs?: string[] } = {},
): Promise<SextantProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.bin ?? bin, ...args], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEXTANT_SERVE_WEB: 'false',
      // No network in tests: registries from the cache only, no remote advisory sync.
      SEXTANT_OFFLINE: 'true',
      SEXTANT_ADVISORY_SOURCES: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString()
  })
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      // a start too slow for the test is stopped, not left running with its database after the test
      child.kill('SIGTERM')
      reject(new Error(`sextant ${args.join(' ')} did not start in time:\n${out}`))
    }, timeoutMs)
    const check = () => {
      const m = /Sextant is running: [^\n]*?(?: on (http:\/\/[^\s,]+))?, (?:embedded|PostgreSQL)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1] ?? null)
      }
    }
    child.stdout?.on('data', check)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`sextant ${args.join(' ')} exited with ${code}:\n${out}`))
    })
  })
  return {
    child,
    url,
    output: () => out,
    stop: async (signal = 'SIGINT') => {
      if (child.exitCode === null) child.kill(signal)
      return exited
    },
  }
}
