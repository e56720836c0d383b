// The findings of a report as one flat list, and the delta gate between two reports (issue 15
// "--fail-on new"): security advisories per library and licence-policy violations, excluded ones left
// out. A finding is keyed by library and advisory (or licence and policy), not by version, so
// moving a vulnerable library to another still-affected version is not a new finding.
import type { Severity } from './document'

export interface Finding {
  domain: 'security' | 'licensing'
  key: string
  language: string
  library: string
  version: string
  /** Advisory id (security) or licence id (licensing). */
  id: string
  severity: Severity | null
  /** One line for people: the advisory's CVE or the violated policy. */
  title: string
}

/** The parts of a report document (engine or wire shape) that findings are read from. */
export interface FindingsSource {
  security: {
    assessments: readonly {
      reports: readonly {
        dependency: { library: { name: string; language: string }; version: string }
        advices: readonly {
          id: string
          cve: string | null
          severity: Severity
          type: string
          /** Read by the report delta (issue 16), not by the findings list. */
          epss?: number | null
          kevEntry?: { exploited: boolean } | null
          exclusions?: readonly unknown[] | undefined
        }[]
      }[]
    }[]
  }
  licensing: {
    reports: readonly {
      results: readonly {
        library: { name: string; language: string }
        version: string
        violations: readonly { policyName: string; licence: string }[]
        exclusions?: readonly unknown[] | undefined
      }[]
    }[]
  }
}

const excluded = (x: { exclusions?: readonly unknown[] | undefined }) => (x.exclusions?.length ?? 0) > 0

export function reportFindings(doc: FindingsSource): Finding[] {
  const out = new Map<string, Finding>()
  for (const assessment of doc.security.assessments) {
    for (const r of assessment.reports) {
      const { library, version } = { library: r.dependency.library, version: r.dependency.version }
      for (const a of r.advices) {
        if (a.type !== 'security' || excluded(a)) continue
        const key = `security|${library.language}|${library.name}|${a.id}`
        if (!out.has(key))
          out.set(key, {
            domain: 'security',
            key,
            language: library.language,
            library: library.name,
            version,
            id: a.id,
            severity: a.severity,
            title: a.cve ?? a.id,
          })
      }
    }
  }
  for (const report of doc.licensing.reports) {
    for (const r of report.results) {
      if (excluded(r)) continue
      for (const v of r.violations) {
        const key = `licensing|${r.library.language}|${r.library.name}|${v.licence}|${v.policyName}`
        if (!out.has(key))
          out.set(key, {
            domain: 'licensing',
            key,
            language: r.library.language,
            library: r.library.name,
            version: r.version,
            id: v.licence,
            severity: null,
            title: `${v.licence} violates policy '${v.policyName}'`,
          })
      }
    }
  }
  return [...out.values()].sort((a, b) => a.key.localeCompare(b.key))
}

export interface FindingsDelta {
  /** In the head report, not in the base. */
  added: Finding[]
  /** In the base report, gone from the head. */
  fixed: Finding[]
}

/** `base = null` (the base branch has no report): every finding of the head is new. */
export function findingsDelta(base: FindingsSource | null, head: FindingsSource): FindingsDelta {
  const before = base ? reportFindings(base) : []
  const after = reportFindings(head)
  const beforeKeys = new Set(before.map((f) => f.key))
  const afterKeys = new Set(after.map((f) => f.key))
  return {
    added: after.filter((f) => !beforeKeys.has(f.key)),
    fixed: before.filter((f) => !afterKeys.has(f.key)),
  }
}
