// How the page says what a report could not assess (issue 14 "Never fail open"; report-page §4 statuses and
// the partial-build banner): a score reads as a number only for a domain assessed whole, else "n/a" with
// "partly assessed" or "not assessed"; the PARTIAL banner lists the report's gaps; Report Details says which
// advisory data the report used; an SBOM without a graph says its relationships are unknown. Pure.
import type { AdvisorySnapshot, Report } from '@sextant/contract'
import type { Domain } from './report-summary'

/** A score as text: the number, or "n/a" (not assessed, or only partly). Never 100 for unknown. */
export const scoreText = (score: number | null): string => (score === null ? 'n/a' : String(score))

export type BadgeState = 'pass' | 'fail' | 'partial' | 'unassessed'

export interface ScoreBadgeView {
  state: BadgeState
  value: string
  status: string
  caption: string
}

const STATUS: Record<BadgeState, string> = {
  pass: 'PASS',
  fail: 'BELOW THRESHOLD',
  partial: 'PARTLY ASSESSED',
  unassessed: 'NOT ASSESSED',
}

/** One score badge: "n/a" with why for a domain not assessed whole; `fail` also when the gate failed it. */
export function scoreBadgeView(report: Report, domain: Domain): ScoreBadgeView {
  const section = report[domain]
  const threshold = report.thresholds[domain]
  const a = section.assessment
  if (section.score === null) {
    const partial = a.state === 'partial'
    const over =
      partial && a.partialScore !== null
        ? ` · ${a.partialScore} over those${report.gate.failed.includes(domain) ? '' : ', which passes'}`
        : ''
    return {
      state: partial ? 'partial' : 'unassessed',
      value: 'n/a',
      status: STATUS[partial ? 'partial' : 'unassessed'],
      caption: partial
        ? `${a.assessedComponents} of ${a.components} components assessed${over}`
        : (a.gaps[0]?.message ?? 'No data to assess this area'),
    }
  }
  const state: BadgeState = section.score >= threshold ? 'pass' : 'fail'
  return {
    state,
    value: String(section.score),
    status: STATUS[state],
    caption: `Threshold ${threshold} · out of 100`,
  }
}

const DOMAIN_WORDS: Record<Domain, string> = {
  security: 'security',
  stability: 'stability',
  licensing: 'licensing',
}

export interface GapLine {
  key: string
  message: string
  /** "security, stability and licensing" */
  domains: string
  examples: string[]
  more: number
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** The PARTIAL banner's list: each gap once, the domains it leaves incomplete, a few examples. */
export function gapLines(report: Pick<Report, 'gaps'>): GapLine[] {
  return report.gaps.map((gap, index) => ({
    key: `${gap.kind}-${index}`,
    message: gap.message,
    domains: joinWords(gap.domains.map((d) => DOMAIN_WORDS[d])),
    examples: gap.examples,
    more: Math.max(0, gap.count - gap.examples.length),
  }))
}

const STORE_WORDS: Record<AdvisorySnapshot['state'], string> = {
  empty: 'Empty',
  stale: 'Stale',
  failing: 'Last sync failed',
  fresh: 'Up to date',
  manual: 'Imported',
}

export interface AdvisoryDataView {
  /** Whether the page should warn (empty, stale, failing). */
  warn: boolean
  state: string
  line: string
}

/** Report Details: the advisory data the report was built with; null on reports stored before it was kept. */
export function advisoryDataView(snapshot: AdvisorySnapshot | undefined): AdvisoryDataView | null {
  if (!snapshot) return null
  const held = Object.entries(snapshot.byEcosystem)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([eco, n]) => `${eco} ${n.toLocaleString('en-US')}`)
    .join(', ')
  const records =
    snapshot.records === 0
      ? 'no advisories'
      : `${snapshot.records.toLocaleString('en-US')} advisories${held ? ` (${held})` : ''}`
  const synced = snapshot.lastSuccessAt
    ? `, last synced ${snapshot.lastSuccessAt.slice(0, 16).replace('T', ' ')} UTC`
    : ''
  const problem = snapshot.problem ? `. ${snapshot.problem}` : ''
  return {
    warn: snapshot.state === 'empty' || snapshot.state === 'stale' || snapshot.state === 'failing',
    state: STORE_WORDS[snapshot.state],
    line: `${records}${synced}${problem}`,
  }
}

/**
 * The Direct and Transitive figures: a count, or "unknown" when no component's relationship is known (an
 * SBOM without a dependency graph), with the sentence the page shows when some are unknown.
 */
export function relationshipView(t: { direct: number; transitive: number; unknownRelationships: number }): {
  direct: string
  transitive: string
  note: string | null
} {
  const known = t.direct + t.transitive
  const unknown = t.unknownRelationships
  const figure = (n: number) => (known === 0 && unknown > 0 ? 'unknown' : n.toLocaleString('en-US'))
  return {
    direct: figure(t.direct),
    transitive: figure(t.transitive),
    note:
      unknown === 0
        ? null
        : `${unknown.toLocaleString('en-US')} ${unknown === 1 ? 'component comes' : 'components come'} from an SBOM without a dependency graph: whether ${unknown === 1 ? 'it is' : 'they are'} direct or transitive is unknown.`,
  }
}

/** A history entry's scores for the report picker: "92 / n/a / 80". */
export function historyScores(entry: {
  security: number | null
  stability: number | null
  licensing: number | null
}) {
  return `${scoreText(entry.security)} / ${scoreText(entry.stability)} / ${scoreText(entry.licensing)}`
}

/**
 * A domain section's subtitle: its counts when assessed whole; "partly assessed (a of n components)" after
 * them when partial; only "not assessed" when nothing was, since its zeros would read as a clean result.
 */
export function sectionSubtitle(
  assessment: Pick<Report['security']['assessment'], 'state' | 'components' | 'assessedComponents'>,
  components: string,
  counts: string,
): string {
  if (assessment.state === 'none') return `${components} · not assessed`
  if (assessment.state === 'partial')
    return `${components} · ${counts} · partly assessed (${assessment.assessedComponents} of ${assessment.components} components)`
  return `${components} · ${counts}`
}
