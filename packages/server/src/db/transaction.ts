// A unit of work (DESIGN §2): several repo calls that commit or roll back together. The one value of db/
// that services and jobs may use; the SQL itself stays in the *.repo.ts functions they pass the client to.
// `jobsIn` queues a pg-boss job inside such a unit, so that the job exists exactly when the rows do.
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

/** pg-boss's `db` option: a job sent through it is queued in the caller's transaction. */
export function jobsIn(client: DbClient) {
  return { executeSql: (text: string, values: unknown[]) => client.query(text, values) }
}
