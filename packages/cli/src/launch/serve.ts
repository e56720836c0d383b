// `sextant serve` and `sextant worker`: hand the process to the server package and stop it cleanly on
// Ctrl-C / SIGTERM. Only cli/src/launch may import @sextant/server (tests/architecture/rules.ts): launching
// is not using server code. It imports the server's light entry, `@sextant/server/launch`, which starts
// the embedded database before the rest of the server loads (issue 18 acceptance 6).
import { ConfigError, launchSextant, type RunningSextant } from '@sextant/server/launch'

/**
 * Once everything has stopped (jobs finished, database closed), the process ends even when a library
 * left a timer behind: seen after Ctrl-C right after start, 'Sextant stopped.' printed and five timers
 * kept the process alive for good. The timer is unref'd, so a process that can end by itself does.
 */
function exitSoon(code: number): void {
  setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref()
}
const EXIT_GRACE_MS = 1_000

export async function runServe(options: {
  api: boolean
  workers: boolean
  env: NodeJS.ProcessEnv
}): Promise<number> {
  let running: RunningSextant
  try {
    running = await launchSextant(options)
  } catch (error) {
    // startSextant has stopped what it started; a library timer must not keep the failed process alive
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      exitSoon(2)
      return 2
    }
    exitSoon(1)
    throw error
  }
  const what = options.api
    ? options.workers
      ? 'API, web app and workers'
      : 'API and web app (no workers)'
    : 'workers'
  const where = running.embedded
    ? `embedded database in ${running.config.dataDir}`
    : 'PostgreSQL server from DATABASE_URL'
  process.stdout.write(
    `Sextant is running: ${what}${running.url ? ` on ${running.url}` : ''}, ${where}. Ctrl-C stops it.\n`,
  )

  return new Promise<number>((resolve) => {
    let stopping = false
    const stop = (signal: string) => {
      if (stopping) return
      stopping = true
      process.stdout.write(`\n${signal}: stopping Sextant (finishing running jobs)...\n`)
      running.stop().then(
        () => {
          process.stdout.write('Sextant stopped.\n')
          exitSoon(0)
          resolve(0)
        },
        (error: unknown) => {
          process.stderr.write(`Error while stopping: ${String(error)}\n`)
          exitSoon(1)
          resolve(1)
        },
      )
    }
    process.once('SIGINT', () => stop('SIGINT'))
    process.once('SIGTERM', () => stop('SIGTERM'))
  })
}
