// One-line verdicts for the three scores of the assessment PDF (product-notes "Downloads": pdf, "the
// three scores with a one-line verdict each"). The counts are the report page's (report/totals.ts), so
// the PDF says what the page says for the same report and scope (issue 14 acceptance 4); a domain not
// assessed, or only in part, says so first (report/score-label.ts).
import type { ReportDocument } from '../report/document'
import { assessmentLine } from '../report/score-label'
import { type ReportTotals, reportTotals } from '../report/totals'

export type Domain = 'security' | 'stability' | 'licensing'

export interface ScoreVerdict {
  domain: Domain
  score: number | null
  threshold: number
  passed: boolean | null
  line: string
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function securityLine(t: ReportTotals['security']): string {
  const excluded = t.excluded > 0 ? `; ${t.excluded} excluded` : ''
  if (t.vulnerabilities === 0)
    return `No known vulnerabilities in ${plural(t.components, 'component')}${excluded}.`
  const parts = (['critical', 'high', 'medium', 'low'] as const)
    .filter((k) => t[k])
    .map((k) => `${t[k]} ${k}`)
  return `${plural(t.vulnerabilities, 'vulnerability', 'vulnerabilities')} in ${plural(t.vulnerableComponents, 'component')}: ${parts.join(', ')}${excluded}.`
}

function stabilityLine(t: ReportTotals['stability']): string {
  if (t.outdated === 0) return `All ${plural(t.components, 'component')} are on their latest versions.`
  return `${t.outdated} of ${plural(t.components, 'component')} outdated: ${t.major} major, ${t.minor} minor, ${t.patch} patch.`
}

function licensingLine(t: ReportTotals['licensing']): string {
  // components whose licence could not be assessed are no "no issue" (issue 14)
  if (t.unknown > 0)
    return t.forbidden === 0 && t.undeclared === 0
      ? `No licence issues in the ${t.components - t.unknown} of ${plural(t.components, 'component')} assessed; ${t.unknown} not assessed.`
      : `${t.forbidden} forbidden, ${t.undeclared} not declared, ${t.unknown} not assessed, of ${plural(t.components, 'component')}.`
  if (t.forbidden === 0 && t.undeclared === 0)
    return `No licence issues in ${plural(t.components, 'component')}.`
  return `${t.forbidden} forbidden, ${t.undeclared} not declared, of ${plural(t.components, 'component')}.`
}

export function verdicts(
  doc: ReportDocument,
  totals: ReportTotals = reportTotals(doc, 'all'),
): ScoreVerdict[] {
  const make = (domain: Domain, counts: () => string): ScoreVerdict => {
    const section = doc[domain]
    const line = section.assessed ? counts() : (assessmentLine(section) ?? 'Not assessed.')
    const partial = section.assessment.state === 'partial' ? assessmentLine(section) : null
    return {
      domain,
      score: section.score,
      threshold: doc.thresholds[domain],
      passed: section.assessment.state === 'none' ? null : !doc.gate.failed.includes(domain),
      line: partial ? `${partial} ${line}` : line,
    }
  }
  return [
    make('security', () => securityLine(totals.security)),
    make('stability', () => stabilityLine(totals.stability)),
    make('licensing', () => licensingLine(totals.licensing)),
  ]
}
