// One-line verdicts for the three scores of the assessment PDF (product-notes "Downloads": pdf, "the
// three scores with a one-line verdict each"). Pure counting over the report document.
import type { ReportDocument } from '../../report/document'

export type Domain = 'security' | 'stability' | 'licensing'

export interface DomainVerdict {
  domain: Domain
  score: number | null
  threshold: number
  passed: boolean | null
  line: string
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function securityLine(doc: ReportDocument): string {
  const s = doc.security
  if (!s.assessed) return 'Not assessed: no advisory data was available for this analysis.'
  const counts = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, SUGGEST: 0, NONE: 0 }
  let vulnerable = 0
  const ids = new Set<string>()
  for (const a of s.assessments)
    for (const r of a.reports) {
      if (r.advices.length) vulnerable++
      for (const adv of r.advices) {
        if (!ids.has(adv.cve ?? adv.id)) counts[adv.severity]++
        ids.add(adv.cve ?? adv.id)
      }
    }
  if (ids.size === 0) return `No known vulnerabilities in ${plural(s.componentsCount, 'component')}.`
  const parts = (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const)
    .filter((k) => counts[k])
    .map((k) => `${counts[k]} ${k.toLowerCase()}`)
  return `${plural(ids.size, 'vulnerability', 'vulnerabilities')} in ${plural(vulnerable, 'component')}${parts.length ? `: ${parts.join(', ')}` : ''}.`
}

function stabilityLine(doc: ReportDocument): string {
  const s = doc.stability
  if (!s.assessed) return 'Not assessed: registry metadata could not be had for this analysis.'
  let major = 0
  let minor = 0
  let patch = 0
  let outdated = 0
  for (const r of s.reports)
    for (const v of r.versions) {
      if (v.newMajorVersionAvailable) major++
      if (v.newMinorVersionAvailable) minor++
      if (v.newPatchVersionAvailable) patch++
      if (v.newMajorVersionAvailable || v.newMinorVersionAvailable || v.newPatchVersionAvailable) outdated++
    }
  if (outdated === 0) return `All ${plural(s.componentsCount, 'component')} are on their latest versions.`
  return `${outdated} of ${plural(s.componentsCount, 'component')} have newer versions: ${major} major, ${minor} minor, ${patch} patch.`
}

function licensingLine(doc: ReportDocument): string {
  const l = doc.licensing
  if (!l.assessed) return 'Not assessed: licence data could not be had for this analysis.'
  let violations = 0
  let undeclared = 0
  let warned = 0
  for (const r of l.reports)
    for (const res of r.results) {
      violations += res.violations.length
      if (res.licenses.some((x) => x.id === 'NOT DECLARED / NOT FOUND')) undeclared++
      if (res.warnings.length) warned++
    }
  if (violations === 0 && warned === 0)
    return `No licence issues in ${plural(l.componentsCount, 'component')}.`
  return `${plural(violations, 'policy violation')}; ${plural(warned, 'component')} with warnings, ${undeclared} without a declared licence.`
}

export function verdicts(doc: ReportDocument): DomainVerdict[] {
  const make = (domain: Domain, assessed: boolean, score: number, line: string): DomainVerdict => {
    const threshold = doc.thresholds[domain]
    return {
      domain,
      score: assessed ? score : null,
      threshold,
      passed: assessed ? score >= threshold : null,
      line,
    }
  }
  return [
    make('security', doc.security.assessed, doc.security.score, securityLine(doc)),
    make('stability', doc.stability.assessed, doc.stability.score, stabilityLine(doc)),
    make('licensing', doc.licensing.assessed, doc.licensing.score, licensingLine(doc)),
  ]
}
