// The metrics integration in storage (migration 090; accounts-and-api §7 "Metrics integration", issue 17):
// an account's Datadog set-up (key sealed at rest), its submissions (the last HISTORY_LIMIT kept), and the
// latest report of each of its project branches that a submission sends.
import type { DatadogSubmission } from '@sextant/contract'
import type { ReportDocument } from '@sextant/engine'
import type { Db } from '../../db/connection'
import { type StoredDocumentColumns, storedReportDocument } from '../../services/report-document'

export interface StoredSetup {
  site: string
  baseUrl: string
  apiKeyEncrypted: string
  scheduled: boolean
  updatedAt: Date
}

/** Submissions kept per account; older ones are deleted as new ones come. */
export const HISTORY_LIMIT = 100

export async function findSetup(db: Db, accountUuid: string): Promise<StoredSetup | null> {
  const { rows } = await db.query<{
    site: string
    base_url: string
    api_key_encrypted: string
    scheduled: boolean
    updated_at: Date
  }>(
    'SELECT site, base_url, api_key_encrypted, scheduled, updated_at FROM datadog_setups WHERE account_uuid = $1',
    [accountUuid],
  )
  const r = rows[0]
  return r
    ? {
        site: r.site,
        baseUrl: r.base_url,
        apiKeyEncrypted: r.api_key_encrypted,
        scheduled: r.scheduled,
        updatedAt: new Date(r.updated_at),
      }
    : null
}

export async function saveSetup(
  db: Db,
  accountUuid: string,
  setup: { site: string; baseUrl: string; apiKeyEncrypted: string; scheduled: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO datadog_setups (account_uuid, site, base_url, api_key_encrypted, scheduled) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_uuid) DO UPDATE SET site = $2, base_url = $3, api_key_encrypted = $4, scheduled = $5,
       updated_at = now()`,
    [accountUuid, setup.site, setup.baseUrl, setup.apiKeyEncrypted, setup.scheduled],
  )
}

/** Accounts the scheduled job sends: set up, scheduled, and with the 'datadog' feature. */
export async function scheduledAccounts(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ account_uuid: string }>(
    `SELECT s.account_uuid FROM datadog_setups s JOIN accounts a ON a.uuid = s.account_uuid
     WHERE s.scheduled AND 'datadog' = ANY (a.features) ORDER BY s.account_uuid`,
  )
  return rows.map((r) => r.account_uuid)
}

interface SubmissionRow {
  id: string
  trigger: DatadogSubmission['trigger']
  at: Date
  ok: boolean
  branches: number
  series: number
  status: number | null
  message: string
}

const submissionOf = (r: SubmissionRow): DatadogSubmission => ({
  id: String(r.id),
  trigger: r.trigger,
  at: new Date(r.at).toISOString(),
  ok: r.ok,
  branches: r.branches,
  series: r.series,
  status: r.status,
  message: r.message,
})

export async function insertSubmission(
  db: Db,
  accountUuid: string,
  s: Omit<DatadogSubmission, 'id' | 'at'>,
): Promise<DatadogSubmission> {
  const { rows } = await db.query<SubmissionRow>(
    `INSERT INTO datadog_submissions (account_uuid, trigger, ok, branches, series, status, message)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, trigger, at, ok, branches, series, status, message`,
    [accountUuid, s.trigger, s.ok, s.branches, s.series, s.status, s.message],
  )
  await db.query(
    `DELETE FROM datadog_submissions WHERE account_uuid = $1 AND id NOT IN
       (SELECT id FROM datadog_submissions WHERE account_uuid = $1 ORDER BY id DESC LIMIT $2)`,
    [accountUuid, HISTORY_LIMIT],
  )
  return submissionOf(rows[0]!)
}

export async function listSubmissions(db: Db, accountUuid: string): Promise<DatadogSubmission[]> {
  const { rows } = await db.query<SubmissionRow>(
    `SELECT id, trigger, at, ok, branches, series, status, message FROM datadog_submissions
     WHERE account_uuid = $1 ORDER BY id DESC LIMIT $2`,
    [accountUuid, HISTORY_LIMIT],
  )
  return rows.map(submissionOf)
}

/** The latest report of one project branch, with the names its series are tagged with. */
export interface LatestReport {
  reportUuid: string
  project: string
  branch: string
  account: string
  team: string | null
}

/** The latest report of each project branch of the account, at most `limit` branches (by project, branch). */
export async function latestReports(db: Db, accountUuid: string, limit: number): Promise<LatestReport[]> {
  const { rows } = await db.query<{
    uuid: string
    project: string
    branch: string
    account: string
    team: string | null
  }>(
    `SELECT DISTINCT ON (r.project_uuid, r.branch) r.uuid, p.name AS project, r.branch, a.name AS account,
            t.name AS team
     FROM reports r JOIN projects p ON p.uuid = r.project_uuid JOIN accounts a ON a.uuid = p.account_uuid
     LEFT JOIN teams t ON t.uuid = p.team_uuid
     WHERE p.account_uuid = $1
     ORDER BY r.project_uuid, r.branch, r.created_at DESC, r.uuid DESC
     LIMIT $2`,
    [accountUuid, limit],
  )
  return rows.map((r) => ({
    reportUuid: r.uuid,
    project: r.project,
    branch: r.branch,
    account: r.account,
    team: r.team,
  }))
}

/** What the series read of some reports (whole documents, a few at a time). */
export async function reportDocuments(db: Db, uuids: string[]): Promise<Map<string, ReportDocument>> {
  if (uuids.length === 0) return new Map()
  const { rows } = await db.query<{ uuid: string } & StoredDocumentColumns>(
    'SELECT uuid, document, document_gz FROM reports WHERE uuid = ANY ($1::uuid[])',
    [uuids],
  )
  return new Map(await Promise.all(rows.map(async (r) => [r.uuid, await storedReportDocument(r)] as const)))
}
