// Pure aggregation of the account-wide views (spec accounts-and-api §7 "Insights", "Vulnerabilities";
// issue 8 /dashboard): which components and advisories the latest reports share, and the security
// metrics of an account. Input comes from insights.repo.ts; nothing here does I/O.
import type {
  AdvisoryInsight,
  ComponentInsight,
  InsightsQuery,
  LatestReport,
  SecurityMetrics,
} from '@sextant/contract'
import type { DigestAdvisory, DigestComponent } from './insights.repo'

type Severity = DigestAdvisory['severity']
const SEVERITY_ORDER: Severity[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'SUGGEST', 'NONE']
const rank = (s: Severity) => SEVERITY_ORDER.length - SEVERITY_ORDER.indexOf(s)

export function highestSeverity(advisories: { severity: Severity }[]): Severity {
  let best: Severity = 'NONE'
  for (const a of advisories) if (rank(a.severity) > rank(best)) best = a.severity
  return best
}

export function severityCounts(advisories: Iterable<{ severity: Severity }>): Record<Severity, number> {
  const counts = Object.fromEntries(SEVERITY_ORDER.map((s) => [s, 0])) as Record<Severity, number>
  for (const a of advisories) counts[a.severity]++
  return counts
}

/** Distinct advisories (by id) of a digest. */
export function distinctAdvisories(components: DigestComponent[]): Map<string, DigestAdvisory> {
  const byId = new Map<string, DigestAdvisory>()
  for (const c of components) for (const a of c.advisories) byId.set(a.id, a)
  return byId
}

type Filters = Pick<InsightsQuery, 'component' | 'advisory' | 'severity' | 'language' | 'all'>

function matches(c: DigestComponent, f: Filters): DigestAdvisory[] | null {
  if (f.language && c.language.toLowerCase() !== f.language.toLowerCase()) return null
  if (f.component && !c.name.toLowerCase().includes(f.component.toLowerCase())) return null
  let advisories = c.advisories
  if (f.advisory) {
    const wanted = f.advisory.toUpperCase()
    advisories = advisories.filter((a) => a.id.toUpperCase() === wanted || a.cve?.toUpperCase() === wanted)
    if (advisories.length === 0) return null
  }
  if (f.severity && f.severity.length > 0) {
    advisories = advisories.filter((a) => f.severity?.includes(a.severity))
    if (advisories.length === 0) return null
  }
  if (!f.all && advisories.length === 0) return null
  return advisories
}

interface Aggregated {
  total: number
  components: ComponentInsight[]
  advisories: AdvisoryInsight[]
}

/**
 * Groups the digest by component (language + name), across versions and branches; most widespread first
 * (projects, then severity, then name). Advisories are counted over the matching components.
 */
export function aggregateInsights(
  digest: DigestComponent[],
  reports: Map<string, LatestReport>,
  query: Filters & { limit: number; offset: number },
): Aggregated {
  const groups = new Map<
    string,
    {
      language: string
      name: string
      versions: Set<string>
      advisories: Map<string, DigestAdvisory>
      branches: Map<string, LatestReport>
    }
  >()
  const perAdvisory = new Map<
    string,
    { advisory: DigestAdvisory; components: Set<string>; projects: Set<string> }
  >()
  for (const c of digest) {
    const report = reports.get(c.reportUuid)
    const advisories = report ? matches(c, query) : null
    if (!report || !advisories) continue
    const key = `${c.language}\u0000${c.name}`
    const g = groups.get(key) ?? {
      language: c.language,
      name: c.name,
      versions: new Set<string>(),
      advisories: new Map<string, DigestAdvisory>(),
      branches: new Map<string, LatestReport>(),
    }
    groups.set(key, g)
    g.versions.add(c.version)
    g.branches.set(`${report.projectUuid}/${report.branch}`, report)
    for (const a of advisories) {
      g.advisories.set(a.id, a)
      const entry = perAdvisory.get(a.id) ?? { advisory: a, components: new Set(), projects: new Set() }
      perAdvisory.set(a.id, entry)
      entry.components.add(key)
      entry.projects.add(report.projectUuid)
    }
  }
  const projectCount = (g: { branches: Map<string, LatestReport> }) =>
    new Set([...g.branches.values()].map((r) => r.projectUuid)).size
  const sorted = [...groups.values()]
    .map((g) => {
      const advisories = [...g.advisories.values()].sort(
        (a, b) => rank(b.severity) - rank(a.severity) || a.id.localeCompare(b.id),
      )
      return {
        insight: {
          language: g.language,
          name: g.name,
          versions: [...g.versions].sort(),
          severity: highestSeverity(advisories),
          advisories,
          projects: [...g.branches.values()].map((r) => ({
            projectUuid: r.projectUuid,
            projectName: r.projectName,
            branch: r.branch,
            reportUuid: r.reportUuid,
          })),
        },
        projects: projectCount(g),
      }
    })
    .sort(
      (a, b) =>
        b.projects - a.projects ||
        b.insight.projects.length - a.insight.projects.length ||
        rank(b.insight.severity) - rank(a.insight.severity) ||
        a.insight.name.localeCompare(b.insight.name),
    )
  const advisories = [...perAdvisory.values()]
    .map((e) => ({ ...e.advisory, components: e.components.size, projects: e.projects.size }))
    .sort(
      (a, b) =>
        b.projects - a.projects ||
        b.components - a.components ||
        rank(b.severity) - rank(a.severity) ||
        a.id.localeCompare(b.id),
    )
  return {
    total: sorted.length,
    components: sorted.slice(query.offset, query.offset + query.limit).map((s) => s.insight),
    advisories,
  }
}

export function securityMetricsOf(
  accountUuid: string,
  projects: number,
  latest: LatestReport[],
  digest: DigestComponent[],
  now: Date,
): SecurityMetrics {
  const advisories = distinctAdvisories(digest)
  const scored = latest.flatMap((r) =>
    r.security === null ? [] : [{ score: r.security, threshold: r.thresholds.security }],
  )
  const vulnerable = new Set(
    digest.filter((c) => c.advisories.length > 0).map((c) => `${c.language}/${c.name}/${c.version}`),
  )
  return {
    accountUuid,
    generatedAt: now.toISOString(),
    projects,
    branches: latest.length,
    components: latest.reduce((n, r) => n + r.components, 0),
    vulnerableComponents: vulnerable.size,
    vulnerabilities: severityCounts(advisories.values()),
    exploited: [...advisories.values()].filter((a) => a.exploited).length,
    belowThreshold: scored.filter((s) => s.score < s.threshold).length,
    // a branch whose security was not assessed whole has no score: never averaged in as 100
    notAssessed: latest.length - scored.length,
    averageScore:
      scored.length === 0
        ? null
        : Math.round((scored.reduce((n, s) => n + s.score, 0) / scored.length) * 10) / 10,
  }
}
