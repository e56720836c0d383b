// Storage reads behind the account-wide report views (spec accounts-and-api §7 "Projects and reports",
// "Insights", "Vulnerabilities"): the latest report of every branch from the columns stored beside each
// report, score points for trends, and a compact digest of each report's components with their advisories
// that are not excluded, projected in SQL so that whole documents never leave the database.
import type { Advice, AssessmentState, LatestReport, ScorePoint } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { type ProjectView, viewFilter, viewParams } from '../../services/projects.view'
import type { ListColumns } from './component-lists'

interface LatestRow {
  project_uuid: string
  project_name: string
  branch: string
  uuid: string
  created_at: Date
  status: LatestReport['status']
  outcome: LatestReport['outcome']
  security_score: number | null
  stability_score: number | null
  licensing_score: number | null
  security_assessment: AssessmentState
  stability_assessment: AssessmentState
  licensing_assessment: AssessmentState
  thresholds: LatestReport['thresholds']
  components: number
}

/** Reports newer than `since`, or all of them (null). */
const window = (since: Date | null) => since?.toISOString() ?? null

/** The projects table (as `p`) narrowed to one project or to a caller's view; parameters from `first` on. */
function ownerFilter(owner: { view: ProjectView } | { projectUuid: string }, first: number) {
  return 'view' in owner
    ? { sql: viewFilter('p', first), params: viewParams(owner.view) }
    : { sql: `p.uuid = $${first}`, params: [owner.projectUuid] }
}

/**
 * The latest report of every branch of the given projects (or every project a caller's view shows): one
 * row per branch from branch_heads (migration 047), however many reports each branch keeps. A branch's
 * latest report within a window is its latest report when that is in the window, else it has none there.
 */
export async function latestReports(
  db: Db,
  owner: { view: ProjectView } | { projectUuid: string },
  since: Date | null,
): Promise<LatestReport[]> {
  const where = ownerFilter(owner, 2)
  const { rows } = await db.query<LatestRow>(
    `SELECT r.project_uuid, p.name AS project_name, r.branch, r.uuid,
            r.created_at, r.status, r.outcome, r.security_score, r.stability_score, r.licensing_score,
            r.security_assessment, r.stability_assessment, r.licensing_assessment, r.thresholds, r.components
     FROM projects p JOIN branch_heads h ON h.project_uuid = p.uuid JOIN reports r ON r.uuid = h.report_uuid
     WHERE ${where.sql} AND ($1::timestamptz IS NULL OR h.created_at >= $1)`,
    [window(since), ...where.params],
  )
  return rows
    .map((r) => ({
      projectUuid: r.project_uuid,
      projectName: r.project_name,
      branch: r.branch,
      reportUuid: r.uuid,
      createdAt: r.created_at.toISOString(),
      status: r.status,
      outcome: r.outcome,
      security: r.security_score,
      stability: r.stability_score,
      licensing: r.licensing_score,
      assessment: {
        security: r.security_assessment,
        stability: r.stability_assessment,
        licensing: r.licensing_assessment,
      },
      thresholds: r.thresholds,
      components: r.components,
    }))
    .sort((a, b) => a.projectName.localeCompare(b.projectName) || a.branch.localeCompare(b.branch))
}

/** At most this many points per branch in a trend (the newest ones). */
export const TREND_POINTS = 50

/** Score points per "project/branch", oldest first, within the window. */
export async function scorePoints(
  db: Db,
  owner: { view: ProjectView } | { projectUuid: string },
  since: Date | null,
): Promise<Map<string, ScorePoint[]>> {
  const where = ownerFilter(owner, 3)
  const { rows } = await db.query<{
    project_uuid: string
    branch: string
    uuid: string
    created_at: Date
    outcome: ScorePoint['outcome']
    security_score: number | null
    stability_score: number | null
    licensing_score: number | null
  }>(
    `SELECT r.project_uuid, r.branch, r.uuid, r.created_at, r.outcome, r.security_score, r.stability_score,
            r.licensing_score
     FROM projects p JOIN branch_heads h ON h.project_uuid = p.uuid
       CROSS JOIN LATERAL (
         SELECT * FROM reports r WHERE r.project_uuid = h.project_uuid AND r.branch = h.branch
           AND ($1::timestamptz IS NULL OR r.created_at >= $1)
         ORDER BY r.created_at DESC, r.uuid DESC LIMIT $2
       ) r
     WHERE ${where.sql} ORDER BY r.created_at, r.uuid`,
    [window(since), TREND_POINTS, ...where.params],
  )
  const points = new Map<string, ScorePoint[]>()
  for (const r of rows) {
    const key = branchKey(r.project_uuid, r.branch)
    const list = points.get(key) ?? []
    list.push({
      reportUuid: r.uuid,
      createdAt: r.created_at.toISOString(),
      outcome: r.outcome,
      security: r.security_score,
      stability: r.stability_score,
      licensing: r.licensing_score,
    })
    points.set(key, list)
  }
  return points
}

