// The difference between two reports (spec report-page §3 "Diff entries", §4 "Report differences", §5
// "History comparison matches components by name and version", §8 diff empty messages). Components:
// plus, minus and version changes (a changed version of the same library is a version change, with
// its direction); per domain, entries for new and fixed vulnerabilities, stability and licence
// changes, and exclusions added or removed. `from = null` diffs against an empty report (the first one).
import type { Ecosystem } from '../model'
import { getVersionScheme } from '../versioning'
import { diffLicensing, diffSecurity, diffStability } from './diff-domains'
import { pairRows } from './diff-pairs'
import type { ComponentReport, ReportDocument, Severity } from './document'

export interface DiffComponent {
  library: string
  language: string
  version: string
}

export interface VersionChange {
  library: string
  language: string
  from: string
  to: string
  direction: 'upgrade' | 'downgrade' | 'change'
}

export interface DiffEntry {
  library: string
  version: string
  language: string
  /** What happened to the finding: it appeared, it went away, or it changed (exclusion, licences, lanes). */
  reason: 'added' | 'removed' | 'updated'
  /** Stability: the latest patch version. */
  patch?: string | null
  /** An exclusion now covers the finding. */
  exclusion?: boolean
  exclusionRemoved?: boolean
  /** Security: the advice. */
  id?: string
  severity?: Severity
  cve?: string | null
  /** Licensing: the licences and violated policies of the newer report, and what changed. */
  licenses?: string[]
  policies?: string[]
  diffLicenses?: { added: string[]; removed: string[] }
  diffPolicies?: { added: string[]; removed: string[] }
}

export interface ReportDiff {
  from: string | null
  to: string
  components: { plus: DiffComponent[]; minus: DiffComponent[]; versionChanges: VersionChange[] }
  security: DiffEntry[]
  stability: DiffEntry[]
  licensing: DiffEntry[]
  /** The spec's empty-section messages (§8), `null` where something changed. */
  messages: {
    components: string | null
    security: string | null
    stability: string | null
    licensing: string | null
  }
}

export const DIFF_EMPTY_MESSAGES = {
  components: 'No components have changed from the previous report.',
  security: 'Nothing has changed in the security section.',
  stability: 'Nothing has changed in the stability section.',
  licensing: 'Nothing has changed in the licensing section.',
} as const

const ecosystemOfLanguage: Record<string, Ecosystem> = { nodejs: 'npm', javascript: 'npm', java: 'maven' }

function direction(language: string, from: string, to: string): VersionChange['direction'] {
  const scheme = getVersionScheme(ecosystemOfLanguage[language] ?? 'other')
  const c = scheme?.compare(from, to) ?? null
  if (c === null || c === 0) return 'change'
  return c < 0 ? 'upgrade' : 'downgrade'
}

function componentsOf(doc: ReportDocument | null): ComponentReport[] {
  return doc?.security.assessments.flatMap((a) => a.reports) ?? []
}

function diffComponents(from: ReportDocument | null, to: ReportDocument): ReportDiff['components'] {
  const rowOf = (r: ComponentReport): DiffComponent => ({
    library: r.dependency.library.name,
    language: r.dependency.library.language,
    version: r.dependency.version,
  })
  const { pairs, removed, added } = pairRows(
    componentsOf(from).map(rowOf),
    componentsOf(to).map(rowOf),
    (c) => ({
      group: `${c.language}/${c.library}`,
      version: c.version,
    }),
  )
  const versionChanges = pairs
    .filter(([a, b]) => a.version !== b.version)
    .map(([a, b]) => ({
      library: b.library,
      language: b.language,
      from: a.version,
      to: b.version,
      direction: direction(b.language, a.version, b.version),
    }))
  return { plus: added, minus: removed, versionChanges }
}

export function diffReports(from: ReportDocument | null, to: ReportDocument): ReportDiff {
  const components = diffComponents(from, to)
  const security = diffSecurity(from, to)
  const stability = diffStability(from, to)
  const licensing = diffLicensing(from, to)
  const componentsChanged =
    components.plus.length + components.minus.length + components.versionChanges.length > 0
  return {
    from: from?.uuid ?? null,
    to: to.uuid,
    components,
    security,
    stability,
    licensing,
    messages: {
      components: componentsChanged ? null : DIFF_EMPTY_MESSAGES.components,
      security: security.length ? null : DIFF_EMPTY_MESSAGES.security,
      stability: stability.length ? null : DIFF_EMPTY_MESSAGES.stability,
      licensing: licensing.length ? null : DIFF_EMPTY_MESSAGES.licensing,
    },
  }
}
