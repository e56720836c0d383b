// One-line verdicts for the three scores of the assessment PDF (product-notes "Downloads": pdf, "the
// three scores with a one-line verdict each"). Pure counting over the report document.
import type { ReportDocument } from '../../report/document'
import { assessmentLine } from '../../report/score-label'

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
  if (!s.assessed) return assessmentLine(s) ?? 'Not assessed.'
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
  if (!s.assessed) return assessmentLine(s) ?? 'Not assessed.'
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
  if (!l.assessed) return assessmentLine(l) ?? 'Not assessed.'
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

/**
 * `score` is a number only for a domain assessed whole; `passed` is null for one not assessed at all,
 * else whether it met the gate (a partly-assessed domain fails it unless the account lets it pass).
 * A partly-assessed domain's line starts with what is missing.
 */
export function verdicts(doc: ReportDocument): DomainVerdict[] {
  const make = (domain: Domain, line: string): DomainVerdict => {
    const section = doc[domain]
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
    make('security', securityLine(doc)),
    make('stability', stabilityLine(doc)),
    make('licensing', licensingLine(doc)),
  ]
}
