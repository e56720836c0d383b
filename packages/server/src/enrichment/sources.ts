// The configured enrichment sources (issue 9 "Enrichment"; README "Configuration"): SEXTANT_EPSS_SOURCE,
// SEXTANT_KEV_SOURCE, SEXTANT_CWE_SOURCE — a file or an http(s) URL each, 'none' to disable. EPSS and
// KEV default to FIRST's and CISA's public feeds; CWE has no default (MITRE publishes no CSV of names alone).
import type { EnrichmentKind } from '@sextant/contract'
import type { Config } from '../config'

export const ENRICHMENT_KINDS: readonly EnrichmentKind[] = ['epss', 'kev', 'cwe']

export const DEFAULT_EPSS_SOURCE = 'https://epss.cyentia.com/epss_scores-current.csv.gz'
export const DEFAULT_KEV_SOURCE =
  'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json'

export interface EnrichmentSource {
  kind: EnrichmentKind
  location: string
}

/** The sources to sync: one per kind that has a location. */
export function configuredEnrichmentSources(
  config: Pick<Config, 'epssSource' | 'kevSource' | 'cweSource'>,
): EnrichmentSource[] {
  const all: [EnrichmentKind, string | null][] = [
    ['epss', config.epssSource],
    ['kev', config.kevSource],
    ['cwe', config.cweSource],
  ]
  return all.flatMap(([kind, location]) => (location === null ? [] : [{ kind, location }]))
}

/** An environment value to a location: unset → the default, 'none' or blank → null (disabled). */
export function sourceSetting(value: string | undefined, fallback: string | null): string | null {
  if (value === undefined) return fallback
  const t = value.trim()
  return t === '' || t.toLowerCase() === 'none' ? null : t
}
