// What the remediation plan reads (issue 19 "Remediation plan"), built from data the caller already has:
// the advisory index (which advisories affect a version: undecided counts as affected, never a guess),
// the known versions and each version's declared dependencies (npm packument `dependencies`, a POM's),
// and range checks per ecosystem (npm semver ranges; Maven soft versions are exact, brackets are ranges).
// And the findings of a report with every path that brings each in, from the dependency graph.
import semver from 'semver'
import { type AdvisoryIndex, matchPackage } from '../advisories'
import {
  type Component,
  type DependencyGraph,
  type Ecosystem,
  languageOfEcosystem,
  type Purl,
} from '../model'
import { pathsFromRoot } from '../project'
import type { ReportDocument } from '../report/document'
import { getVersionScheme } from '../versioning'
import { isMavenRangeSpec, mavenRangeContains, parseMavenRange } from '../versioning/maven/range'
import type { PackageAt, PlanFinding, RemediationSource } from './plan'

export function satisfiesRange(ecosystem: Ecosystem, version: string, range: string): boolean | null {
  if (ecosystem === 'npm') {
    if (!semver.valid(version) || semver.validRange(range) === null) return null
    return semver.satisfies(version, range)
  }
  if (ecosystem === 'maven') {
    if (!isMavenRangeSpec(range)) return version === range.trim()
    const parsed = parseMavenRange(range)
    return parsed ? mavenRangeContains(parsed, version) : null
  }
  return null
}

export interface SourceData {
  index: AdvisoryIndex
  versions(ecosystem: Ecosystem, name: string): readonly string[]
  dependencies(ecosystem: Ecosystem, name: string, version: string): Readonly<Record<string, string>> | null
}

export function remediationSourceOf(data: SourceData): RemediationSource {
  const cache = new Map<string, ReadonlySet<string> | null>()
  return {
    scheme: getVersionScheme,
    versions: data.versions,
    dependencies: data.dependencies,
    satisfies: satisfiesRange,
    affectedBy(ecosystem, name, version) {
      const key = `${ecosystem}\u0000${name}\u0000${version}`
      if (cache.has(key)) return cache.get(key)!
      const r = matchPackage(data.index, { ecosystem, name, version })
      let out: ReadonlySet<string> | null
      if (r.status !== 'assessed') out = null
      else {
        const ids = new Set<string>()
        for (const h of [...r.affected.map((a) => a.record), ...r.undecided.map((u) => u.record)]) {
          ids.add(h.id)
          for (const a of h.aliases ?? []) ids.add(a)
        }
        out = ids
      }
      cache.set(key, out)
      return out
    },
  }
}

/** "introduced through a › b › c": the path from the direct dependency down to the component. */
export function introducedThrough(path: readonly PackageAt[]): string {
  return path.map((p) => `${p.name}@${p.version}`).join(' › ')
}

/** At most this many paths per finding; a component with more is not promised anything. */
export const PLAN_PATH_LIMIT = 50

/**
 * The active (not excluded) findings of a report, each with every path that brings it in. Advices the
 * report excluded are left out: the plan is about what still counts.
 */
export function planFindingsOf(report: ReportDocument, graph: DependencyGraph): PlanFinding[] {
  const byRow = new Map<string, Component>()
  for (const c of graph.components)
    byRow.set(`${languageOfEcosystem(c.ecosystem)}\u0000${c.name}\u0000${c.version}`, c)
  const byPurl = new Map<Purl, Component>(graph.components.map((c) => [c.purl, c]))
  const out: PlanFinding[] = []
  for (const assessment of report.security.assessments)
    for (const row of assessment.reports) {
      const active = row.advices.filter((a) => !a.exclusions && a.type === 'security')
      if (active.length === 0) continue
      const c = byRow.get(
        `${row.dependency.library.language}\u0000${row.dependency.library.name}\u0000${row.dependency.version}`,
      )
      if (!c) continue
      const purls = pathsFromRoot(graph, c.purl, PLAN_PATH_LIMIT)
      const paths = purls.map((p) =>
        p.map((purl) => {
          const at = byPurl.get(purl)
          return { name: at?.name ?? purl, version: at?.version ?? '' }
        }),
      )
      for (const a of active)
        out.push({
          ecosystem: c.ecosystem,
          name: c.name,
          version: c.version,
          adviceId: a.id,
          ids: [...new Set([a.id, ...(a.cve ? [a.cve] : []), ...(a.aliases ?? [])])],
          severity: a.severity,
          paths,
          pathsComplete: purls.length < PLAN_PATH_LIMIT,
        })
    }
  return out
}
