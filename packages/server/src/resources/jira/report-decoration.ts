// What a report shows of Jira when it is read (report-page §3 Report.jiraInfo, Advice.jira): stored
// reports are immutable, so the project's Jira settings and the issues created from its advices are
// added to the answer, not to the stored document. A report the project has nothing for is sent as is.
import { createHash } from 'node:crypto'
import type { Report } from '@sextant/contract'
import type { ReportDecoration } from './jira.repo'

/** A short key that changes whenever the decoration does (the decorated text is cached under it). */
export function decorationKey(decoration: ReportDecoration): string {
  const text = JSON.stringify([decoration.info, [...decoration.issues.entries()].sort()])
  return createHash('sha256').update(text).digest('base64url').slice(0, 22)
}

export function decorateReportJson(json: string, decoration: ReportDecoration): string {
  const report = JSON.parse(json) as Report
  if (decoration.info) report.jiraInfo = decoration.info
  if (decoration.issues.size > 0)
    for (const assessment of report.security.assessments)
      for (const component of assessment.reports)
        for (const advice of component.advices) {
          const issue = decoration.issues.get(advice.id)
          if (issue) advice.jira = issue
        }
  return JSON.stringify(report)
}
