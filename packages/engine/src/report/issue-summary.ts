// The security issue summary per language (spec report-page §3 "Issue summary: cwes, cves, threats,
// fixable, notFixable, highestCvss"): distinct vulnerabilities that are not excluded, counted once
// however many components they affect; fixable when a fixed version or a safe version exists.
import type { ComponentReport, IssueSummary } from './document'

export function issueSummaryOf(reports: readonly ComponentReport[]): IssueSummary {
  const cwes = new Set<string>()
  const cves = new Set<string>()
  const threats = new Set<string>()
  const fixable = new Set<string>()
  let highestCvss: number | null = null
  for (const r of reports) {
    const hasSafeVersion = Object.keys(r.safeVersions).length > 0
    for (const a of r.advices) {
      if (a.exclusions) continue
      threats.add(a.id)
      if (a.cwe) cwes.add(a.cwe)
      if (a.cve) cves.add(a.cve)
      if (a.fixedInVersions.length > 0 || hasSafeVersion) fixable.add(a.id)
      if (a.cvss !== null && (highestCvss === null || a.cvss > highestCvss)) highestCvss = a.cvss
    }
  }
  return {
    cwes: cwes.size,
    cves: cves.size,
    threats: threats.size,
    fixable: fixable.size,
    notFixable: threats.size - fixable.size,
    highestCvss,
  }
}
