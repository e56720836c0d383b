// The three 0-100 scores (product-notes "Scores"): each starts at 100, loses points, never drops below 0.
// Security by CVSS (×5 per active vulnerability, default) or by severity weights; suggestions 0.25.
// Stability −1 per component with a newer patch; licensing −1 per undeclared licence, 0 on any forbidden one.
import type { Severity } from '../report/document'

export type SecurityScoreAlgorithm = 'cvss' | 'severity'

/** Deduction per active advice when scoring by severity (product-notes "Scores"). */
export const SEVERITY_DEDUCTIONS: Readonly<Record<Severity, number>> = {
  CRITICAL: 25,
  HIGH: 20,
  MEDIUM: 10,
  LOW: 5,
  SUGGEST: 0.25,
  NONE: 0,
}

/** Points per CVSS point when scoring by CVSS. */
export const CVSS_DEDUCTION_FACTOR = 5
/** A suggestion deducts this under either algorithm. */
export const SUGGESTION_DEDUCTION = 0.25

export interface ScoredAdvice {
  type: 'security' | 'suggestion'
  severity: Severity
  cvss: number | null
  /** Excluded (mitigated, unapplicable, invalid, trusted) or automatically mitigated: no deduction. */
  excluded?: boolean
}

export interface ScoredStabilityItem {
  newPatchVersionAvailable: boolean
  excluded?: boolean
}

export interface ScoredLicensingItem {
  /** No valid licence declared ('NOT DECLARED / NOT FOUND'). */
  undeclared: boolean
  /** Forbidden by an applicable policy. */
  forbidden: boolean
  excluded?: boolean
}

/** 100 minus the deductions, floored at 0, rounded to two decimals (CVSS × 5 carries float noise). */
function fromDeductions(total: number): number {
  return Math.max(0, Math.round((100 - total) * 100) / 100)
}

/** What one advice deducts; a vulnerability without a CVSS score falls back to its severity weight. */
export function adviceDeduction(advice: ScoredAdvice, algorithm: SecurityScoreAlgorithm = 'cvss'): number {
  if (advice.excluded) return 0
  if (advice.type === 'suggestion') return SUGGESTION_DEDUCTION
  if (algorithm === 'cvss' && advice.cvss !== null && Number.isFinite(advice.cvss)) {
    return Math.min(10, Math.max(0, advice.cvss)) * CVSS_DEDUCTION_FACTOR
  }
  return SEVERITY_DEDUCTIONS[advice.severity]
}

/** Security score over every advice of every component (the same advisory on two components counts twice). */
export function securityScore(
  advices: readonly ScoredAdvice[],
  algorithm: SecurityScoreAlgorithm = 'cvss',
): number {
  return fromDeductions(advices.reduce((sum, a) => sum + adviceDeduction(a, algorithm), 0))
}

export function stabilityScore(items: readonly ScoredStabilityItem[]): number {
  return fromDeductions(items.filter((i) => i.newPatchVersionAvailable && !i.excluded).length)
}

export function licensingScore(items: readonly ScoredLicensingItem[]): number {
  const active = items.filter((i) => !i.excluded)
  if (active.some((i) => i.forbidden)) return 0
  return fromDeductions(active.filter((i) => i.undeclared).length)
}
