// Pure rules of security exclusions (report-page §4 "Exclude dialog", §5 validation, §3 Exclusion):
// the explanation check, the exclusion types and the global option, and the `.meterian` entries the
// dialog sends (several entries are sent one after another).
import type { Advice } from '@sextant/contract'
import type { ComponentReport } from '../report/security-model'

export const DESCRIPTION_MESSAGE = 'Please add a reasonable description'
export const EXPLANATION_PLACEHOLDER = 'Please add a reasonable description of your action'
export const CLOSE_CONFIRMATION =
  'Are you sure you want to close the modal? This action will result in losing any changes made.'
export const ALL_VERSIONS_CONFIRMATION =
  'This exclusion is linked to all the other versions of this library. Are you sure you want to remove it?'

export type ExclusionType = 'advice' | 'cve' | 'library'
export type SecurityReason = 'mitigated' | 'unapplicable' | 'invalid'

export const REASON_ACTIONS: { reason: SecurityReason; label: string }[] = [
  { reason: 'mitigated', label: 'Mitigate' },
  { reason: 'unapplicable', label: 'Unapplicable' },
  { reason: 'invalid', label: 'Report as incorrect' },
]

/** Non-empty and not only spaces (§5); null when valid. */
export function explanationError(text: string): string | null {
  return text.trim() === '' ? DESCRIPTION_MESSAGE : null
}

/** §5: the CVE type is disabled when the CVE is 'N/A' (or missing). */
export function cveAvailable(advice: Advice): boolean {
  return Boolean(advice.cve && advice.cve !== 'N/A')
}

/** §5: the global option is offered only when several advices (or CVEs) exist for the component; for a library it means every version. */
export function globalOffered(type: ExclusionType, component: ComponentReport): boolean {
  if (type === 'library') return true
  if (type === 'cve') return new Set(component.advices.map((a) => a.cve).filter(Boolean)).size > 1
  return component.advices.length > 1
}

export function globalLabel(type: ExclusionType): string {
  if (type === 'advice') return 'Exclude all vulnerabilities of this component'
  if (type === 'cve') return 'Exclude all CVEs of this component'
  return 'Exclude all versions of this library'
}

/** Empty versions are stored as '--' (§5). */
export function storedVersion(version: string): string {
  return version.trim() === '' ? '--' : version
}

export interface ExclusionRequest {
  type: ExclusionType
  global: boolean
  advice: Advice
  component: ComponentReport
  reason: SecurityReason
  description: string
  /** Library type only: the component is trusted with everything it brings in (§4 trusted transitive component). */
  transitive?: boolean
}

/** §4: a transitive security exclusion forces the automatic recompute on (its reach is the graph's to work out). */
export function recomputeForced(type: ExclusionType, transitive: boolean): boolean {
  return type === 'library' && transitive
}

/** The entries (as `content` JSON strings) the dialog sends, in order. */
export function exclusionContents(request: ExclusionRequest): string[] {
  const { type, global, advice, component, reason } = request
  const description = request.description.trim()
  const base = { reason, description }
  if (type === 'advice') {
    const advices = global ? component.advices : [advice]
    return advices.map((a) => JSON.stringify({ source: 'security:advices', uuid: a.id, ...base }))
  }
  if (type === 'cve') {
    const cves = global
      ? [
          ...new Set(
            component.advices.map((a) => a.cve).filter((c): c is string => Boolean(c && c !== 'N/A')),
          ),
        ]
      : [advice.cve ?? '']
    return cves.map((cve) => JSON.stringify({ source: 'security:cves', cve, ...base }))
  }
  const { name, language } = component.dependency.library
  return [
    JSON.stringify({
      source: 'security:libraries',
      library: { name, language },
      version: global ? '*' : storedVersion(component.dependency.version),
      ...base,
      ...(request.transitive ? { transitive: true } : {}),
    }),
  ]
}

export function excludeTitle(reason: SecurityReason, advice: Advice, component: ComponentReport): string {
  const verb =
    reason === 'mitigated'
      ? 'Excluding'
      : reason === 'unapplicable'
        ? 'Marking as unapplicable'
        : 'Reporting as incorrect'
  const id = advice.cve && advice.cve !== 'N/A' ? advice.cve : `MET-${advice.id.slice(0, 7)}`
  return `${verb} ${id} in ${component.dependency.library.displayName}@${component.dependency.version}`
}

/** Version '--' displays as empty (§5); '*' as every version. */
export function displayVersion(version: string | undefined): string {
  if (!version || version === '--') return ''
  return version === '*' ? 'all versions' : version
}

/** A stability or licensing finding's library, as the dialog excludes it (§5: name, language, version). */
export interface ExcludedLibrary {
  name: string
  displayName: string
  language: string
  version: string
}

export type LibraryDomain = 'stability' | 'licensing'
export type LibraryReason = 'ignored' | 'mitigated' | 'invalid'

/** The reasons each domain offers: stability findings are ignored; licences are excluded or reported. */
export const LIBRARY_REASONS: Record<LibraryDomain, { reason: LibraryReason; label: string }[]> = {
  stability: [{ reason: 'ignored', label: 'Ignore the available updates' }],
  licensing: [
    { reason: 'mitigated', label: 'Mitigated (the licence is acceptable here)' },
    { reason: 'invalid', label: 'Incorrect (the licence finding is wrong)' },
  ],
}

/** §4: several libraries are 'Excluding multiple libraries'; for licences 'Excluding' when mitigated, else 'Reporting'. */
export function libraryExcludeTitle(
  domain: LibraryDomain,
  reason: LibraryReason,
  libraries: readonly ExcludedLibrary[],
): string {
  if (libraries.length !== 1) return 'Excluding multiple libraries'
  const [one] = libraries as [ExcludedLibrary]
  const verb = domain === 'licensing' && reason !== 'mitigated' ? 'Reporting' : 'Excluding'
  const what = domain === 'stability' ? 'updates of' : 'the licence of'
  return `${verb} ${what} ${one.displayName}@${displayVersion(one.version) || 'no version'}`
}

/** One `.meterian` entry per library (sent one after another); allVersions stores '*'. */
export function libraryExclusionContents(input: {
  domain: LibraryDomain
  libraries: readonly ExcludedLibrary[]
  reason: LibraryReason
  description: string
  allVersions: boolean
}): string[] {
  const description = input.description.trim()
  const seen = new Set<string>()
  const out: string[] = []
  for (const { name, language, version } of input.libraries) {
    const stored = input.allVersions ? '*' : storedVersion(version)
    const key = `${language}/${name}@${stored}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(
      JSON.stringify({
        source: `${input.domain}:libraries`,
        library: { name, language },
        version: stored,
        reason: input.reason,
        description,
      }),
    )
  }
  return out
}
