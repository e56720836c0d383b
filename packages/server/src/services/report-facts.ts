// What the account-wide views read of a report, as rows (issue 20 "Account-wide views from facts, not
// documents"; DESIGN §2; migration 047): its stability and licensing counts, its security components in
// document order and each component's security advices with whether they are excluded. Pure: the same
// fields, with the same defaults, that migration 047 backfills from stored documents.
import type { ReportDocument } from '@sextant/engine'

export interface ReportFindingFact {
  /** The component's place among the report's security components, from 1. */
  position: number
  /** The advice's place among the component's advices, from 1. */
  ordinal: number
  language: string
  name: string
  version: string
  advisoryId: string
  cve: string | null
  severity: string | null
  cvss: number | null
  epss: number | null
  exploited: boolean
  excluded: boolean
}

export interface ReportFacts {
  reportUuid: string
  projectUuid: string
  branch: string
  createdAt: string
  stability: { patch: number; minor: number; major: number }
  licensing: { forbidden: number; undeclared: number }
  components: { language: string; name: string; version: string }[]
  findings: ReportFindingFact[]
}

const count = (n: unknown) => (typeof n === 'number' ? Math.trunc(n) : 0)
const text = (s: unknown) => (typeof s === 'string' ? s : '')
const numberOrNull = (n: unknown) => (typeof n === 'number' ? n : null)

export function reportFacts(doc: ReportDocument): ReportFacts {
  const components: ReportFacts['components'] = []
  const findings: ReportFindingFact[] = []
  for (const assessment of doc.security?.assessments ?? []) {
    for (const c of assessment.reports ?? []) {
      const component = {
        language: text(c.dependency?.library?.language),
        name: text(c.dependency?.library?.name),
        version: text(c.dependency?.version),
      }
      components.push(component)
      const position = components.length
      ;(c.advices ?? []).forEach((a, i) => {
        if (a.type !== 'security') return
        findings.push({
          position,
          ordinal: i + 1,
          ...component,
          advisoryId: text(a.id),
          cve: a.cve ?? null,
          severity: a.severity ?? null,
          cvss: numberOrNull(a.cvss),
          epss: numberOrNull(a.epss),
          exploited: a.kevEntry?.exploited === true,
          // as the views always read it: an advice carrying an exclusions value (even an empty list) is excluded
          excluded: a.exclusions !== undefined && a.exclusions !== null,
        })
      })
    }
  }
  const stability = doc.stability?.summary
  const licensing = doc.licensing?.summary
  return {
    reportUuid: doc.uuid,
    projectUuid: doc.project.uuid,
    branch: doc.project.branch,
    createdAt: doc.createdAt,
    stability: {
      patch: count(stability?.patch),
      minor: count(stability?.minor),
      major: count(stability?.major),
    },
    licensing: {
      forbidden: count(licensing?.forbiddenWithoutExclusion),
      undeclared: count(licensing?.undeclaredWithoutExclusion),
    },
    components,
    findings,
  }
}
