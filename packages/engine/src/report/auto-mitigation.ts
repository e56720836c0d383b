// Account auto-mitigation (product-notes "Scores": "vulnerabilities below them are shown as
// automatically mitigated, with a description saying so; the EPSS threshold is ignored for a
// vulnerability with no EPSS value"). Our rule *(ours)* for combining the three thresholds:
//   - an unset threshold (null) plays no part;
//   - the EPSS threshold plays no part for an advice without EPSS;
//   - the CVSS threshold is *not met* by an advice without CVSS (an unknown score is no evidence of a
//     small risk), so such an advice is never auto-mitigated while a CVSS threshold is set;
//   - an advice is auto-mitigated when at least one threshold plays a part and it is strictly below
//     every threshold that does (equal to a threshold is not below it).
// The result is an applied exclusion of its own kind (`automatic: true`, reason 'mitigated',
// readonly): it cannot be removed, only made to go away by changing the thresholds and recomputing.
import type { AppliedExclusion } from '../exclusions/model'
import type { Advice, Severity } from './document'

export interface AutoMitigationThresholds {
  /** Percent, 0-100: advices whose EPSS (a 0-1 fraction) is below it. */
  epss: number | null
  /** 0-10: advices whose CVSS base score is below it. */
  cvss: number | null
  /** Advices of a severity ranked below this one. */
  severity: Exclude<Severity, 'NONE'> | null
}

/** An applied exclusion set by the account's auto-mitigation thresholds, not by a person. */
export interface AutoMitigationExclusion extends AppliedExclusion {
  automatic: true
}

export const AUTO_MITIGATION_ID = 'auto-mitigation'

/** Low to high; NONE (shown as INFO) is below SUGGEST. */
const SEVERITY_RANK: Record<Severity, number> = {
  NONE: 0,
  SUGGEST: 1,
  LOW: 2,
  MEDIUM: 3,
  HIGH: 4,
  CRITICAL: 5,
}

/** EPSS fraction as a percentage, rounded to 4 decimals so 0.07 reads 7, not 7.000000000000001. */
const epssPercent = (epss: number) => Math.round(epss * 1e6) / 1e4

/** The reasons an advice is below the thresholds, or null when it is not auto-mitigated. */
function reasonsBelow(advice: Advice, t: AutoMitigationThresholds): string[] | null {
  const reasons: string[] = []
  if (t.cvss !== null) {
    if (advice.cvss === null || !(advice.cvss < t.cvss)) return null
    reasons.push(`CVSS ${advice.cvss.toFixed(1)} is below ${t.cvss.toFixed(1)}`)
  }
  if (t.epss !== null && advice.epss !== null) {
    const percent = epssPercent(advice.epss)
    if (!(percent < t.epss)) return null
    reasons.push(`EPSS ${percent}% is below ${t.epss}%`)
  }
  if (t.severity !== null) {
    if (!(SEVERITY_RANK[advice.severity] < SEVERITY_RANK[t.severity])) return null
    reasons.push(`severity ${advice.severity} is below ${t.severity}`)
  }
  return reasons.length > 0 ? reasons : null
}

/** The one place the automatic-mitigation wording is written. */
export function autoMitigationDescription(reasons: readonly string[]): string {
  return `Automatically mitigated by the account's auto-mitigation thresholds: ${reasons.join('; ')}.`
}

/** The automatic exclusion of an advice, or null when the thresholds leave it active. */
export function autoMitigationOf(
  advice: Advice,
  thresholds: AutoMitigationThresholds,
): AutoMitigationExclusion | null {
  const reasons = reasonsBelow(advice, thresholds)
  if (!reasons) return null
  return {
    id: AUTO_MITIGATION_ID,
    source: 'security:advices',
    reason: 'mitigated',
    description: autoMitigationDescription(reasons),
    transitive: false,
    readonly: true,
    uuid: advice.id,
    automatic: true,
  }
}

/** Whether an applied exclusion (as read back from a report) is an automatic mitigation. */
export function isAutoMitigation(exclusion: unknown): boolean {
  return (
    typeof exclusion === 'object' &&
    exclusion !== null &&
    (exclusion as { automatic?: unknown }).automatic === true
  )
}
