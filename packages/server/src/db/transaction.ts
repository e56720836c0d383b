// A unit of work (DESIGN §2): several repo calls that commit or roll back together. The one value of db/
// that services and jobs may use; the SQL itself stays in the *.repo.ts functions they pass the client to.
import type { Db, DbClient } from './connection'

export async function inTransaction<T>(db: Db, work: (client: DbClient) => Promise<T>): Promise<T> {
  const client = await db.connect()
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}
