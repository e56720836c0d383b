// From OSV records to the report's Advice (spec report-page §3 Advice; product-notes "Report shapes"):
// identifiers grouped (GHSA ↔ CVE), CVSS and severity, CWE, markdown description, typed links,
// fixed-in versions for the component's package. EPSS and KEV arrive through the context.
import type { Ecosystem } from '../model'
import type { Advice, AdviceLink } from '../report/document'
import { aliasesOf, cvesOf, cweIdsOf, primaryOf } from './aliases'
import { ecosystemOfOsv, normalisePackageName } from './ecosystems'
import type { OsvRecord, OsvReference } from './osv/types'
import { preferredCvss, severityOf } from './severity'
import { defaultSchemeLookup, readVersion, type SchemeLookup } from './versions'

export interface AdviceContext {
  /** The component's package: fixed-in versions are those of its entries. */
  ecosystem: Ecosystem
  name: string
  /** E.g. ['lodash@4.17.20']; the report fills it per component. */
  affectedComponents?: string[]
  /** EPSS probability (0-1) of a CVE, `null` when unknown. */
  epss?: (cve: string) => number | null
  /** The CISA KEV entry of a CVE, `null` when not listed. */
  kev?: (cve: string) => { cve: string; exploited: boolean } | null
  schemes?: SchemeLookup
}

const NVD = /^https?:\/\/(www\.)?nvd\.nist\.gov\//i
const CVE_SITE = /^https?:\/\/(www\.)?cve\.(org|mitre\.org)\//i
const TRACKER = /\/issues\/\d+|bugzilla|\/jira\/|\/browse\/[A-Z][A-Z0-9]+-\d+|hackerone\.com\/reports|bugs\./i
const FIX = /\/commit\/[0-9a-f]{7,}|\/pull\/\d+|\/compare\//i

/** The link type the page shows for one OSV reference. */
export function linkTypeOf(ref: OsvReference): string {
  if (NVD.test(ref.url)) return 'NVD'
  if (CVE_SITE.test(ref.url)) return 'CVE'
  if (ref.type === 'FIX' || FIX.test(ref.url)) return 'FIX'
  if (ref.type === 'REPORT' || TRACKER.test(ref.url)) return 'BUGTRACKER'
  if (ref.type === 'ADVISORY') return 'ADVISORY'
  return 'INFO'
}

function links(group: readonly OsvRecord[]): AdviceLink[] {
  const seen = new Set<string>()
  const out: AdviceLink[] = []
  const add = (url: string, type: string) => {
    if (seen.has(url)) return
    seen.add(url)
    out.push({ url, type })
  }
  for (const r of group) for (const ref of r.references) add(ref.url, linkTypeOf(ref))
  // Every CVE is shown, even when no reference points at it.
  for (const cve of cvesOf(group)) {
    if (!out.some((l) => l.type === 'CVE' && l.url.endsWith(cve)))
      add(`https://www.cve.org/CVERecord?id=${cve}`, 'CVE')
  }
  return out
}

function description(record: OsvRecord): string {
  const summary = record.summary.trim()
  const details = record.details.trim()
  if (summary === '') return details
  if (details === '' || details.startsWith(summary)) return details || summary
  return `**${summary}**\n\n${details}`
}

/**
 * Versions that fix the advisory for this package, ascending: every `fixed` event of its entries;
 * a list like '7.0.36, 8.2.13' gives both; empty events are left out.
 */
export function fixedInVersions(
  records: readonly OsvRecord[],
  ecosystem: Ecosystem,
  name: string,
  schemes: SchemeLookup = defaultSchemeLookup,
): string[] {
  const scheme = schemes(ecosystem)
  const wanted = normalisePackageName(ecosystem, name)
  const found = new Set<string>()
  for (const r of records) {
    for (const a of r.affected) {
      if (ecosystemOfOsv(a.package.ecosystem) !== ecosystem) continue
      if (normalisePackageName(ecosystem, a.package.name) !== wanted) continue
      for (const range of a.ranges) {
        for (const e of range.events) {
          if (e.kind !== 'fixed') continue
          for (const part of e.version.split(',')) {
            const raw = part.trim()
            if (raw === '') continue
            found.add(scheme === null ? raw : (readVersion(scheme, raw)?.version ?? raw))
          }
        }
      }
    }
  }
  const list = [...found]
  return scheme === null ? list.sort() : list.sort((a, b) => scheme.compare(a, b) ?? a.localeCompare(b))
}

/**
 * One Advice for a record or a group of records describing one vulnerability (see groupByAlias).
 * `cve` is null when there is none (the page shows 'N/A'; the 'MET-' badge id is the UI's concern);
 * `aliases` carries every other identifier of the group (issue 9 "one advice showing every identifier").
 */
export function toAdvice(records: OsvRecord | readonly OsvRecord[], ctx: AdviceContext): Advice {
  const group: readonly OsvRecord[] = Array.isArray(records) ? records : [records as OsvRecord]
  const primary = primaryOf(group)
  if (primary === null) throw new Error('toAdvice needs at least one record')
  const cve = cvesOf([primary, ...group])[0] ?? null
  const cvss = preferredCvss(primary) ?? group.map(preferredCvss).find((c) => c !== null) ?? null
  const epss = cve === null ? null : (ctx.epss?.(cve) ?? null)
  return {
    id: primary.id,
    cve,
    aliases: aliasesOf([primary, ...group], primary.id),
    cwe: cweIdsOf([primary, ...group])[0] ?? null,
    cvss: cvss?.score ?? null,
    ...(cvss ? { cvssVector: cvss.vector } : {}),
    epss,
    severity: [primary, ...group].map(severityOf).find((s) => s !== 'NONE') ?? 'NONE',
    type: 'security',
    description: description(primary),
    links: links([primary, ...group.filter((r) => r !== primary)]),
    fixedInVersions: fixedInVersions(group, ctx.ecosystem, ctx.name, ctx.schemes),
    affectedComponents: ctx.affectedComponents ?? [],
    kevEntry: cve === null ? null : (ctx.kev?.(cve) ?? null),
  }
}