export const branchKey = (projectUuid: string, branch: string) => `${projectUuid}/${branch}`

export interface DigestAdvisory {
  id: string
  cve: string | null
  severity: Advice['severity']
  cvss: number | null
  epss: number | null
  exploited: boolean
}

/** One component of one report, with its security advisories that are not excluded. */
export interface DigestComponent {
  reportUuid: string
  language: string
  name: string
  version: string
  advisories: DigestAdvisory[]
}

/**
 * The components of the given reports that have unexcluded security advisories, with those advisories:
 * read from the findings rows of the report facts (migration 047), in the order of `reportUuids`, then of
 * each report's document.
 */
export async function componentDigest(db: Db, reportUuids: string[]): Promise<DigestComponent[]> {
  if (reportUuids.length === 0) return []
  const findings = await db.query<
    DigestAdvisory & {
      report_uuid: string
      position: number
      language: string
      name: string
      version: string
    }
  >(
    `SELECT report_uuid, position, language, name, version, advisory_id AS id, cve, severity, cvss, epss, exploited
     FROM report_findings WHERE report_uuid = ANY($1::uuid[]) AND NOT excluded
     ORDER BY report_uuid, position, ordinal`,
    [reportUuids],
  )
  // per report, its components with findings by position
  const byReport = new Map<string, Map<number, DigestComponent>>()
  for (const f of findings.rows) {
    const components = byReport.get(f.report_uuid) ?? new Map<number, DigestComponent>()
    byReport.set(f.report_uuid, components)
    let c = components.get(f.position)
    if (!c) {
      c = {
        reportUuid: f.report_uuid,
        language: f.language,
        name: f.name,
        version: f.version,
        advisories: [],
      }
      components.set(f.position, c)
    }
    c.advisories.push({
      id: f.id,
      cve: f.cve,
      severity: f.severity,
      cvss: f.cvss,
      epss: f.epss,
      exploited: f.exploited,
    })
  }
  const digest: DigestComponent[] = []
  for (const uuid of new Set(reportUuids)) {
    const found = byReport.get(uuid)
    // findings come ordered by position
    if (found) digest.push(...found.values())
  }
  return digest
}

/** Every component of the given reports, as the columns stored with the report facts (migration 047). */
export async function componentColumns(db: Db, reportUuids: string[]): Promise<ListColumns[]> {
  if (reportUuids.length === 0) return []
  const { rows } = await db.query<ListColumns>(
    `SELECT report_uuid AS "reportUuid", languages, names, versions
     FROM report_facts WHERE report_uuid = ANY($1::uuid[])`,
    [reportUuids],
  )
  return rows
}

/** How many projects of an account the view shows. */
export async function countAccountProjects(db: Db, view: ProjectView): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM projects p WHERE ${viewFilter('p', 1)}`,
    viewParams(view),
  )
  return rows[0]?.n ?? 0
}

/**
 * What an account's cached answers depend on: the head of each of its branches with the count of reports
 * stored or removed there (branch_heads, migration 047), and its projects' names. One row per branch, so
 * the stamp costs the same however many reports the account keeps. Reports are immutable, so an
 * unchanged stamp means an unchanged answer (within the cache's lifetime).
 */
export async function accountStamp(db: Db, accountUuid: string): Promise<string> {
  const { rows } = await db.query<{ stamp: string }>(
    `SELECT concat_ws('|',
       (SELECT md5(coalesce(string_agg(h.report_uuid::text || ':' || h.changes, ',' ORDER BY h.project_uuid, h.branch), ''))
        FROM branch_heads h JOIN projects p ON p.uuid = h.project_uuid WHERE p.account_uuid = $1),
       (SELECT md5(coalesce(string_agg(uuid::text || name, ',' ORDER BY uuid), '')) FROM projects WHERE account_uuid = $1)
     ) AS stamp`,
    [accountUuid],
  )
  return rows[0]?.stamp ?? ''
}

/** Stability and licensing counts of the given reports, from their facts (migration 047). */
export async function sectionCounts(db: Db, reportUuids: string[]) {
  const { rows } = await db.query<{
    uuid: string
    patch: number
    minor: number
    major: number
    forbidden: number
    undeclared: number
  }>(
    `SELECT report_uuid AS uuid, stability_patch AS patch, stability_minor AS minor, stability_major AS major,
            licensing_forbidden AS forbidden, licensing_undeclared AS undeclared
     FROM report_facts WHERE report_uuid = ANY($1::uuid[])`,
    [reportUuids],
  )
  return new Map(rows.map((r) => [r.uuid, r]))
}
