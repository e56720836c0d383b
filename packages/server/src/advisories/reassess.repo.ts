// Storage of the re-assessment after advisory changes (issue 14 "New advisory data reaches old reports";
// DESIGN §3): each branch's packages beside its latest report, the advisory changes not yet handled,
// which branches they touch through the advisory index, and the out-of-date mark the recompute notice reads.
import { type Ecosystem, normalisePackageName } from '@sextant/engine'
import type { Db, DbClient } from '../db/connection'

/**
 * Replaces the packages of a branch with those of its newest report's graph (one row per package). Only
 * the difference is written, in one statement that neither reads the rows back nor rewrites them: a live
 * re-check or recompute of an unchanged graph (the usual case, issue 16 acceptance 6) deletes and inserts
 * nothing. (Reading the branch's 1,000 rows back to diff them in Node.js was ~2 ms of the server's main
 * thread per re-checked branch.)
 */
export async function writeBranchPackages(
  client: DbClient,
  projectUuid: string,
  branch: string,
  components: readonly { ecosystem: Ecosystem; name: string }[],
): Promise<void> {
  const keys = new Map<string, { ecosystem: string; name: string }>()
  for (const c of components) {
    const name = normalisePackageName(c.ecosystem, c.name)
    if (name !== '') keys.set(`${c.ecosystem}\u0000${name}`, { ecosystem: c.ecosystem, name })
  }
  const wanted = [...keys.values()]
  // the DELETE and the INSERT see the same snapshot; they touch disjoint keys (gone ones, new ones)
  await client.query(
    `WITH k AS (SELECT * FROM unnest($3::text[], $4::text[]) AS x(ecosystem, name)),
     gone AS (
       DELETE FROM branch_packages bp WHERE bp.project_uuid = $1 AND bp.branch = $2
         AND NOT EXISTS (SELECT 1 FROM k WHERE k.ecosystem = bp.ecosystem AND k.name = bp.name)
     )
     INSERT INTO branch_packages (project_uuid, branch, ecosystem, name)
     SELECT $1, $2, k.ecosystem, k.name FROM k
     WHERE NOT EXISTS (SELECT 1 FROM branch_packages bp
                       WHERE bp.ecosystem = k.ecosystem AND bp.name = k.name AND bp.project_uuid = $1 AND bp.branch = $2)
     ON CONFLICT DO NOTHING`,
    [projectUuid, branch, wanted.map((k) => k.ecosystem), wanted.map((k) => k.name)],
  )
}

/** Takes up to `limit` pending changes (removed in the caller's transaction; another worker skips them). */
export async function takeAdvisoryChanges(
  client: DbClient,
  limit: number,
): Promise<{ ecosystem: string; name: string; advisory_id: string }[]> {
  const { rows } = await client.query<{ ecosystem: string; name: string; advisory_id: string }>(
    `DELETE FROM advisory_changes WHERE (advisory_id, ecosystem, name) IN (
       SELECT advisory_id, ecosystem, name FROM advisory_changes ORDER BY changed_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING advisory_id, ecosystem, name`,
    [limit],
  )
  return rows
}

export async function hasAdvisoryChanges(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM advisory_changes) AS any')
  return rows[0]?.any === true
}

export interface AffectedBranch {
  project_uuid: string
  branch: string
  /** The analysis behind the branch's latest report (its stored graph is recomputed). */
  analysis_uuid: string | null
  reason: 'advisories' | 'assessment'
}

/**
 * The latest report of every branch that needs re-assessing: those whose packages the changed records
 * name (through the advisory index, one join), those built while the store held no advisories of their
 * ecosystems when any change arrived, and those stored before assessments existed (migration 045) —
 * the last two only once per report (a branch already marked for it is not taken again).
 */
