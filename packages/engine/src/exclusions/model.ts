// The Exclusion model (spec report-page §3 Exclusion, "Exclusion collections in a report"; product-notes
// "The in-repository exclusions file"). One exclusion silences findings of one domain; the kind and
// its key (advice uuid, CVE, library + version) say which findings it covers.
import type { Language } from '../model'
import type { FindingAnalysis } from './analysis'

export type ExclusionDomain = 'security' | 'stability' | 'licensing'
export type ExclusionReason = 'mitigated' | 'unapplicable' | 'invalid' | 'ignored'
export const EXCLUSION_REASONS: readonly ExclusionReason[] = [
  'mitigated',
  'unapplicable',
  'invalid',
  'ignored',
]

/** `domain:collection`, the spec's `source` (e.g. 'stability:libraries'); it fixes domain and kind. */
export type ExclusionSource =
  | 'security:advices'
  | 'security:cves'
  | 'security:libraries'
  | 'stability:libraries'
  | 'licensing:libraries'
export const EXCLUSION_SOURCES: readonly ExclusionSource[] = [
  'security:advices',
  'security:cves',
  'security:libraries',
  'stability:libraries',
  'licensing:libraries',
]

/** Every version of the library. */
export const ANY_VERSION = '*'
/** An empty version is stored as '--' (spec §5) and displayed as empty. */
export const EMPTY_VERSION = '--'

export interface ExcludedLibrary {
  /** Ecosystem-native name; may carry `*` wildcards (`acme*`). */
  name: string
  language: Language
}

interface ExclusionBase {
  /** A uuid for stored exclusions; `meterian-<hash>` for `.meterian` entries (stable across analyses). */
  id: string
  reason: ExclusionReason
  description: string
  /** Security libraries: the component is trusted with everything it brings in (a pseudo-component). */
  transitive: boolean
  /** Read from the repository's `.meterian` file: removable only by changing the file. */
  readonly: boolean
  creatorUuid: string | null
  /** Account-wide exclusions apply to every project of the account. */
  scope: 'branch' | 'account'
  /** The finding's analysis (issue 19, CycloneDX VEX); absent = the one its reason stands for. */
  analysis?: FindingAnalysis
  /** YYYY-MM-DD: the exclusion applies through that day (UTC), then the finding comes back with a notice. */
  expires?: string | null
}

export interface AdviceExclusion extends ExclusionBase {
  source: 'security:advices'
  /** The advice id (the spec's advice uuid). */
  uuid: string
  /** Narrows the exclusion to one component (a finding = component × advisory, issue 19 triage). */
  library?: ExcludedLibrary
  /** With `library`: the component's version ('*' = every version). */
  version?: string
}

export interface CveExclusion extends ExclusionBase {
  source: 'security:cves'
  cve: string
  /** Optional narrowing to one version ('*' = every version). */
  version: string
}

export interface LibraryExclusion extends ExclusionBase {
  source: 'security:libraries' | 'stability:libraries' | 'licensing:libraries'
  library: ExcludedLibrary
  version: string
}

export type Exclusion = AdviceExclusion | CveExclusion | LibraryExclusion

/** An exclusion before it has an id (parsed from a request or a file entry). */
export type ExclusionDraft = Exclusion extends infer E ? (E extends Exclusion ? Omit<E, 'id'> : never) : never

export function domainOfSource(source: ExclusionSource): ExclusionDomain {
  return source.slice(0, source.indexOf(':')) as ExclusionDomain
}

/** What a finding carries in its `exclusions` key and what the report's collections list (no internals). */
export interface AppliedExclusion {
  id: string
  source: ExclusionSource
  reason: ExclusionReason
  description: string
  transitive: boolean
  readonly: boolean
  uuid?: string
  cve?: string
  library?: ExcludedLibrary
  version?: string
  analysis?: FindingAnalysis
  expires?: string
}

export function appliedOf(e: Exclusion): AppliedExclusion {
  const base = {
    id: e.id,
    source: e.source,
    reason: e.reason,
    description: e.description,
    transitive: e.transitive,
    readonly: e.readonly,
    ...(e.analysis ? { analysis: e.analysis } : {}),
    ...(e.expires ? { expires: e.expires } : {}),
  }
  if (e.source === 'security:advices')
    return e.library
      ? { ...base, uuid: e.uuid, library: e.library, version: e.version ?? ANY_VERSION }
      : { ...base, uuid: e.uuid }
  if (e.source === 'security:cves') return { ...base, cve: e.cve, version: e.version }
  return { ...base, library: e.library, version: e.version }
}

/** The spec's Report.exclusions: security {advices, libraries, cves}, stability/licensing {libraries}. */
export interface ReportExclusions {
  security: { advices: AppliedExclusion[]; libraries: AppliedExclusion[]; cves: AppliedExclusion[] }
  stability: { libraries: AppliedExclusion[] }
  licensing: { libraries: AppliedExclusion[] }
}

export function reportExclusionsOf(exclusions: readonly Exclusion[]): ReportExclusions {
  const out: ReportExclusions = {
    security: { advices: [], libraries: [], cves: [] },
    stability: { libraries: [] },
    licensing: { libraries: [] },
  }
  for (const e of exclusions) {
    const a = appliedOf(e)
    if (e.source === 'security:advices') out.security.advices.push(a)
    else if (e.source === 'security:cves') out.security.cves.push(a)
    else if (e.source === 'security:libraries') out.security.libraries.push(a)
    else if (e.source === 'stability:libraries') out.stability.libraries.push(a)
    else out.licensing.libraries.push(a)
  }
  return out
}

/**
 * A stable fingerprint of what a set of exclusions does (ids, creators and order left out), so that a
 * report can tell whether the exclusions in force now differ from those it was built with.
 */
export function exclusionsFingerprint(exclusions: readonly Exclusion[]): string {
  const text = exclusions
    .map((e) => {
      const a = appliedOf(e)
      return JSON.stringify([
        a.source,
        a.uuid,
        a.cve,
        a.library?.language,
        a.library?.name,
        a.version,
        a.reason,
        a.transitive,
        a.expires ?? null,
        a.analysis?.state ?? null,
      ])
    })
    .sort()
    .join('\n')
  return `${exclusions.length}-${hash53(text).toString(36)}`
}

/** cyrb53: a fast 53-bit string hash; not cryptographic, only a change detector. */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

/** A short human name of what an exclusion covers: 'GHSA-… on lodash@4.17.20', 'CVE-…', 'lodash@*'. */
export function exclusionLabel(e: Exclusion): string {
  if (e.source === 'security:advices')
    return e.library ? `${e.uuid} on ${e.library.name}@${e.version ?? ANY_VERSION}` : e.uuid
  if (e.source === 'security:cves') return e.version === ANY_VERSION ? e.cve : `${e.cve} (${e.version})`
  return `${e.library.name}@${e.version}`
}
