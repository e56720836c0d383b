// A migrated database for the metadata tests (DESIGN §9: storage tests run on the embedded PGlite and,
// with TEST_DATABASE_URL, on a real PostgreSQL). Tests only.
import { createPool, type Db } from '../db/connection'
import { startEmbeddedDatabase } from '../db/embedded'
import { migrate } from '../db/migrate'
import { createTestDatabase, type StorageMode } from '../testing/databases'

export interface MigratedDatabase {
  db: Db
  close(): Promise<void>
}

export async function openMigratedDatabase(mode: StorageMode): Promise<MigratedDatabase> {
  const database = await createTestDatabase(mode)
  const dataDir = database.env.SEXTANT_DATA_DIR
  const url = database.env.DATABASE_URL
  const embedded = dataDir ? await startEmbeddedDatabase(dataDir) : null
  const target = embedded ? embedded.target : { connectionString: url ?? '' }
  const db = createPool(target, 8)
  await migrate(db)
  return {
    db,
    close: async () => {
      await db.end()
      await embedded?.stop()
      await database.dispose()
    },
  }
}