export async function affectedBranches(
  client: DbClient,
  changed: readonly { ecosystem: string; name: string }[],
): Promise<AffectedBranch[]> {
  const { rows } = await client.query<AffectedBranch>(
    `WITH touched AS (
       SELECT DISTINCT bp.project_uuid, bp.branch FROM branch_packages bp
       JOIN unnest($1::text[], $2::text[]) AS c(ecosystem, name)
         ON bp.ecosystem = c.ecosystem AND bp.name = c.name
     ),
     latest AS (
       SELECT DISTINCT ON (r.project_uuid, r.branch) r.project_uuid, r.branch, r.analysis_uuid, r.created_at,
              r.legacy_assessment, r.security_assessment,
              coalesce(r.security_gaps, r.document->'security'->'assessment'->'gaps') AS gaps
       FROM reports r ORDER BY r.project_uuid, r.branch, r.created_at DESC, r.uuid DESC
     )
     SELECT l.project_uuid, l.branch, l.analysis_uuid,
            CASE WHEN t.project_uuid IS NULL AND l.legacy_assessment THEN 'assessment' ELSE 'advisories' END AS reason
     FROM latest l
     LEFT JOIN touched t ON t.project_uuid = l.project_uuid AND t.branch = l.branch
     LEFT JOIN branches b ON b.project_uuid = l.project_uuid AND b.name = l.branch
     WHERE t.project_uuid IS NOT NULL
        OR ((b.out_of_date_since IS NULL OR b.out_of_date_since < l.created_at) AND (
              l.legacy_assessment
           OR ($3 AND l.security_assessment <> 'complete' AND (
                   l.gaps @> '[{"kind": "no-advisory-data"}]'::jsonb
                OR l.gaps @> '[{"kind": "ecosystem-without-advisories"}]'::jsonb))))`,
    [changed.map((c) => c.ecosystem), changed.map((c) => c.name), changed.length > 0],
  )
  return rows
}

/**
 * Marks the latest report of each branch out of date (the recompute notice) from now: one statement for
 * all of them (issue 16 acceptance 6: a sync may touch thousands of branches).
 */
export async function markOutOfDate(client: DbClient, branches: readonly AffectedBranch[]): Promise<void> {
  if (branches.length === 0) return
  await client.query(
    `INSERT INTO branches (project_uuid, name, out_of_date_since, out_of_date_reason)
     SELECT p, b, now(), r FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(p, b, r)
     ON CONFLICT (project_uuid, name) DO UPDATE
       SET out_of_date_since = now(), out_of_date_reason = EXCLUDED.out_of_date_reason`,
    [branches.map((b) => b.project_uuid), branches.map((b) => b.branch), branches.map((b) => b.reason)],
  )
}

/** The branches (of those given) with an analysis waiting to start (it will read today's data anyway). */
export async function analysesWaiting(
  client: DbClient,
  branches: readonly AffectedBranch[],
): Promise<Set<string>> {
  if (branches.length === 0) return new Set()
  const { rows } = await client.query<{ project_uuid: string; branch: string }>(
    `SELECT DISTINCT a.project_uuid, a.branch FROM analyses a
     JOIN unnest($1::uuid[], $2::text[]) AS x(p, b) ON a.project_uuid = x.p AND a.branch = x.b
     WHERE a.status = 'QUEUED'`,
    [branches.map((b) => b.project_uuid), branches.map((b) => b.branch)],
  )
  return new Set(rows.map((r) => branchKey(r.project_uuid, r.branch)))
}

export function branchKey(projectUuid: string, branch: string): string {
  return `${projectUuid}\n${branch}`
}

/**
 * Why and since when the branch's latest report is out of date, or null when it is current (a report
 * built after the mark is current).
 */
export async function outOfDateState(
  db: Db,
  projectUuid: string,
  branch: string,
): Promise<{ reason: AffectedBranch['reason']; since: Date } | null> {
  const { rows } = await db.query<{ reason: AffectedBranch['reason']; since: Date }>(
    `SELECT b.out_of_date_reason AS reason, b.out_of_date_since AS since FROM branches b
     WHERE b.project_uuid = $1 AND b.name = $2 AND b.out_of_date_since IS NOT NULL
       AND b.out_of_date_since > coalesce(
         (SELECT max(created_at) FROM reports r WHERE r.project_uuid = b.project_uuid AND r.branch = b.name),
         '-infinity')`,
    [projectUuid, branch],
  )
  return rows[0] ?? null
}
