// Where the database lives (README "Configuration"): the PostgreSQL server of DATABASE_URL, or else the
// embedded one in SEXTANT_DATA_DIR (./data by default). Apart from config.ts, which validates both and
// uses these same rules, so that the launch entry (launch.ts) can start the embedded database before the
// rest of the server loads (issue 18 acceptance 6).
import { resolve } from 'node:path'

export const DEFAULT_DATA_DIR = './data'

/** The absolute data folder from an already validated SEXTANT_DATA_DIR value. */
export function dataDirOf(value: string): string {
  return resolve(value)
}

/**
 * The embedded database's folder when the environment asks for the embedded database; null when
 * DATABASE_URL is set or SEXTANT_DATA_DIR is empty (loadConfig then refuses it, naming the variable).
 */
export function embeddedDataDirOf(env: NodeJS.ProcessEnv): string | null {
  if (env.DATABASE_URL !== undefined) return null
  const value = env.SEXTANT_DATA_DIR ?? DEFAULT_DATA_DIR
  return value === '' ? null : dataDirOf(value)
}
