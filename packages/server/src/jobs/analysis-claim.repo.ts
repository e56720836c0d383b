// SQL of an analysis claim (DESIGN §3; issue 13 item 4; jobs/analyse.job.ts): claiming a queued analysis
// (or one whose lease ran out) with a fresh token, and the writes that count only while that token still
// holds it. The lease's renewal is in lease.repo.ts.
import type { DependencyGraph, Warning } from '@sextant/engine'
import type { Db } from '../db/connection'

/** The analysis and its project as the claim reads them. */
export interface Claimed {
  /** 'upload', 'git', 'recompute', 'reassess' (a live re-check after new advisory data), ... */
  source: string
  project_uuid: string
  branch: string
  graph: DependencyGraph
  warnings: Warning[]
  account_uuid: string
  project_name: string
  commit: string | null
  exclusions_file: string | null
  /** This analysis's own score minima (a CI build's `--min-*`, issue 15); null = the account's. */
  thresholds: Partial<Record<'security' | 'stability' | 'licensing', number>> | null
  /**
   * SHA-256 of the stored graph's JSONB text, computed by PostgreSQL (one canonical text per JSONB value):
   * what a live re-check compares instead of serialising the graph again (issue 16 acceptance 6).
   */
  graph_digest: string
  /** The paths of the analysis's stored files (none for a recompute or live re-check of a stored graph). */
  file_paths: string[]
}

/**
 * Claims the analysis under `claim` with a lease of `leaseSeconds`: answers what it holds, or the status
 * that kept it from being claimed (null when there is no such analysis).
 */
export async function claimAnalysis(
  db: Db,
  analysisUuid: string,
  claim: string,
  leaseSeconds: number,
): Promise<{ claimed: Claimed } | { claimed: null; status: string | null }> {
  const { rows } = await db.query<Claimed>(
    `UPDATE analyses a SET status = 'RUNNING', started_at = now(), attempts = attempts + 1, claim = $2,
            lease_until = now() + make_interval(secs => $3)
     FROM projects p
     WHERE a.uuid = $1 AND p.uuid = a.project_uuid
       AND (a.status = 'QUEUED' OR (a.status = 'RUNNING' AND (a.lease_until IS NULL OR a.lease_until < now())))
     RETURNING a.source, a.project_uuid, a.branch, a.graph, a.warnings, a.commit, a.exclusions_file, a.thresholds,
               p.account_uuid, p.name AS project_name,
               encode(sha256(convert_to(a.graph::text, 'UTF8')), 'base64') AS graph_digest,
               ARRAY(SELECT f.path FROM analysis_files f WHERE f.analysis_uuid = a.uuid) AS file_paths`,
    [analysisUuid, claim, leaseSeconds],
  )
  if (rows[0]) return { claimed: rows[0] }
  const { rows: state } = await db.query<{ status: string }>('SELECT status FROM analyses WHERE uuid = $1', [
    analysisUuid,
  ])
  return { claimed: null, status: state[0]?.status ?? null }
}

/**
 * Ends the claimed analysis with `status` (and `error`, null for none): answers false, changing nothing,
 * when `claim` no longer holds it (another worker took it over after its lease ran out).
 */
export async function finishClaimed(
  db: Pick<Db, 'query'>,
  analysisUuid: string,
  claim: string,
  status: 'DONE' | 'FAILED',
  error: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE analyses SET status = $3, finished_at = now(), lease_until = NULL, error = $4
     WHERE uuid = $1 AND claim = $2 AND status = 'RUNNING'`,
    [analysisUuid, claim, status, error],
  )
  return rowCount === 1
}

/** The graph a stored build resolved to, kept on the analysis so that recompute reuses it. */
export async function storeResolvedGraph(
  db: Db,
  analysisUuid: string,
  graph: DependencyGraph,
  warnings: readonly Warning[],
): Promise<void> {
  await db.query('UPDATE analyses SET graph = $2, warnings = $3 WHERE uuid = $1', [
    analysisUuid,
    JSON.stringify(graph),
    JSON.stringify(warnings),
  ])
}
