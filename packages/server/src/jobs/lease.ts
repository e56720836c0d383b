// Leases of running jobs (issue 13 item 4; DESIGN §3 "Jobs"): a job a dead process held is retried
// within a minute or two instead of pg-boss's 15-minute expiry. A queue with `leaseSeconds` gets that
// short expiry, and the worker running one of its jobs renews it every `HEARTBEAT_SECONDS`
// (`jobs/run-jobs.ts`); when the process dies the heartbeats stop, pg-boss's maintenance (every
// `MAINTENANCE_SECONDS`) fails the job by timeout and retries it on another worker. The handler's own
// claim on its row (an analysis) is a lease of the same length with a fencing token, so the retry may
// take it over and a worker that lost it stores nothing.
//
// Worst case from the last heartbeat to the retry starting: lease (60 s) + maintenance (20 s) + retry
// delay (5 s with backoff) + polling (1 s) ≈ 90 s.

/** How long a job or an analysis claim stays held without a heartbeat. */
export const LEASE_SECONDS = 60
/** How often the holder renews it: four heartbeats may be missed before the lease runs out. */
export const HEARTBEAT_SECONDS = 15
/** pg-boss's maintenance interval: how often jobs past their expiry are failed and retried. */
export const MAINTENANCE_SECONDS = 20
