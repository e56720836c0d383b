// A unit of work (DESIGN §2): several repo calls that commit or roll back together. The one value of db/
// that services and jobs may use; the SQL itself stays in the *.repo.ts functions they pass the client to.
// `jobsIn` queues a pg-boss job inside such a unit, so that the job exists exactly when the rows do.
import type { Db, DbClient } from './connection'

export interface TransactionOptions {
  /**
   * The commit returns without waiting for the WAL to reach the disk (PostgreSQL `synchronous_commit =
   * off` for this transaction only). Only for work that a later synchronous commit always follows before
   * anyone relies on it: that commit flushes the WAL up to its own place, so this one's too, and a crash
   * before then loses the unit as if it had never run (issue 16 acceptance 6: an analysis's report, whose
   * job is retried until pg-boss records it complete, saves one disk flush per live re-check).
   */
  flushedByLaterCommit?: boolean
}

export async function inTransaction<T>(
  db: Db,
  work: (client: DbClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await db.connect()
  try {
    // one round trip either way (a simple query may hold several statements)
    await client.query(options.flushedByLaterCommit ? 'BEGIN; SET LOCAL synchronous_commit = off' : 'BEGIN')
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
