// Builds the immutable report document of one analysis (DESIGN §1 "Assess" and "Report"; spec
// report-page §3). Pure: the graph, the clock reading and every data source arrive as arguments.
// A domain whose data source is absent is marked `assessed: false` rather than reported as clean.
import { type Component, type DependencyGraph, languageOfEcosystem, type Warning } from '../model'
import type {
  Advice,
  ComponentReport,
  Library,
  ReportDocument,
  ReportNote,
  ReportStatus,
  SecuritySection,
  SecuritySummary,
} from './document'
import { reportTimestamp } from './timestamp'

export interface Thresholds {
  security: number
  stability: number
  licensing: number
}

export interface SecuritySource {
  advicesFor(component: Component): Advice[]
}

export interface BuildReportInput {
  uuid: string
  projectUuid: string
  branch: string
  now: Date
  graph: DependencyGraph
  warnings: Warning[]
  thresholds: Thresholds
  status?: ReportStatus
  /** Absent: no advisory data, the security section is not assessed. */
  security?: SecuritySource
  /** Every path from the root to a component, e.g. [["project:--", "a:1.0", "b:2.1"]]. */
  hierarchy?: (component: Component) => string[][]
}

export function libraryOf(c: Component): Library {
  return { name: c.name, displayName: c.name, language: languageOfEcosystem(c.ecosystem), unityPlugin: c.name.startsWith('UPN:') }
}

function emptySecuritySummary(): SecuritySummary {
  return { critical: 0, high: 0, medium: 0, low: 0, none: 0, suggest: 0, exclusions: 0, components: 0 }
}

const severityKey = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MEDIUM: 'medium',
  LOW: 'low',
  SUGGEST: 'suggest',
  NONE: 'none',
} as const

function buildSecurity(input: BuildReportInput): SecuritySection {
  const byLanguage = new Map<string, ComponentReport[]>()
  const summary: SecuritySection['summary'] = {}
  const versionsByName = new Map<string, number>()
  for (const c of input.graph.components) versionsByName.set(c.name, (versionsByName.get(c.name) ?? 0) + 1)
  for (const c of input.graph.components) {
    const library = libraryOf(c)
    const advices = input.security?.advicesFor(c) ?? []
    const report: ComponentReport = {
      dependency: { library, version: c.version },
      advices,
      safeVersions: {},
      hierarchy: input.hierarchy?.(c) ?? [],
      locations: c.locations,
      scope: c.scope,
      transitive: !c.direct,
      otherVersionsCount: (versionsByName.get(c.name) ?? 1) - 1,
    }
    const list = byLanguage.get(library.language) ?? []
    list.push(report)
    byLanguage.set(library.language, list)
    const s = (summary[library.language] ??= emptySecuritySummary())
    s.components++
    for (const a of advices) s[severityKey[a.severity]]++
  }
  const all = [...byLanguage.values()].flat()
  const deduction = all.flatMap((r) => r.advices).reduce((sum, a) => sum + (a.type === 'suggestion' ? 0.25 : (a.cvss ?? 0) * 5), 0)
  return {
    score: Math.max(0, Math.round((100 - deduction) * 100) / 100),
    componentsCount: input.graph.components.length,
    assessed: input.security !== undefined,
    assessments: [...byLanguage].map(([language, reports]) => ({
      language: language as Library['language'],
      componentsCount: reports.length,
      reports,
      trusted: [],
    })),
    summary,
  }
}

export function buildReport(input: BuildReportInput): ReportDocument {
  const { graph } = input
  const security = buildSecurity(input)
  const languages = [...new Set(graph.components.map((c) => languageOfEcosystem(c.ecosystem)))]
  const notes: ReportNote[] = input.warnings.map((w) => ({
    domain: 'general',
    message: w.message,
    file: w.file,
    ...(w.line !== undefined ? { line: w.line } : {}),
  }))
  const stability = {
    score: 100,
    componentsCount: graph.components.length,
    assessed: false,
    reports: [],
    summary: { patch: 0, minor: 0, major: 0, exclusions: 0, components: graph.components.length },
  }
  const licensing = {
    score: 100,
    componentsCount: graph.components.length,
    assessed: false,
    reports: [],
    summary: {
      tot: 0,
      forbidden: 0,
      undeclared: 0,
      violationExclusions: 0,
      warningExclusions: 0,
      forbiddenWithoutExclusion: 0,
      undeclaredWithoutExclusion: 0,
      components: graph.components.length,
    },
  }
  const t = input.thresholds
  const pass = security.score >= t.security && stability.score >= t.stability && licensing.score >= t.licensing
  const direct = graph.components.filter((c) => c.direct).length
  return {
    uuid: input.uuid,
    status: input.status ?? 'OK',
    timestamp: reportTimestamp(input.now),
    createdAt: input.now.toISOString(),
    outcome: pass ? 'PASS' : 'FAIL',
    scopes: [...new Set(graph.components.map((c) => c.scope))],
    thresholds: t,
    project: { uuid: input.projectUuid, branch: input.branch },
    summary: { components: graph.components.length, direct, transitive: graph.components.length - direct, languages },
    security,
    stability,
    licensing,
    notes,
  }
}
