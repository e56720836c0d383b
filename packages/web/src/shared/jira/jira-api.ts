// The issue-tracker calls of the web app (spec accounts-and-api §7 "Issue tracker") through the SDK's
// jiraApi over the app's one client, and what the advice card needs to offer an issue (report-page §6
// 'jira' feature, §3 Report.jiraInfo, Advice.jira).
import { type Advice, JIRA_FEATURE } from '@sextant/contract'
import { jiraApi } from '@sextant/sdk'
import { sdk } from '../../lib/sdk'

export const jira = jiraApi(sdk)

export const JIRA_QUERY_KEY = ['jira'] as const

export function hasJiraFeature(features: readonly string[] | undefined): boolean {
  return features?.includes(JIRA_FEATURE) ?? false
}

/** The issue's summary as the dialog first shows it: the advice's identifier, component and title. */
export function defaultSummary(advice: Advice, component: string, title: string): string {
  const id = advice.cve ?? advice.id
  return `${id} in ${component}${title && !title.includes(id) ? `: ${title}` : ''}`.slice(0, 255)
}

/** The issue's description (markdown): what the advice says, where it is fixed and its links. */
export function defaultDescription(advice: Advice, component: string): string {
  const lines = [
    `Sextant found ${advice.cve ?? advice.id} (${advice.severity}${advice.cvss === null ? '' : `, CVSS ${advice.cvss}`}) in ${component}.`,
    '',
    advice.description.trim(),
  ]
  if (advice.fixedInVersions.length > 0) lines.push('', `Fixed in: ${advice.fixedInVersions.join(', ')}`)
  if (advice.links.length > 0) lines.push('', ...advice.links.slice(0, 10).map((l) => `- ${l.url}`))
  return lines.join('\n').slice(0, 32_000)
}
