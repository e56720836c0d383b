// The issue-tracker integration in storage (migration 017; accounts-and-api §7 "Issue tracker"): an
// account's Jira site (token encrypted at rest), a project's Jira settings, and the issues created from
// advices, one per project and advice.
import type { Db } from '../../db/connection'

export interface StoredAccountConfig {
  baseUrl: string
  email: string
  apiTokenEncrypted: string
  updatedAt: Date
}

export interface StoredProjectConfig {
  projectKey: string
  issueType: string
  labels: string[]
  updatedAt: Date
}

export interface StoredIssue {
  adviceId: string
  reportUuid: string
  issueId: string
  issueKey: string
  url: string
  summary: string
  issueType: string
  createdAt: Date
}

export async function findAccountConfig(db: Db, accountUuid: string): Promise<StoredAccountConfig | null> {
  const { rows } = await db.query<{
    base_url: string
    email: string
    api_token_encrypted: string
    updated_at: Date
  }>(
    'SELECT base_url, email, api_token_encrypted, updated_at FROM jira_account_configs WHERE account_uuid = $1',
    [accountUuid],
  )
  const r = rows[0]
  return r
    ? {
        baseUrl: r.base_url,
        email: r.email,
        apiTokenEncrypted: r.api_token_encrypted,
        updatedAt: new Date(r.updated_at),
      }
    : null
}

export async function saveAccountConfig(
  db: Db,
  accountUuid: string,
  config: { baseUrl: string; email: string; apiTokenEncrypted: string },
): Promise<void> {
  await db.query(
    `INSERT INTO jira_account_configs (account_uuid, base_url, email, api_token_encrypted)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_uuid) DO UPDATE SET base_url = $2, email = $3, api_token_encrypted = $4, updated_at = now()`,
    [accountUuid, config.baseUrl, config.email, config.apiTokenEncrypted],
  )
}

export async function findProjectConfig(db: Db, projectUuid: string): Promise<StoredProjectConfig | null> {
  const { rows } = await db.query<{
    project_key: string
    issue_type: string
    labels: string[]
    updated_at: Date
  }>('SELECT project_key, issue_type, labels, updated_at FROM jira_project_configs WHERE project_uuid = $1', [
    projectUuid,
  ])
  const r = rows[0]
  return r
    ? {
        projectKey: r.project_key,
        issueType: r.issue_type,
        labels: r.labels,
        updatedAt: new Date(r.updated_at),
      }
    : null
}

export async function saveProjectConfig(
  db: Db,
  projectUuid: string,
  config: { projectKey: string; issueType: string; labels: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO jira_project_configs (project_uuid, project_key, issue_type, labels) VALUES ($1, $2, $3, $4)
     ON CONFLICT (project_uuid) DO UPDATE SET project_key = $2, issue_type = $3, labels = $4, updated_at = now()`,
    [projectUuid, config.projectKey, config.issueType, config.labels],
  )
}

interface IssueRow {
  advice_id: string
  report_uuid: string
  issue_id: string
  issue_key: string
  url: string
  summary: string
  issue_type: string
  created_at: Date
}

const issueOf = (r: IssueRow): StoredIssue => ({
  adviceId: r.advice_id,
  reportUuid: r.report_uuid,
  issueId: r.issue_id,
  issueKey: r.issue_key,
  url: r.url,
  summary: r.summary,
  issueType: r.issue_type,
  createdAt: new Date(r.created_at),
})

const ISSUE_COLUMNS = 'advice_id, report_uuid, issue_id, issue_key, url, summary, issue_type, created_at'

export async function listIssues(db: Db, projectUuid: string): Promise<StoredIssue[]> {
  const { rows } = await db.query<IssueRow>(
    `SELECT ${ISSUE_COLUMNS} FROM jira_issues WHERE project_uuid = $1 ORDER BY created_at DESC, issue_key`,
    [projectUuid],
  )
  return rows.map(issueOf)
}

export async function findIssue(db: Db, projectUuid: string, adviceId: string): Promise<StoredIssue | null> {
  const { rows } = await db.query<IssueRow>(
    `SELECT ${ISSUE_COLUMNS} FROM jira_issues WHERE project_uuid = $1 AND advice_id = $2`,
    [projectUuid, adviceId],
  )
  return rows[0] ? issueOf(rows[0]) : null
}

export async function insertIssue(
  db: Db,
  projectUuid: string,
  issue: Omit<StoredIssue, 'createdAt'>,
  createdBy: string | null,
): Promise<StoredIssue | 'taken'> {
  // 'taken': two creations raced and the advice already has its issue
  const { rows } = await db.query<IssueRow>(
    `INSERT INTO jira_issues (project_uuid, advice_id, report_uuid, issue_id, issue_key, url, summary, issue_type, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (project_uuid, advice_id) DO NOTHING RETURNING ${ISSUE_COLUMNS}`,
    [
      projectUuid,
      issue.adviceId,
      issue.reportUuid,
      issue.issueId,
      issue.issueKey,
      issue.url,
      issue.summary,
      issue.issueType,
      createdBy,
    ],
  )
  return rows[0] ? issueOf(rows[0]) : 'taken'
}

export interface ReportDecoration {
  info: { siteUrl: string; projectKey: string; issueType: string; issues: number } | null
  issues: Map<string, { id: string; key: string; url: string }>
}

/**
 * What a report of the project shows of Jira (report-page §3 jiraInfo, Advice.jira): null when the
 * project's account lacks the 'jira' feature or the project has neither settings nor issues.
 */
export async function reportDecoration(db: Db, projectUuid: string): Promise<ReportDecoration | null> {
  const { rows } = await db.query<{
    base_url: string | null
    project_key: string | null
    issue_type: string | null
    issues: { advice_id: string; issue_id: string; issue_key: string; url: string }[] | null
  }>(
    `SELECT jac.base_url, jpc.project_key, jpc.issue_type,
       (SELECT json_agg(json_build_object('advice_id', ji.advice_id, 'issue_id', ji.issue_id,
          'issue_key', ji.issue_key, 'url', ji.url)) FROM jira_issues ji WHERE ji.project_uuid = p.uuid) AS issues
     FROM projects p
     JOIN accounts a ON a.uuid = p.account_uuid AND 'jira' = ANY (a.features)
     LEFT JOIN jira_account_configs jac ON jac.account_uuid = p.account_uuid
     LEFT JOIN jira_project_configs jpc ON jpc.project_uuid = p.uuid
     WHERE p.uuid = $1`,
    [projectUuid],
  )
  const r = rows[0]
  if (!r) return null
  const issues = new Map(
    (r.issues ?? []).map((i) => [i.advice_id, { id: i.issue_id, key: i.issue_key, url: i.url }]),
  )
  const info =
    r.base_url && r.project_key && r.issue_type
      ? { siteUrl: r.base_url, projectKey: r.project_key, issueType: r.issue_type, issues: issues.size }
      : null
  if (!info && issues.size === 0) return null
  return { info, issues }
}
