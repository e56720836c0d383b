// A notification rule's form and words (issue 16 "Notification rules"; spec accounts-and-api §7
// "Notifications"): events, projects (all, by tag, by name pattern), channel, minimum severity, EPSS
// threshold and immediate or daily-digest mode, to the contract's rule body and back.
import type { NotificationEvent, NotificationRule, ProjectSelection } from '@sextant/contract'
import type { RuleInput } from '@sextant/sdk'
import { type Checked, eventLabels, type MinSeverity, SEVERITIES, splitList } from './notifications-model'

export interface RuleForm {
  name: string
  enabled: boolean
  /** '' for every project the selection names; else only this team's. */
  teamUuid: string
  events: NotificationEvent[]
  minSeverity: MinSeverity
  /** A probability 0-1 as typed; used by the 'epss' event only. */
  epssThreshold: string
  projectKind: ProjectSelection['kind']
  tags: string
  pattern: string
  channelUuid: string
  mode: 'immediate' | 'digest'
}

export function emptyRuleForm(channelUuid = ''): RuleForm {
  return {
    name: '',
    enabled: true,
    teamUuid: '',
    events: ['new-critical-high'],
    minSeverity: 'LOW',
    epssThreshold: '',
    projectKind: 'all',
    tags: '',
    pattern: '',
    channelUuid,
    mode: 'immediate',
  }
}

export function ruleFormOf(r: NotificationRule): RuleForm {
  const p = r.projects
  return {
    name: r.name,
    enabled: r.enabled,
    teamUuid: r.teamUuid ?? '',
    events: [...r.events],
    minSeverity: (SEVERITIES as readonly string[]).includes(r.minSeverity)
      ? (r.minSeverity as MinSeverity)
      : 'LOW',
    epssThreshold: r.epssThreshold === null ? '' : String(r.epssThreshold),
    projectKind: p.kind,
    tags: p.kind === 'tag' ? p.tags.join(', ') : '',
    pattern: p.kind === 'name' ? p.pattern : '',
    channelUuid: r.channelUuid,
    mode: r.mode,
  }
}

function projects(f: RuleForm): Checked<ProjectSelection> {
  if (f.projectKind === 'all') return { ok: true, body: { kind: 'all' } }
  if (f.projectKind === 'tag') {
    const tags = splitList(f.tags.replace(/;/g, ','))
    return tags.length === 0
      ? { ok: false, message: 'Name at least one project tag.' }
      : { ok: true, body: { kind: 'tag', tags } }
  }
  const pattern = f.pattern.trim()
  return pattern
    ? { ok: true, body: { kind: 'name', pattern } }
    : { ok: false, message: 'Give a project name pattern (* any characters, ? one).' }
}

export function ruleBody(f: RuleForm): Checked<RuleInput> {
  const name = f.name.trim()
  if (!name) return { ok: false, message: 'Give the rule a name.' }
  if (f.events.length === 0) return { ok: false, message: 'Choose at least one event.' }
  if (!f.channelUuid) return { ok: false, message: 'Choose the channel the rule sends through.' }
  let epssThreshold: number | null = null
  if (f.events.includes('epss')) {
    epssThreshold = Number(f.epssThreshold.trim().replace(',', '.'))
    if (
      f.epssThreshold.trim() === '' ||
      !Number.isFinite(epssThreshold) ||
      epssThreshold < 0 ||
      epssThreshold > 1
    )
      return { ok: false, message: 'EPSS threshold: a probability from 0 to 1 (for example 0.1).' }
  }
  const selection = projects(f)
  if (!selection.ok) return selection
  return {
    ok: true,
    body: {
      name,
      enabled: f.enabled,
      ...(f.teamUuid ? { teamUuid: f.teamUuid } : {}),
      events: f.events,
      minSeverity: f.minSeverity,
      epssThreshold,
      projects: selection.body,
      channelUuid: f.channelUuid,
      mode: f.mode,
    },
  }
}

export function describeProjects(p: ProjectSelection): string {
  if (p.kind === 'all') return 'All projects'
  if (p.kind === 'tag') return `Tagged ${p.tags.join(', ')}`
  return `Named ${p.pattern}`
}

export function describeEvents(r: Pick<NotificationRule, 'events' | 'epssThreshold'>): string {
  return r.events
    .map((e) => (e === 'epss' && r.epssThreshold !== null ? `EPSS ≥ ${r.epssThreshold}` : eventLabels[e]))
    .join(', ')
}
