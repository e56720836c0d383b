// Pure rules of the security assessment (report-page §2 Security assessment, §4 severity ordering and
// default filter, §5 EPSS/CVSS ranges): display ids (CVE or 'MET-' + 7 chars), KEV and EPSS labels,
// the Filters dropdown's predicate, the by-vulnerability grouping by CVE, and the visible rows.
import type { Advice, Report, ReportDeltaEntry } from '@sextant/contract'
import { inScope, languageActive, type ReportFilters } from './report-filters'

export type ComponentReport = Report['security']['assessments'][number]['reports'][number]
export type Severity = Advice['severity']

/** §4 severity ordering. */
export const SEVERITY_ORDER: Severity[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'SUGGEST', 'NONE']
export const DEFAULT_SEVERITIES: Severity[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']
export const SEVERITY_COLOR: Record<Severity, string> = {
  CRITICAL: 'red.9',
  HIGH: 'red.6',
  MEDIUM: 'orange.6',
  LOW: 'yellow.7',
  SUGGEST: 'blue.6',
  NONE: 'gray.6',
}

export const EPSS_RANGE = { min: 0, max: 100, step: 0.1 } as const
export const CVSS_RANGE = { min: 0, max: 10, step: 0.1 } as const
/** §5: slider changes apply after about 1 s. */
export const RANGE_DEBOUNCE_MS = 1_000

/** §4 display values: NONE is shown as INFO. */
export function severityLabel(severity: Severity): string {
  return severity === 'NONE' ? 'INFO' : severity
}

/** The CVE badge: the CVE, or 'MET-' plus the first 7 characters of the advice id. */
export function adviceDisplayId(advice: Pick<Advice, 'id' | 'cve'>): string {
  return advice.cve && advice.cve !== 'N/A' ? advice.cve : `MET-${advice.id.slice(0, 7)}`
}

/**
 * The advice's other identifiers, shown beside its badge (issue 9 "one advice showing every
 * identifier"): its own id and aliases, without the one the badge already shows.
 */
export function otherIdentifiers(advice: Pick<Advice, 'id' | 'cve' | 'aliases'>): string[] {
  const shown = adviceDisplayId(advice)
  return [...new Set([advice.id, ...(advice.aliases ?? [])])].filter((x) => x !== shown)
}

export function kevLabel(advice: Pick<Advice, 'kevEntry'>): 'Exploited' | 'Listed' | null {
  if (!advice.kevEntry) return null
  return advice.kevEntry.exploited ? 'Exploited' : 'Listed'
}

/** EPSS (a 0-1 fraction) as a percentage truncated, not rounded, to two decimals: 0.123456 → '12.34%'. */
export function formatEpss(epss: number | null): string {
  if (epss === null) return '—'
  const hundredths = Math.floor(Math.round(epss * 1e8) / 1e4)
  return `${(hundredths / 100).toFixed(2)}%`
}

export function isExcluded(advice: Advice): boolean {
  return (advice.exclusions?.length ?? 0) > 0
}

/** An exclusion the account's auto-mitigation thresholds set (engine report/auto-mitigation.ts). */
export function isAutomaticExclusion(exclusion: unknown): boolean {
  return (
    typeof exclusion === 'object' &&
    exclusion !== null &&
    'automatic' in exclusion &&
    exclusion.automatic === true
  )
}

/** Whether the advice is excluded only by the account's auto-mitigation thresholds. */
export function isAutoMitigated(advice: Advice): boolean {
  return isExcluded(advice) && (advice.exclusions ?? []).every(isAutomaticExclusion)
}

/** Why an automatic mitigation has no Remove action (shown in the advice's Mitigation tab). */
export const AUTO_MITIGATION_NOTE =
  'It cannot be removed on its own: an Administrator changes the thresholds in the account configuration, then the report is recomputed.'

export type Range = [number, number]

export interface SecurityFilters {
  severities: Severity[]
  epss: Range
  cvss: Range
}

export const DEFAULT_SECURITY_FILTERS: SecurityFilters = {
  severities: DEFAULT_SEVERITIES,
  epss: [EPSS_RANGE.min, EPSS_RANGE.max],
  cvss: [CVSS_RANGE.min, CVSS_RANGE.max],
}

/** Keeps the two handles at least one step apart, inside the bounds (§5). */
export function separateHandles(range: Range, bounds: { min: number; max: number; step: number }): Range {
  let [low, high] = range
  low = Math.max(bounds.min, Math.min(low, bounds.max - bounds.step))
  high = Math.min(bounds.max, Math.max(high, bounds.min + bounds.step))
  if (high - low < bounds.step - 1e-9) high = Math.min(bounds.max, low + bounds.step)
  return [Math.round(low * 10) / 10, Math.round(high * 10) / 10]
}

function isFull(range: Range, bounds: { min: number; max: number }): boolean {
  return range[0] <= bounds.min && range[1] >= bounds.max
}

/** An advice passes when its severity is on and it lies in both ranges; without a value it passes only the full range. */
export function advicePasses(advice: Advice, filters: SecurityFilters): boolean {
  if (!filters.severities.includes(advice.severity)) return false
  if (!isFull(filters.epss, EPSS_RANGE)) {
    if (advice.epss === null) return false
    const pct = advice.epss * 100
    if (pct < filters.epss[0] || pct > filters.epss[1]) return false
  }
  if (!isFull(filters.cvss, CVSS_RANGE)) {
    if (advice.cvss === null) return false
    if (advice.cvss < filters.cvss[0] || advice.cvss > filters.cvss[1]) return false
  }
  return true
}

export interface ComponentRow {
  key: string
  language: string
  report: ComponentReport
  advices: Advice[]
}

/** The by-component rows: active language and scope, advices through the Filters; with 'issues only', components with a visible advice. */
export function componentRows(
  report: Pick<Report, 'security'>,
  filters: ReportFilters,
  security: SecurityFilters,
): ComponentRow[] {
  const rows: ComponentRow[] = []
  const rank = new Map<ComponentRow, number>()
  for (const assessment of report.security.assessments) {
    if (!languageActive(filters, assessment.language)) continue
    for (const component of assessment.reports) {
      if (!inScope(filters.scope, component.scope)) continue
      const advices = component.advices
        .filter((advice) => advicePasses(advice, security))
        .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity))
      if (filters.issuesOnly && advices.length === 0) continue
      const { name, language } = component.dependency.library
      const row = {
        key: `${language}:${name}@${component.dependency.version}`,
        language,
        report: component,
        advices,
      }
      rows.push(row)
      rank.set(row, worst(advices))
    }
  }
  // the worst severity once per row, and one collator (localeCompare's order, without its cost per call):
  // the list with every component (5,000 and more) is sorted on each filter change
  return rows.sort((a, b) => rank.get(a)! - rank.get(b)! || KEY_ORDER.compare(a.key, b.key))
}

