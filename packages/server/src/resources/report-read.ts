// Reading one stored report of a project whose access check has answered (issue 13 item 5: a cache or
// lookup never runs before it), as the spec's full route sends it: with the counts per scope and, for
// members of the project's account with the 'jira' feature, its Jira data (report-page §3 jiraInfo,
// Advice.jira; §6 "Issue-tracker information loads only when the account has the Jira feature"). Shared
// by the full routes (projects.routes.ts) and the report page's outline and sections (issue 20).
import { JIRA_FEATURE } from '@sextant/contract'
import type { Db } from '../db/connection'
import type { Principal } from '../http/auth'
import type { ProjectRecord } from '../services/projects.repo'
import type { ReportCache, ReportEntry } from '../services/report-cache'
import { storedReport } from '../services/reports.repo'
import { type ReportDecoration, reportDecoration } from './jira/jira.repo'
import { decorateReportJson, decorationKey } from './jira/report-decoration'
import { withReportTotals } from './report-totals.presenter'

/** The Jira data this caller sees on the project's reports, with the key naming its state; null for none. */
export async function jiraShownTo(
  db: Db,
  principal: Principal,
  project: ProjectRecord,
): Promise<{ decoration: ReportDecoration; key: string } | null> {
  const shown =
    principal.kind === 'member' &&
    principal.account.uuid === project.accountUuid &&
    principal.account.features.includes(JIRA_FEATURE)
  if (!shown) return null
  const decoration = await reportDecoration(db, project.uuid)
  return decoration && { decoration, key: decorationKey(decoration) }
}

/**
 * The cache entry of the full report as this caller sees it: the counts per scope added once per cached
 * entry (report-totals.presenter.ts), the Jira data per its state. Null when the project has no such
 * report, or (with `branch`) none on that branch.
 */
export async function fullReportEntry(
  db: Db,
  cache: ReportCache,
  project: ProjectRecord,
  reportUuid: string,
  branch: string | undefined,
  jira: { decoration: ReportDecoration; key: string } | null,
): Promise<ReportEntry | null> {
  const key = { projectUuid: project.uuid, reportUuid }
  const plain = await cache.load(key, branch, async () => {
    const stored = await storedReport(db, project.uuid, reportUuid)
    return stored && { ...stored, json: withReportTotals(stored.json) }
  })
  if (!plain || !jira) return plain
  return cache.load({ ...key, variant: `jira:${jira.key}` }, undefined, async () => ({
    json: decorateReportJson(await cache.jsonOf(plain), jira.decoration),
    branch: plain.branch,
  }))
}
