// Serialises the job engine's start-up across processes (DESIGN §1 "Scaled": N API + M worker processes
// may start together). pg-boss schema installation and queue creation run DDL that deadlocks when
// several processes race; a session advisory lock makes them take turns. Released by the returned
// function, which may be called more than once.
import type { Db } from './connection'

// "sxstart" in ASCII; distinct from the migration lock.
const startupLockKey = 0x73787374617274

export async function takeStartupLock(db: Db): Promise<() => Promise<void>> {
  const client = await db.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [startupLockKey])
  } catch (error) {
    client.release()
    throw error
  }
  let released = false
  return async () => {
    if (released) return
    released = true
    try {
      await client.query('SELECT pg_advisory_unlock($1)', [startupLockKey])
    } finally {
      client.release()
    }
  }
}
