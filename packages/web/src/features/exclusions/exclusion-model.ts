// Pure rules of security exclusions (report-page §4 "Exclude dialog", §5 validation, §3 Exclusion):
// the explanation check, the exclusion types and the global option, and the `.meterian` entries the
// dialog sends (several entries are sent one after another).
import type { Advice } from '@sextant/contract'
import type { ComponentReport } from '../security/security-model'

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
