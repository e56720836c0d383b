// The report's stability section (spec report-page §2 Stability, §3 Stability, §8 'SOMETHING WENT
// WRONG HERE'): per-language version rows and the summary {patch, minor, major, exclusions, components}.
// Built from plain inputs; components whose metadata could not be had are listed, never called up to date.
import type { Component, Ecosystem, Language, Purl } from '../model'
import { languageOfEcosystem } from '../model'
import type { StabilitySection, StabilityVersion } from '../report/document'
import { stabilityScore } from '../scoring/scores'
import { isPlaceholderVersion } from '../versioning/placeholder'
import type { VersionScheme } from '../versioning/types'
import type { ComponentStability, StabilityLaneOptions, VersionHistory } from './lanes'
import { computeStabilityLanes } from './lanes'
import { isRegistryComponent, packageKeyOf } from './package-key'

export interface StabilitySectionInput {
  components: readonly Component[]
  /** Version history per packageKey; absent or `null` = could not be had (error, 404, offline). */
  metadata: ReadonlyMap<string, VersionHistory | null>
  schemeFor: (ecosystem: Ecosystem) => VersionScheme | null
  /** Stability exclusions matching the component (spec §3 Exclusion); excluded rows do not count. */
  exclusionsFor?: (component: Component) => readonly unknown[] | undefined
  lanes?: StabilityLaneOptions
}

export type StabilityGap = 'no-scheme' | 'unreadable-version' | 'not-from-registry'

/** The section before its assessment is known (the report builder adds score, assessed and assessment). */
export type StabilitySectionDraft = Omit<StabilitySection, 'assessment'> & { score: number }

export interface StabilitySectionResult {
  section: StabilitySectionDraft
  /** Lanes with dates and deprecation, per assessed component (the section rows carry the spec fields only). */
  details: { purl: Purl; stability: ComponentStability }[]
  /** Components whose registry metadata could not be had: rows with null lanes. */
  missingMetadata: Purl[]
  /** Components not assessed for another reason (no scheme, unreadable version, not from a registry). */
  gaps: { purl: Purl; reason: StabilityGap }[]
}

export function buildStabilitySection(input: StabilitySectionInput): StabilitySectionResult {
  const details: StabilitySectionResult['details'] = []
  const missingMetadata: Purl[] = []
  const gaps: StabilitySectionResult['gaps'] = []
  const rows: { language: Language; row: StabilityVersion; excluded: boolean }[] = []
  let withMetadata = 0

  for (const c of input.components) {
    if (!isRegistryComponent(c)) {
      gaps.push({ purl: c.purl, reason: 'not-from-registry' })
      continue
    }
    const exclusions = input.exclusionsFor?.(c) ?? []
    const row = emptyRow(c, exclusions)
    rows.push({ language: languageOfEcosystem(c.ecosystem), row, excluded: exclusions.length > 0 })
    const history = input.metadata.get(packageKeyOf(c)) ?? null
    if (!history) {
      missingMetadata.push(c.purl)
      continue
    }
    withMetadata++
    const scheme = input.schemeFor(c.ecosystem)
    if (!scheme) {
      gaps.push({ purl: c.purl, reason: 'no-scheme' })
      continue
    }
    // `2.x`, `debian`: not a release, so no lane can be placed above it (issue 14)
    const stability = isPlaceholderVersion(c.version)
      ? null
      : computeStabilityLanes(scheme, c.version, history, input.lanes)
    if (!stability) {
      gaps.push({ purl: c.purl, reason: 'unreadable-version' })
      continue
    }
    details.push({ purl: c.purl, stability })
    Object.assign(row, {
      latestPatch: stability.latestPatch,
      latestMinor: stability.latestMinor,
      latestMajor: stability.latestMajor,
      newPatchVersionAvailable: stability.newPatchVersionAvailable,
      newMinorVersionAvailable: stability.newMinorVersionAvailable,
      newMajorVersionAvailable: stability.newMajorVersionAvailable,
    })
  }

  const active = rows.filter((r) => !r.excluded).map((r) => r.row)
  const section: StabilitySectionDraft = {
    score: stabilityScore(
      rows.map((r) => ({ newPatchVersionAvailable: r.row.newPatchVersionAvailable, excluded: r.excluded })),
    ),
    componentsCount: rows.length,
    // every lookup failed: the page says 'SOMETHING WENT WRONG HERE' instead of "up to date"
    assessed: rows.length === 0 || withMetadata > 0,
    reports: groupByLanguage(rows),
    summary: {
      patch: active.filter((r) => r.newPatchVersionAvailable).length,
      minor: active.filter((r) => r.newMinorVersionAvailable).length,
      major: active.filter((r) => r.newMajorVersionAvailable).length,
      exclusions: rows.length - active.length,
      components: rows.length,
    },
  }
  return { section, details, missingMetadata, gaps }
}

function emptyRow(c: Component, exclusions: readonly unknown[]): StabilityVersion {
  const row: StabilityVersion = {
    name: c.name,
    version: c.version,
    scope: c.scope,
    latestPatch: null,
    latestMinor: null,
    latestMajor: null,
    newPatchVersionAvailable: false,
    newMinorVersionAvailable: false,
    newMajorVersionAvailable: false,
  }
  if (exclusions.length > 0) row.exclusions = [...exclusions]
  return row
}

function groupByLanguage(rows: { language: Language; row: StabilityVersion }[]): StabilitySection['reports'] {
  const byLanguage = new Map<Language, StabilityVersion[]>()
  for (const { language, row } of rows) {
    const list = byLanguage.get(language) ?? []
    list.push(row)
    byLanguage.set(language, list)
  }
  return [...byLanguage].map(([language, versions]) => ({
    language,
    componentsCount: versions.length,
    versions: versions.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version)),
  }))
}
