// The report's licensing section (spec report-page §2 Licensing, §3 Licensing and summary, §8 the
// 'SOMETHING WENT WRONG HERE' state): per-language results with licences, warnings and violations.
// A licence comes from a licence fix, else the input (SBOM, lockfile), else the registry metadata.
import type { Component, Language, Purl } from '../model'
import { languageOfEcosystem } from '../model'
import type { LicensingResult, LicensingSection } from '../report/document'
import { licensingScore } from '../scoring/scores'
import { packageKeyOf } from '../stability/package-key'
import type { LicenceAssessment } from './assess'
import { assessLicence } from './assess'
import type { CustomLicence } from './catalogue'
import type { LicencePolicy } from './policy'

/** Registry licences of one package; npm's and Maven's metadata both fit. Lists are alternatives (OR). */
export interface LicenceMetadata {
  versions: readonly { version: string; licences: readonly string[] }[]
  /** The package's licence (npm: of the latest version); used when the version is not listed. */
  licences?: readonly string[]
}

export interface LicensingSectionInput {
  components: readonly Component[]
  /** Per packageKey; absent or `null` = could not be had. */
  metadata: ReadonlyMap<string, LicenceMetadata | null>
  /** The policies that apply to this project (applicableLicencePolicies). */
  policies: readonly LicencePolicy[]
  customLicences?: readonly CustomLicence[]
  /** A licence fix for the component (spec §2 License fix dialog), replacing everything declared. */
  overrideFor?: (component: Component) => readonly string[] | null | undefined
  /** The account's copyright text for the component (spec §2 Copyright edit dialog); shown per result. */
  copyrightFor?: (component: Component) => string | null | undefined
  /** Licensing exclusions matching the component (spec §3 Exclusion). */
  exclusionsFor?: (component: Component) => readonly unknown[] | undefined
}

export interface LicensingLanguageCounts {
  language: Language
  /** Results with at least one warning / violation. */
  warningsCount: number
  violationsCount: number
}

/** The section before its assessment is known (the report builder adds score, assessed and assessment). */
export type LicensingSectionDraft = Omit<LicensingSection, 'assessment'> & { score: number }

export interface LicensingSectionResult {
  section: LicensingSectionDraft
  /** Per-language counts of spec §3 (the section's report entries carry only language, count, results). */
  languages: LicensingLanguageCounts[]
  details: { purl: Purl; assessment: LicenceAssessment; origin: LicenceOrigin }[]
  /** Components with no declared licence and no registry metadata: not counted as undeclared. */
  missingMetadata: Purl[]
}

export type LicenceOrigin = 'override' | 'declared' | 'registry-version' | 'registry-package'

export const LICENCE_METADATA_MISSING_WARNING =
  'License information could not be retrieved for this component'

