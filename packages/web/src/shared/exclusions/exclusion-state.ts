// What one finding's exclusions are right now (issue 14 "Exclusions you can see"; report-page §3
// Exclusion, §4 "changes are not persisted until recompute", §5 "Exclusion import matching"): those the
// report applied, those stored since and applied at the next recompute, and those removed since.
// Trusted transitive exclusions cover what a component brings in, which only the recompute can work out
// (the dialog forces it on for them); here a stored exclusion covers the finding it names.
import type { ExclusionDto } from '@sextant/contract'

export type Finding =
  | {
      domain: 'security'
      language: string
      name: string
      version: string
      adviceId: string
      cve: string | null
    }
  | { domain: 'stability' | 'licensing'; language: string; name: string; version: string }

export type ExclusionState = 'applied' | 'pending' | 'removed'

export interface ExclusionView {
  id: string
  reason: string
  description: string
  readonly: boolean
  /** The member who made it (members of the project's account only), null when unknown. */
  createdBy: string | null
  createdAt: string | null
  /** applied: counted in this report; pending: stored, applied at the next recompute; removed: gone at the next. */
  state: ExclusionState
}

const DAY_MS = 86_400_000

/**
 * Whether an exclusion with this expiry date (YYYY-MM-DD) no longer applies at `now` (issue 19), the
 * engine's rule (engine exclusions/analysis.ts isExpired): it applies through the whole UTC day it names.
 */
export function isExpired(expires: string | null | undefined, now: Date): boolean {
  if (!expires) return false
  const start = Date.parse(`${expires}T00:00:00Z`)
  return !Number.isNaN(start) && now.getTime() >= start + DAY_MS
}

function versionMatches(pattern: string | undefined, version: string): boolean {
  if (pattern === undefined || pattern === '*') return true
  return pattern === (version.trim() === '' ? '--' : version)
}

