// A live re-check carries the stability and licensing sections over (issue 16 acceptance 6; spec
// report-page §3 Report, §4 "live" reports): new advisory data changes security only, so when everything
// those two sections are built from is what the previous report of the branch was built from, they are the
// previous report's sections, said so in a report note. Pure: the caller compares `carryInputs` of this
// build with those of the previous one (a digest of them is stored with each report) and passes the
// previous sections in only when they are the same; anything different is a full build.
import { type Exclusion, splitByExpiry } from '../exclusions'
import { packageKeyOf } from '../stability'
import type { BuildReportInput } from './build'
import type { LicensingSection, ReportDocument, ReportNote, StabilitySection } from './document'

/**
 * Bumped whenever the building of the stability or licensing section changes (new fields, other rules): a
 * report built by other code never lends its sections.
 */
export const CARRY_FORMAT = 'stability+licensing/1'

/** The previous report's sections, as `sectionHeads` cut them, and the report they were built for. */
export interface CarriedSections {
  /** The report whose build produced these sections (the first of a chain of carries). */
  from: string
  stability: StabilitySection
  licensing: LicensingSection
}

/**
 * What the document in memory needs of the two sections after the build (scores, assessments, summaries
 * for the gate, status, stored facts; the licensing results with violations for the findings and the next
 * delta): everything but the per-component lists. The full sections are kept as stored text.
 */
export function sectionHeads(doc: Pick<ReportDocument, 'stability' | 'licensing'>): {
  stability: StabilitySection
  licensing: LicensingSection
} {
  return {
    stability: { ...doc.stability, reports: [] },
    licensing: {
      ...doc.licensing,
      reports: doc.licensing.reports.map((r) => ({
        ...r,
        results: r.results.filter((x) => x.violations.length > 0),
      })),
    },
  }
}

/** In a components list: the domain's scope filter as buildReport applies it. */
function scoped(input: BuildReportInput, domain: 'stability' | 'licensing') {
  const scopes = input.analysisScopes?.[domain]
  return scopes ? input.graph.components.filter((c) => scopes.includes(c.scope)) : input.graph.components
}

/**
 * Everything the stability and licensing sections are built from, as plain data: the graph (its
 * components and, for exclusions that follow it, its edges; or `graphDigest`, a collision-resistant
 * digest of exactly that graph, when the caller has one), the warnings (gaps shared by every domain),
 * the analysis scopes, the exclusions in force, the licence policies and custom licences, each licensing
 * component's licence fix and copyright, and the registry metadata of every component of either section.
 * Two builds with equal `carryInputs` build equal sections.
 */
export function carryInputs(input: BuildReportInput, graphDigest?: string): unknown[] {
  const { active } = splitByExpiry(input.exclusions ?? [], input.now)
  const licensing = scoped(input, 'licensing')
  const keys = new Set([...scoped(input, 'stability'), ...licensing].map(packageKeyOf))
  const metadata = input.metadata ?? null
  return [
    CARRY_FORMAT,
    graphDigest === undefined ? input.graph : { digest: graphDigest },
    input.warnings,
    input.analysisScopes ?? null,
    active satisfies readonly Exclusion[],
    input.policies ?? [],
    input.customLicences ?? [],
    licensing.map((c) => [input.licenceOverrideFor?.(c) ?? null, input.copyrightFor?.(c) ?? null]),
    metadata === null
      ? null
      : [...keys].map((k) => [k, metadata.has(k) ? (metadata.get(k) ?? null) : 'absent']),
  ]
}

/**
 * JSON.stringify(value) in pieces whose concatenation is exactly that text (issue 20 peak RSS): arrays are
 * walked, each element stringified alone, so a caller hashing `carryInputs` never holds the whole text (the
 * registry metadata of a 2,500-package analysis, every version's install requirements included, is tens
 * of MB of JSON). The digest is the one of the whole text, so keys stored before stay comparable. Arrays
 * are walked `depth` levels down (below, an element is one piece); a plain function, not a generator:
 * one yield per scalar cost a live re-check ~2 ms per branch (issue 16 acceptance 6).
 */
export function writeJsonPieces(value: unknown, write: (piece: string) => void, depth = Infinity): void {
  if (depth <= 0 || !Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    write(JSON.stringify(value))
    return
  }
  write('[')
  for (let i = 0; i < value.length; i++) {
    if (i > 0) write(',')
    const item: unknown = value[i]
    // as JSON.stringify writes an array's undefined, function and symbol elements
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') write('null')
    else writeJsonPieces(item, write, depth - 1)
  }
  write(']')
}

/** The report note of a carry (spec report-page §3 notes): which report the two sections come from. */
export function carriedNote(from: string): ReportNote {
  return {
    domain: 'general',
    message: `Live re-check: only security was re-assessed. The stability and licensing sections are those of report ${from}, built from the same dependency graph, exclusions, licence policies and fixes, analysis scopes and registry metadata.`,
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null
const isScore = (x: unknown) => x === null || typeof x === 'number'

function isSectionHead(x: unknown, summary: readonly string[]): boolean {
  if (!isObject(x) || !isScore(x.score) || typeof x.componentsCount !== 'number') return false
  if (typeof x.assessed !== 'boolean' || !Array.isArray(x.reports)) return false
  const a = x.assessment
  if (!isObject(a) || typeof a.state !== 'string' || !Array.isArray(a.gaps)) return false
  const s = x.summary
  return isObject(s) && summary.every((k) => typeof s[k] === 'number')
}

/**
 * Stored section heads, checked (never fail open): null when anything the build reads of them is missing
 * or of another type, and the caller then builds both sections.
 */
export function readSectionHeads(
  x: unknown,
): { stability: StabilitySection; licensing: LicensingSection } | null {
  if (!isObject(x)) return null
  if (!isSectionHead(x.stability, ['patch', 'minor', 'major', 'exclusions', 'components'])) return null
  const licensingSummary = [
    'tot',
    'forbidden',
    'undeclared',
    'forbiddenWithoutExclusion',
    'undeclaredWithoutExclusion',
  ]
  if (!isSectionHead(x.licensing, licensingSummary)) return null
  const licensing = x.licensing as { reports: unknown[] }
  const readable = licensing.reports.every(
    (r) =>
      isObject(r) &&
      Array.isArray(r.results) &&
      r.results.every((v) => isObject(v) && Array.isArray(v.violations) && isObject(v.library)),
  )
  return readable ? (x as { stability: StabilitySection; licensing: LicensingSection }) : null
}
