// Opens the configured database for a command without a running server (`sextant advisories import`,
// `sextant scan --offline` imports; DESIGN §1): the embedded one only when no other process holds its data
// folder, migrated.
import type { Config } from '../config'
import { createPool, type Db } from './connection'
import { startEmbeddedDatabase } from './embedded'
import { migrate } from './migrate'

export interface OpenedDatabase {
  db: Db
  embedded: boolean
  close(): Promise<void>
}

/** The configured database, migrated; throws with a message to act on when the data folder is in use. */
export async function openDatabase(config: Config): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const db = createPool({ connectionString: config.databaseUrl }, 4)
    try {
      await migrate(db)
    } catch (error) {
      await db.end()
      throw error
    }
    return { db, embedded: false, close: () => db.end() }
  }
  const embedded = await startEmbeddedDatabase(config.dataDir)
  const db = createPool(embedded.target, 4)
  const close = async () => {
    await db.end().catch(() => {})
    await embedded.stop()
  }
  try {
    await migrate(db)
  } catch (error) {
    await close()
    throw error
  }
  return { db, embedded: true, close }
}
