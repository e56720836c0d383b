// SQL of job leases (issue 13 item 4; jobs/lease.ts): renewing a pg-boss job's expiry while its worker
// runs it, and an analysis claim's lease.
import type { Db } from '../db/connection'

/**
 * Moves an active pg-boss job's expiry to `seconds` from now (pg-boss 10 fails an active job once
 * `started_on + expire_in` is past). Answers false when the job is no longer active (it expired and was
 * retried, or finished).
 */
export async function renewJobLease(db: Db, queue: string, jobId: string, seconds: number): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE pgboss.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
     WHERE name = $1 AND id = $2 AND state = 'active'
     RETURNING id`,
    [queue, jobId, seconds],
  )
  return rows.length > 0
}

/** Renews the lease of an analysis claim, only while `claim` still holds it. */
export async function renewAnalysisLease(
  db: Db,
  analysisUuid: string,
  claim: string,
  seconds: number,
): Promise<boolean> {
  const { rows } = await db.query<{ uuid: string }>(
    `UPDATE analyses SET lease_until = now() + make_interval(secs => $3)
     WHERE uuid = $1 AND claim = $2 AND status = 'RUNNING'
     RETURNING uuid`,
    [analysisUuid, claim, seconds],
  )
  return rows.length > 0
}
