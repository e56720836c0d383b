// The light entry of @sextant/server (`@sextant/server/launch`) for `sextant serve` (issue 18 acceptance
// 6: `npm start` answers in under 3 s). It starts the embedded database first and loads the rest of the
// server while PGlite starts in its own process: each takes about 1.1 s, one after the other before. It
// imports only the embedded database's start and the environment's database rules (config-database.ts).
import { embeddedDataDirOf } from './config-database'
import { ConfigError } from './config-error'
import { startEmbeddedDatabaseEarly } from './db/embedded'
import type { RunningSextant, StartOptions } from './runtime'

export type { RunningSextant, StartOptions }
export { ConfigError }

/** The environment is the entry point's to hand over: Config reads it, this entry only picks the folder. */
export type LaunchOptions = StartOptions & { env: NodeJS.ProcessEnv }

/** startSextant, with the embedded database (an API process without DATABASE_URL) started first. */
export async function launchSextant(options: LaunchOptions): Promise<RunningSextant> {
  const dataDir = options.api ? embeddedDataDirOf(options.env) : null
  const early = dataDir ? startEmbeddedDatabaseEarly(dataDir) : null
  try {
    const { startSextant } = await import('./runtime')
    return await startSextant({ ...options, ...(early ? { embedded: early } : {}) })
  } catch (error) {
    // startSextant stops what it took over; this stops a database it never took (a stop runs once)
    if (early)
      await early.started.then(
        (db) => db.stop(),
        () => {},
      )
    throw error
  }
}
