// Which alerts a notification rule raises for one report (issue 16 "Notification rules"): the rule's
// events over the report's delta (so after exclusions: an excluded finding is never in a delta), its
// minimum severity, EPSS threshold and project selection (all, by tag, by name pattern). Each alert item
// has a key unique per branch, so a rule alerts on a finding once, whatever the later reports. Pure.
import type { Severity } from './document'
import { type DeltaFinding, type ReportDelta, severityRank } from './report-delta'

export type AlertEvent =
  | 'new-finding'
  | 'new-critical-high'
  | 'kev'
  | 'epss'
  | 'outcome-fail'
  | 'licence-violation'
  | 'analysis-failed'

export type ProjectSelection =
  | { kind: 'all' }
  | { kind: 'tag'; tags: readonly string[] }
  | { kind: 'name'; pattern: string }

export interface AlertRule {
  events: readonly AlertEvent[]
  minSeverity: Severity
  epssThreshold: number | null
  projects: ProjectSelection
}

export interface AlertSubject {
  project: { name: string; tags: readonly string[] }
  reportUuid: string
  /** 'ERROR' for a failed analysis (spec report statuses). */
  reportStatus: string
  delta: ReportDelta
}

export interface AlertItem {
  event: AlertEvent
  /** Unique per branch: `event|finding key`, or `event|report uuid` for report-wide events. */
  key: string
  finding: DeltaFinding | null
  /** One line for people. */
  summary: string
}

/** `*` any characters, `?` one, everything else literal; case-insensitive, whole name. */
function namePattern(pattern: string): RegExp {
  const body = [...pattern]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.|+()[\]{}]/g, '\\$&')))
    .join('')
  return new RegExp(`^${body}$`, 'i')
}

export function projectSelected(selection: ProjectSelection, project: AlertSubject['project']): boolean {
  if (selection.kind === 'all') return true
  if (selection.kind === 'name') return namePattern(selection.pattern).test(project.name)
  const wanted = new Set(selection.tags.map((t) => t.toLowerCase()))
  return project.tags.some((t) => wanted.has(t.toLowerCase()))
}

function describe(f: DeltaFinding): string {
  const what = f.domain === 'security' ? `${f.id}${f.cve && f.cve !== f.id ? ` (${f.cve})` : ''}` : f.title
  return `${f.library}@${f.version}: ${what}${f.severity ? `, ${f.severity}` : ''}${f.kev ? ', exploited (KEV)' : ''}`
}

export function alertItems(rule: AlertRule, subject: AlertSubject): AlertItem[] {
  if (!projectSelected(rule.projects, subject.project)) return []
  const out = new Map<string, AlertItem>()
  const add = (event: AlertEvent, finding: DeltaFinding | null, summary: string) => {
    const key = `${event}|${finding ? finding.key : subject.reportUuid}`
    if (rule.events.includes(event) && !out.has(key)) out.set(key, { event, key, finding, summary })
  }
  if (subject.reportStatus === 'ERROR') {
    add('analysis-failed', null, `The analysis of ${subject.project.name} failed.`)
    return [...out.values()]
  }
  const min = severityRank(rule.minSeverity)
  const security = (f: DeltaFinding) => f.domain === 'security' && severityRank(f.severity) >= min
  const { delta } = subject
  for (const f of delta.newFindings) {
    if (f.domain === 'licensing') {
      add('licence-violation', f, describe(f))
      continue
    }
    if (!security(f)) continue
    add('new-finding', f, `New: ${describe(f)}`)
    if (severityRank(f.severity) >= severityRank('HIGH')) add('new-critical-high', f, `New: ${describe(f)}`)
    if (f.kev) add('kev', f, `Exploited: ${describe(f)}`)
    if (rule.epssThreshold !== null && f.epss !== null && f.epss >= rule.epssThreshold)
      add('epss', f, `EPSS ${f.epss.toFixed(3)}: ${describe(f)}`)
  }
  for (const f of delta.newlyKev) if (security(f)) add('kev', f, `Now exploited (KEV): ${describe(f)}`)
  for (const f of delta.raisedSeverity)
    if (
      security(f) &&
      severityRank(f.severity) >= severityRank('HIGH') &&
      severityRank(f.from) < severityRank('HIGH')
    )
      add('new-critical-high', f, `Severity raised from ${f.from}: ${describe(f)}`)
  if (delta.outcome.from === 'PASS' && delta.outcome.to === 'FAIL')
    add('outcome-fail', null, `${subject.project.name} went from PASS to FAIL.`)
  return [...out.values()]
}
