// The connections pg-boss runs on (DESIGN §3; jobs/boss.ts). A pool of ours rather than pg-boss's own:
// its own pool ends right after `stop()`, and a worker whose first fetch was still waiting for one of the
// pool's connections then waits for good: pg-pool never serves a waiting request once `end()` was
// called, and pg-boss's `offWork` loops every second until that worker stops. A start that failed after
// the workers began (a port in use) or a Ctrl-C right after start therefore left the process running
// with a dozen timers and no database. This pool ends only after its waiting requests were served (they
// answer, the workers see that they are stopping and end) or after DRAIN_MS.
import pg from 'pg'
import type { ConnectionTarget } from './connection'

export interface JobPool {
  /** pg-boss's `db` option: runs one statement. */
  executeSql(text: string, values?: unknown[]): Promise<pg.QueryResult>
  /** Ends the pool once no request waits on it (or after DRAIN_MS). */
  drainAndEnd(): Promise<void>
  /** Ends the pool now (a pg-boss that never started has no waiting workers). */
  end(): Promise<void>
}

export function createJobPool(target: ConnectionTarget, onError: (error: Error) => void): JobPool {
  const pool = new pg.Pool({ ...target, max: 4, application_name: 'sextant-jobs' })
  pool.on('error', onError)
  return {
    executeSql: (text, values) => pool.query(text, values),
    async drainAndEnd() {
      const deadline = Date.now() + DRAIN_MS
      while ((pool.waitingCount > 0 || pool.idleCount < pool.totalCount) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20))
      await pool.end()
    },
    end: () => pool.end(),
  }
}
const DRAIN_MS = 5_000
