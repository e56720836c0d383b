// What each domain of a report could assess (issue 14 "Never fail open"; spec report-page §4 statuses and
// the partial-build banner; DESIGN §5). Pure: the section builders say which components they could not
// assess and why; this turns that into each section's state, score (`null` unless complete), the
// report-level gaps and the status (OK, PARTIAL, UNSUPPORTED).
import type { Ecosystem, Warning } from '../model'
import type {
  AssessmentGap,
  AssessmentGapKind,
  AssessmentState,
  ReportDomain,
  ReportGap,
  ReportStatus,
  SectionAssessment,
} from './document'

/** Most examples a gap carries (contract GAP_EXAMPLES). */
export const GAP_EXAMPLES = 5

/** One component a domain could not assess, and why. */
export interface Unassessed {
  kind: AssessmentGapKind
  /** Identifies the component (its purl); a component listed under two kinds counts once. */
  key: string
  /** `name@version`, shown as an example. */
  label: string
  ecosystem: Ecosystem
}

export interface DomainCoverage {
  domain: ReportDomain
  /** Components in the domain's scope. */
  total: number
  unassessed: readonly Unassessed[]
  /** Gaps that leave the whole domain partial without naming components (stale data, incomplete graph). */
  shared: readonly AssessmentGap[]
  /** Nothing could be assessed at all (no advisory data, no metadata source): the state is 'none'. */
  nothing?: AssessmentGap
  /** The builder's score: over what was assessed (unassessed components deduct nothing). */
  score: number
}

export interface AssessedSection {
  score: number | null
  assessed: boolean
  assessment: SectionAssessment
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

function byEcosystem(items: readonly Unassessed[]): string {
  const counts = new Map<string, number>()
  for (const i of items) counts.set(i.ecosystem, (counts.get(i.ecosystem) ?? 0) + 1)
  return [...counts].map(([eco, n]) => `${eco} ${n}`).join(', ')
}

/** What a missing piece means in each domain, said once per gap. */
const CONSEQUENCE: Record<ReportDomain, string> = {
  security: 'not checked for vulnerabilities',
  stability: 'newer versions unknown',
  licensing: 'licences unknown',
}

function componentGapMessage(kind: AssessmentGapKind, domain: ReportDomain, items: readonly Unassessed[]) {
  const n = plural(items.length, 'component')
  const what = CONSEQUENCE[domain]
  switch (kind) {
    case 'ecosystem-without-advisories':
      return `${n} ${what}: the advisory store holds no advisories of their ecosystem (${byEcosystem(items)}).`
    case 'unsupported-ecosystem':
      return `${n} of ecosystems Sextant cannot assess yet (${byEcosystem(items)}): ${what}.`
    case 'unorderable-version':
      return domain === 'security'
        ? `${n} with a version their scheme cannot order (such as 2.x or debian): matched only against advisories that list the version exactly.`
        : `${n} with a version their scheme cannot order (such as 2.x or debian): ${what}.`
    case 'missing-metadata':
      return `${n} got no registry metadata: ${what}.`
    default:
      return `${n} ${what}.`
  }
}

function groupUnassessed(domain: ReportDomain, items: readonly Unassessed[]): AssessmentGap[] {
  const byKind = new Map<AssessmentGapKind, Unassessed[]>()
  for (const item of items) {
    const list = byKind.get(item.kind) ?? []
    list.push(item)
    byKind.set(item.kind, list)
  }
  return [...byKind].map(([kind, list]) => ({
    kind,
    message: componentGapMessage(kind, domain, list),
    count: list.length,
    examples: list.slice(0, GAP_EXAMPLES).map((i) => i.label),
  }))
}

/** A section's state, its score (a number only when complete), and the gaps behind it. */
export function assessSection(c: DomainCoverage): AssessedSection {
  if (c.nothing) {
    return {
      score: null,
      assessed: false,
      assessment: {
        state: 'none',
        components: c.total,
        assessedComponents: 0,
        partialScore: null,
        gaps: [c.nothing, ...c.shared],
      },
    }
  }
  const missing = new Set(c.unassessed.map((u) => u.key)).size
  const assessedComponents = Math.max(0, c.total - missing)
  const gaps = [...groupUnassessed(c.domain, c.unassessed), ...c.shared]
  let state: AssessmentState = 'complete'
  if (c.total > 0 && assessedComponents === 0) state = 'none'
  else if (gaps.length > 0) state = 'partial'
  return {
    score: state === 'complete' ? c.score : null,
    assessed: state !== 'none',
    assessment: {
      state,
      components: c.total,
      assessedComponents,
      partialScore: state === 'partial' ? c.score : null,
      gaps,
    },
  }
}

/** The gaps extraction and resolution warnings leave in every domain (the graph itself is incomplete). */
export function graphGaps(warnings: readonly Warning[]): AssessmentGap[] {
  const incomplete = warnings.filter((w) => w.gap === 'incomplete-graph')
  const skipped = warnings.filter((w) => w.gap === 'skipped-input')
  const example = (w: Warning) => `${w.file}${w.line !== undefined ? `:${w.line}` : ''}: ${w.message}`
  const gaps: AssessmentGap[] = []
  if (incomplete.length > 0) {
    gaps.push({
      kind: 'incomplete-graph',
      message: `The dependency graph is incomplete: ${plural(incomplete.length, 'POM, parent, BOM or version', 'POMs, parents, BOMs or versions')} could not be fetched or resolved, so some dependencies are missing.`,
      count: incomplete.length,
      examples: incomplete.slice(0, GAP_EXAMPLES).map(example),
    })
  }
  if (skipped.length > 0) {
    gaps.push({
      kind: 'skipped-input',
      message: `${plural(skipped.length, 'file or entry', 'files or entries')} of the input could not be read and ${skipped.length === 1 ? 'was' : 'were'} skipped.`,
      count: skipped.length,
      examples: skipped.slice(0, GAP_EXAMPLES).map(example),
    })
  }
  return gaps
}

/** Every section's gaps once, each with the domains it affects (the PARTIAL banner lists these). */
export function reportGaps(sections: Readonly<Record<ReportDomain, SectionAssessment>>): ReportGap[] {
  const out = new Map<string, ReportGap>()
  for (const domain of ['security', 'stability', 'licensing'] as const) {
    for (const gap of sections[domain].gaps) {
      const key = `${gap.kind}\u0000${gap.message}`
      const seen = out.get(key)
      if (seen) seen.domains.push(domain)
      else out.set(key, { ...gap, examples: [...gap.examples], domains: [domain] })
    }
  }
  return [...out.values()]
}

/**
 * OK when every domain was assessed whole; UNSUPPORTED when nothing readable was found (no component, or
 * none any domain could assess because of its ecosystem, or the input was skipped whole); else PARTIAL.
 */
export function reportStatus(
  components: number,
  sections: Readonly<Record<ReportDomain, SectionAssessment>>,
  warnings: readonly Warning[],
): ReportStatus {
  const all = [sections.security, sections.stability, sections.licensing]
  if (all.every((s) => s.state === 'complete')) {
    // an empty graph is only fine when nothing was skipped to get it (an empty lockfile)
    return components === 0 && warnings.some((w) => w.gap !== undefined) ? 'UNSUPPORTED' : 'OK'
  }
  const onlyUnsupported = all.every(
    (s) => s.state === 'none' && s.gaps.every((g) => g.kind === 'unsupported-ecosystem'),
  )
  if (components > 0 && onlyUnsupported) return 'UNSUPPORTED'
  if (components === 0 && warnings.some((w) => w.gap !== undefined)) return 'UNSUPPORTED'
  return 'PARTIAL'
}
