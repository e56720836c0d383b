// Storage reads behind the account-wide report views (spec accounts-and-api §7 "Projects and reports",
// "Insights", "Vulnerabilities"): the latest report of every branch from the columns stored beside each
// report, score points for trends, and a compact digest of each report's components with their advisories
// that are not excluded, projected in SQL so that whole documents never leave the database.
import type { Advice, AssessmentState, LatestReport, ScorePoint } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { type ProjectView, viewFilter, viewParams } from '../../services/projects.view'

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

/** The latest report of every branch of the given projects (or every project a caller's view shows). */
export async function latestReports(
  db: Db,
  owner: { view: ProjectView } | { projectUuid: string },
  since: Date | null,
): Promise<LatestReport[]> {
  const where = ownerFilter(owner, 2)
  const { rows } = await db.query<LatestRow>(
    `SELECT DISTINCT ON (r.project_uuid, r.branch) r.project_uuid, p.name AS project_name, r.branch, r.uuid,
            r.created_at, r.status, r.outcome, r.security_score, r.stability_score, r.licensing_score,
            r.security_assessment, r.stability_assessment, r.licensing_assessment, r.thresholds, r.components
     FROM reports r JOIN projects p ON p.uuid = r.project_uuid
     WHERE ${where.sql} AND ($1::timestamptz IS NULL OR r.created_at >= $1)
     ORDER BY r.project_uuid, r.branch, r.created_at DESC, r.uuid DESC`,
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
    `SELECT * FROM (
       SELECT r.project_uuid, r.branch, r.uuid, r.created_at, r.outcome, r.security_score, r.stability_score,
              r.licensing_score,
              row_number() OVER (PARTITION BY r.project_uuid, r.branch ORDER BY r.created_at DESC, r.uuid DESC) AS n
       FROM reports r JOIN projects p ON p.uuid = r.project_uuid
       WHERE ${where.sql} AND ($1::timestamptz IS NULL OR r.created_at >= $1)
     ) t WHERE n <= $2 ORDER BY created_at, uuid`,
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
 * The components of the given reports with their unexcluded security advisories; with `all` false only
 * the components that have at least one.
 */
export async function componentDigest(
  db: Db,
  reportUuids: string[],
  all: boolean,
): Promise<DigestComponent[]> {
  if (reportUuids.length === 0) return []
  const { rows } = await db.query<{
    report_uuid: string
    language: string
    name: string
    version: string
    advisories: DigestAdvisory[]
  }>(
    `SELECT r.uuid AS report_uuid, c.value->'dependency'->'library'->>'language' AS language,
            c.value->'dependency'->'library'->>'name' AS name, c.value->'dependency'->>'version' AS version,
            adv.list AS advisories
     FROM reports r
       CROSS JOIN LATERAL jsonb_array_elements(r.document->'security'->'assessments') s
       CROSS JOIN LATERAL jsonb_array_elements(s.value->'reports') c
       CROSS JOIN LATERAL (
         SELECT coalesce(jsonb_agg(jsonb_build_object(
                  'id', a->>'id', 'cve', a->>'cve', 'severity', a->>'severity', 'cvss', a->'cvss', 'epss', a->'epss',
                  'exploited', coalesce((a->'kevEntry'->>'exploited')::boolean, false))), '[]'::jsonb) AS list
         FROM jsonb_array_elements(c.value->'advices') a
         WHERE a->>'type' = 'security' AND (a->'exclusions' IS NULL OR a->'exclusions' = 'null'::jsonb)
       ) adv
     WHERE r.uuid = ANY($1::uuid[]) AND ($2 OR jsonb_array_length(adv.list) > 0)`,
    [reportUuids, all],
  )
  return rows.map((r) => ({
    reportUuid: r.report_uuid,
    language: r.language,
    name: r.name,
    version: r.version,
    advisories: r.advisories.map((a) => ({
      ...a,
      cvss: a.cvss === null ? null : Number(a.cvss),
      epss: a.epss === null ? null : Number(a.epss),
    })),
  }))
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
 * What an account's cached answers depend on: its reports (count and newest) and its projects' names.
 * Reports are immutable, so an unchanged stamp means an unchanged answer (within the cache's lifetime).
 */
export async function accountStamp(db: Db, accountUuid: string): Promise<string> {
  const { rows } = await db.query<{ stamp: string }>(
    `SELECT concat_ws('|',
       (SELECT count(*) FROM reports r JOIN projects p ON p.uuid = r.project_uuid WHERE p.account_uuid = $1),
       (SELECT max(r.created_at)::text FROM reports r JOIN projects p ON p.uuid = r.project_uuid WHERE p.account_uuid = $1),
       (SELECT md5(coalesce(string_agg(uuid::text || name, ',' ORDER BY uuid), '')) FROM projects WHERE account_uuid = $1)
     ) AS stamp`,
    [accountUuid],
  )
  return rows[0]?.stamp ?? ''
}

/** Stability and licensing counts of the latest reports, from their summaries. */
export async function sectionCounts(db: Db, reportUuids: string[]) {
  const { rows } = await db.query<{
    uuid: string
    patch: number
    minor: number
    major: number
    forbidden: number
    undeclared: number
  }>(
    `SELECT uuid,
       coalesce((document->'stability'->'summary'->>'patch')::int, 0) AS patch,
       coalesce((document->'stability'->'summary'->>'minor')::int, 0) AS minor,
       coalesce((document->'stability'->'summary'->>'major')::int, 0) AS major,
       coalesce((document->'licensing'->'summary'->>'forbiddenWithoutExclusion')::int, 0) AS forbidden,
       coalesce((document->'licensing'->'summary'->>'undeclaredWithoutExclusion')::int, 0) AS undeclared
     FROM reports WHERE uuid = ANY($1::uuid[])`,
    [reportUuids],
  )
  return new Map(rows.map((r) => [r.uuid, r]))
}