const KEY_ORDER = new Intl.Collator()

function worst(advices: Advice[]): number {
  let best = SEVERITY_ORDER.length
  for (const advice of advices) best = Math.min(best, SEVERITY_ORDER.indexOf(advice.severity))
  return best
}

export interface VulnerabilityGroup {
  id: string
  advice: Advice
  components: string[]
  /** The report delta's keys of the group's findings (see newFindingKey). */
  findingKeys: string[]
}

/** The report delta's key of a security finding (engine report/report-delta.ts: security|language|name|advice id). */
export function newFindingKey(language: string, name: string, adviceId: string): string {
  return `security|${language}|${name}|${adviceId}`
}

/** The security findings a stored report delta calls new; none without a previous report (issue 16). */
export function newFindingKeys(entry: ReportDeltaEntry | null): ReadonlySet<string> {
  if (!entry?.delta.hasPrevious) return new Set()
  return new Set(entry.delta.newFindings.filter((f) => f.domain === 'security').map((f) => f.key))
}

/** The by-vulnerability view: advices grouped by CVE (or MET- id), with the components they affect. */
export function groupByVulnerability(rows: ComponentRow[]): VulnerabilityGroup[] {
  const groups = new Map<string, VulnerabilityGroup>()
  for (const row of rows) {
    const label = `${row.report.dependency.library.displayName}@${row.report.dependency.version}`
    for (const advice of row.advices) {
      const id = adviceDisplayId(advice)
      const group = groups.get(id) ?? { id, advice, components: [], findingKeys: [] }
      if (!group.components.includes(label)) group.components.push(label)
      const { language, name } = row.report.dependency.library
      group.findingKeys.push(newFindingKey(language, name, advice.id))
      groups.set(id, group)
    }
  }
  return [...groups.values()].sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.advice.severity) - SEVERITY_ORDER.indexOf(b.advice.severity) ||
      (b.advice.cvss ?? 0) - (a.advice.cvss ?? 0) ||
      a.id.localeCompare(b.id),
  )
}