/** `acme*`: `*` stands for any run of characters, everything else is literal (as the engine matches). */
function nameMatches(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name
  const parts = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${parts.join('.*')}$`).test(name)
}

/** Whether a stored exclusion names this finding (§5 matching, without the transitive trust). */
export function exclusionCovers(exclusion: ExclusionDto, finding: Finding): boolean {
  if (exclusion.domain !== finding.domain) return false
  if (exclusion.source === 'security:advices')
    return finding.domain === 'security' && exclusion.uuid === finding.adviceId
  if (exclusion.source === 'security:cves')
    return (
      finding.domain === 'security' &&
      exclusion.cve === finding.cve &&
      versionMatches(exclusion.version, finding.version)
    )
  const library = exclusion.library
  return (
    library !== undefined &&
    library.language === finding.language &&
    nameMatches(library.name, finding.name) &&
    versionMatches(exclusion.version, finding.version)
  )
}

function text(value: unknown, key: string): string {
  if (typeof value !== 'object' || value === null) return ''
  const found = (value as Record<string, unknown>)[key]
  return typeof found === 'string' ? found : ''
}

function isAutomatic(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { automatic?: unknown }).automatic === true
}

/**
 * The finding's exclusions: `applied` are the entries the report put on the finding (automatic mitigations
 * are shown apart, so left out); `stored` the exclusions in force now, or null on a historic report or while
 * they load (then only the report's own are shown, as applied).
 */
export function findingExclusions(
  applied: readonly unknown[] | undefined,
  stored: readonly ExclusionDto[] | null,
  finding: Finding,
  at: Date = new Date(),
): ExclusionView[] {
  const byId = new Map((stored ?? []).map((e) => [e.id, e]))
  const views: ExclusionView[] = []
  const seen = new Set<string>()
  for (const entry of applied ?? []) {
    if (isAutomatic(entry)) continue
    const id = text(entry, 'id')
    const now = byId.get(id)
    seen.add(id)
    views.push({
      id,
      reason: text(entry, 'reason') || 'excluded',
      description: text(entry, 'description'),
      readonly: now?.readonly ?? (entry as { readonly?: unknown }).readonly === true,
      createdBy: now?.createdBy ?? null,
      createdAt: now?.createdAt ?? null,
      // an expired exclusion stops applying at the next recompute, as a removed one does
      state: stored === null || (now && !isExpired(now.expires, at)) ? 'applied' : 'removed',
    })
  }
  for (const exclusion of stored ?? []) {
    if (seen.has(exclusion.id) || isExpired(exclusion.expires, at) || !exclusionCovers(exclusion, finding))
      continue
    views.push({
      id: exclusion.id,
      reason: exclusion.reason,
      description: exclusion.description,
      readonly: exclusion.readonly,
      createdBy: exclusion.createdBy ?? null,
      createdAt: exclusion.createdAt ?? null,
      state: 'pending',
    })
  }
  return views
}

/** Whether the finding counts as excluded now or after the next recompute. */
export function isExcludedNow(views: readonly ExclusionView[]): boolean {
  return views.some((v) => v.state !== 'removed')
}

export const STATE_LABEL: Record<ExclusionState, string> = {
  applied: 'Excluded',
  pending: 'Excluded · applies at recompute',
  removed: 'Exclusion removed · applies at recompute',
}

type ReportLike = {
  security: {
    assessments: {
      reports: {
        dependency: { library: { displayName: string }; version: string }
        advices: { id: string; cve: string | null }[]
      }[]
    }[]
  }
}

const LIMIT = 3

function listed(names: string[]): string {
  const unique = [...new Set(names)]
  if (unique.length <= LIMIT) return unique.join(', ')
  return `${unique.slice(0, LIMIT).join(', ')} and ${unique.length - LIMIT} more`
}

/**
 * What an exclusion silences, named by component and version (issue 14: not a bare advice uuid): an advice
 * or a CVE by its id and the components of this report it is found in; a library by name and version.
 */
export function exclusionSubject(exclusion: ExclusionDto, report: ReportLike): string {
  if (exclusion.source === 'security:advices' || exclusion.source === 'security:cves') {
    const components: string[] = []
    let label = exclusion.source === 'security:cves' ? (exclusion.cve ?? '') : ''
    for (const assessment of report.security.assessments)
      for (const component of assessment.reports)
        for (const advice of component.advices) {
          const hit =
            exclusion.source === 'security:advices'
              ? advice.id === exclusion.uuid
              : advice.cve === exclusion.cve &&
                (exclusion.version === undefined ||
                  exclusion.version === '*' ||
                  exclusion.version === component.dependency.version)
          if (!hit) continue
          if (!label) label = advice.cve && advice.cve !== 'N/A' ? advice.cve : `MET-${advice.id.slice(0, 7)}`
          components.push(`${component.dependency.library.displayName}@${component.dependency.version}`)
        }
    if (!label) label = `advisory ${exclusion.uuid ?? ''}`
    return components.length > 0 ? `${label} in ${listed(components)}` : `${label} (not in this report)`
  }
  const version =
    exclusion.version === '*'
      ? 'all versions'
      : exclusion.version === undefined || exclusion.version === '--'
        ? 'no version'
        : exclusion.version
  return `${exclusion.library?.name ?? ''} ${version}`
}

type Excludable = { exclusions?: readonly unknown[] }
type ReportFindings = {
  security: { assessments: { reports: { advices: Excludable[] }[] }[] }
  stability: { reports: { versions: Excludable[] }[] }
  licensing: { reports: { results: Excludable[] }[] }
}

/** The ids of the exclusions this report applied to some finding. */
export function appliedExclusionIds(report: ReportFindings): Set<string> {
  const ids = new Set<string>()
  const add = (item: Excludable) => {
    for (const entry of item.exclusions ?? []) {
      const id = text(entry, 'id')
      if (id) ids.add(id)
    }
  }
  for (const a of report.security.assessments) for (const r of a.reports) for (const x of r.advices) add(x)
  for (const part of report.stability.reports) for (const v of part.versions) add(v)
  for (const part of report.licensing.reports) for (const r of part.results) add(r)
  return ids
}
