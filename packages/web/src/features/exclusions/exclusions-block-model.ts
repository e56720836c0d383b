// What the exclusions block shows (report-page §2 "Security exclusions", issue 19 "an expiry date after
// which an exclusion stops applying and the finding comes back"): each exclusion in force or expired (with
// its date and how many of this report's findings count again), whether it waits for a recompute, and the
// subtitle's counts.
import type { ExclusionDto } from '@sextant/contract'
import { exclusionCovers, type Finding, isExpired } from '../../shared/exclusions/exclusion-state'

type ReportLike = {
  security: {
    assessments: {
      language?: string
      reports: {
        dependency: { library: { name: string; language?: string }; version: string }
        advices: { id: string; cve: string | null }[]
      }[]
    }[]
  }
}

/** This report's security findings, as the exclusion matching reads them. */
function securityFindings(report: ReportLike): Finding[] {
  const out: Finding[] = []
  for (const assessment of report.security.assessments)
    for (const component of assessment.reports)
      for (const advice of component.advices)
        out.push({
          domain: 'security',
          language: component.dependency.library.language ?? assessment.language ?? '',
          name: component.dependency.library.name,
          version: component.dependency.version,
          adviceId: advice.id,
          cve: advice.cve,
        })
  return out
}

export interface BlockItem {
  exclusion: ExclusionDto
  /** The expiry date (YYYY-MM-DD) when it has passed, else null: the exclusion no longer applies. */
  expiredOn: string | null
  /** Expired: how many of this report's security findings it named (they count again). */
  returning: number
  /** The report still applied it though it has expired: its findings come back at the next recompute. */
  returnsAtRecompute: boolean
  /** In force but not yet applied by this (latest) report: it applies at the next recompute. */
  pending: boolean
}

export interface BlockModel {
  items: BlockItem[]
  subtitle: string
}

export function exclusionsBlockModel(input: {
  list: readonly ExclusionDto[]
  report: ReportLike
  /** Ids of the exclusions the report applied to some finding. */
  applied: ReadonlySet<string>
  /** Whether this is the branch's latest report (only then do stored changes wait for a recompute). */
  latest: boolean
  now: Date
}): BlockModel {
  const { list, applied, latest, now } = input
  let findings: Finding[] | null = null
  const items = list.map((exclusion): BlockItem => {
    const expired = isExpired(exclusion.expires, now)
    if (!expired)
      return {
        exclusion,
        expiredOn: null,
        returning: 0,
        returnsAtRecompute: false,
        pending: latest && !applied.has(exclusion.id),
      }
    findings ??= securityFindings(input.report)
    const returning = findings.filter((f) => exclusionCovers(exclusion, f)).length
    return {
      exclusion,
      expiredOn: exclusion.expires ?? null,
      returning,
      returnsAtRecompute: latest && applied.has(exclusion.id),
      pending: false,
    }
  })
  const inForce = items.filter((i) => i.expiredOn === null)
  const expired = items.length - inForce.length
  const counts = (['security', 'stability', 'licensing'] as const)
    .map((domain) => [domain, inForce.filter((i) => i.exclusion.domain === domain).length] as const)
    .filter(([, n]) => n > 0)
    .map(([domain, n]) => `${domain} ${n}`)
  const subtitle = [
    `${inForce.length} in force`,
    ...(expired > 0 ? [`${expired} expired`] : []),
    ...counts,
  ].join(' · ')
  return { items, subtitle }
}

/** The line an expired exclusion shows under its subject. */
export function expiredNotice(item: BlockItem): string {
  const findings =
    item.exclusion.domain === 'security'
      ? `${item.returning} finding${item.returning === 1 ? '' : 's'} of this report count${item.returning === 1 ? 's' : ''} again`
      : 'its findings count again'
  return `Expired on ${item.expiredOn}: ${findings}${item.returnsAtRecompute ? ' at the next recompute' : ''}`
}