export interface CardTab {
  value:
    | 'mitigation'
    | 'description'
    | 'ai'
    | 'affected'
    | 'info'
    | 'hierarchy'
    | 'locations'
    | 'actions'
    | 'learn'
    | 'sa'
  label: string
}

/** What the caller's account and role add to the card (§6). */
export interface CardExtras {
  /** The account has the AI feature and the server's assistant answered its ping. */
  assistant?: boolean
  /** The secure-coding training feature (securecodewarrior): Learn more, for an advice with a CWE. */
  learnMore?: boolean
  /** System administrators see the SA tab. */
  sysadmin?: boolean
  /** §6: Actions only in private mode (mode=eli, signed in); its buttons are disabled where the caller may not act. */
  actions?: boolean
}

/** Card tabs in the spec's order: Mitigation first when excluded, More info only with links, Learn more and SA last. */
export function cardTabs(advice: Advice, extras: CardExtras = {}): CardTab[] {
  const { assistant = false } = extras
  const tabs: CardTab[] = []
  if (isExcluded(advice)) tabs.push({ value: 'mitigation', label: 'Mitigation' })
  tabs.push({ value: 'description', label: 'Description' })
  if (assistant) tabs.push({ value: 'ai', label: 'AI' })
  tabs.push({ value: 'affected', label: 'Affected components' })
  if (advice.links.length > 0) tabs.push({ value: 'info', label: 'More info' })
  tabs.push({ value: 'hierarchy', label: 'Hierarchy' })
  tabs.push({ value: 'locations', label: 'Locations' })
  if (extras.actions ?? true) tabs.push({ value: 'actions', label: 'Actions' })
  if (extras.learnMore && advice.cwe) tabs.push({ value: 'learn', label: 'Learn more' })
  if (extras.sysadmin) tabs.push({ value: 'sa', label: 'SA' })
  return tabs
}

/** §9 "Hierarchy indent": 10 px per level. */
export const HIERARCHY_INDENT_PX = 10

/** A hierarchy node 'name:version'; §5 "Version '--' displays as empty" (the project root has none). */
export function hierarchyNodeLabel(node: string): string {
  return node.endsWith(':--') ? node.slice(0, -3) : node
}

/** An advice's one-line title: the first line of its description without Markdown marks, else its id. */
export function adviceTitle(advice: Advice): string {
  return advice.description.split('\n')[0]?.replace(/[#*`]/g, '').trim() || adviceDisplayId(advice)
}

/** The Description tab's Markdown: without a leading bold or heading line that is already the card title. */
export function adviceDescriptionBody(advice: Advice): string {
  const [first = '', ...rest] = advice.description.split('\n')
  const marked = /^\s*(\*\*.+\*\*|#{1,6}\s.+)\s*$/.test(first)
  const title = first.replace(/[#*`]/g, '').trim()
  return marked && title === adviceTitle(advice) ? rest.join('\n').trim() : advice.description
}