export function buildLicensingSection(input: LicensingSectionInput): LicensingSectionResult {
  const options = { customLicences: input.customLicences ?? [] }
  // The same declared licences (MIT…) recur across components: each list is normalised and assessed once
  // per section (issue 16 acceptance 6: normalising every component's was a third of the section's time).
  const assessed = new Map<string, LicenceAssessment>()
  const assess = (licences: readonly string[]) => {
    const key = JSON.stringify(licences)
    let a = assessed.get(key)
    if (!a) {
      a = assessLicence(licences, input.policies, options)
      assessed.set(key, a)
    }
    return a
  }
  const details: LicensingSectionResult['details'] = []
  const missingMetadata: Purl[] = []
  const entries: {
    language: Language
    result: LicensingResult
    excluded: boolean
    a: LicenceAssessment | null
  }[] = []

  for (const c of input.components) {
    const exclusions = input.exclusionsFor?.(c) ?? []
    const source = declaredLicenceOf(c, input)
    const result: LicensingResult = {
      library: {
        name: c.name,
        displayName: c.name,
        language: languageOfEcosystem(c.ecosystem),
        unityPlugin: c.name.startsWith('UPN:'),
      },
      version: c.version,
      scope: c.scope,
      transitive: !c.direct,
      ...(c.relationshipUnknown ? { relationshipUnknown: true as const } : {}),
      licenses: [],
      warnings: [],
      violations: [],
    }
    if (exclusions.length > 0) result.exclusions = [...exclusions]
    const copyright = input.copyrightFor?.(c)
    if (copyright) result.copyright = copyright
    let a: LicenceAssessment | null = null
    if (source) {
      a = assess(source.licences)
      details.push({ purl: c.purl, assessment: a, origin: source.origin })
      // copies: each result's lists are its own, even when its assessment is shared
      Object.assign(result, {
        licenses: [...a.licences],
        warnings: [...a.warnings],
        violations: [...a.violations],
      })
      if (a.undeclared) result.undeclared = true
      if (source.origin === 'declared' || source.origin === 'override') result.given = [...source.licences]
    } else {
      missingMetadata.push(c.purl)
      result.warnings = [LICENCE_METADATA_MISSING_WARNING]
    }
    entries.push({ language: result.library.language, result, excluded: exclusions.length > 0, a })
  }

  const forbidden = entries.filter((e) => e.a?.forbidden)
  const undeclared = entries.filter((e) => e.a?.undeclared)
  const section: LicensingSectionDraft = {
    score: licensingScore(
      entries.map((e) => ({
        undeclared: e.a?.undeclared ?? false,
        forbidden: e.a?.forbidden ?? false,
        excluded: e.excluded,
      })),
    ),
    componentsCount: entries.length,
    assessed: entries.length === 0 || missingMetadata.length < entries.length,
    reports: groupByLanguage(entries),
    summary: {
      // licence issues in all: forbidden plus undeclared (one component is never both)
      tot: forbidden.length + undeclared.length,
      forbidden: forbidden.length,
      undeclared: undeclared.length,
      violationExclusions: forbidden.filter((e) => e.excluded).length,
      warningExclusions: entries.filter((e) => e.excluded && e.result.warnings.length > 0).length,
      forbiddenWithoutExclusion: forbidden.filter((e) => !e.excluded).length,
      undeclaredWithoutExclusion: undeclared.filter((e) => !e.excluded).length,
      components: entries.length,
    },
  }
  return { section, languages: languageCounts(entries), details, missingMetadata }
}

function declaredLicenceOf(
  c: Component,
  input: LicensingSectionInput,
): { licences: readonly string[]; origin: LicenceOrigin } | null {
  const override = input.overrideFor?.(c)
  if (override && override.length > 0) return { licences: override, origin: 'override' }
  if (c.declaredLicences && c.declaredLicences.length > 0)
    return { licences: c.declaredLicences, origin: 'declared' }
  const meta = input.metadata.get(packageKeyOf(c))
  if (!meta) return null
  const version = meta.versions.find((v) => v.version === c.version)
  if (version) return { licences: version.licences, origin: 'registry-version' }
  return { licences: meta.licences ?? [], origin: 'registry-package' }
}

function groupByLanguage(
  entries: { language: Language; result: LicensingResult }[],
): LicensingSection['reports'] {
  const byLanguage = new Map<Language, LicensingResult[]>()
  for (const { language, result } of entries) {
    const list = byLanguage.get(language) ?? []
    list.push(result)
    byLanguage.set(language, list)
  }
  return [...byLanguage].map(([language, results]) => ({
    language,
    componentsCount: results.length,
    results: results.sort(
      (a, b) => a.library.name.localeCompare(b.library.name) || a.version.localeCompare(b.version),
    ),
  }))
}

function languageCounts(
  entries: { language: Language; result: LicensingResult }[],
): LicensingLanguageCounts[] {
  const counts = new Map<Language, LicensingLanguageCounts>()
  for (const { language, result } of entries) {
    const c = counts.get(language) ?? { language, warningsCount: 0, violationsCount: 0 }
    if (result.warnings.length > 0) c.warningsCount++
    if (result.violations.length > 0) c.violationsCount++
    counts.set(language, c)
  }
  return [...counts.values()]
}
