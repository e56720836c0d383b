// Figures the report page derives from a report document (report-page §2 Executive summary "Report
// Details": scopes, generation time in UTC, per-language counts; §3 summaries).
import type { Report } from '@sextant/contract'

export type Domain = 'security' | 'stability' | 'licensing'

const LANGUAGE_NAMES: Record<string, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  java: 'Java',
  nodejs: 'NodeJS',
  node: 'NodeJS',
  npm: 'JavaScript',
  maven: 'Java',
  python: 'Python',
  go: 'Go',
  dotnet: '.NET',
}

export function languageLabel(language: string): string {
  return LANGUAGE_NAMES[language.toLowerCase()] ?? language.charAt(0).toUpperCase() + language.slice(1)
}

/** report-page §2 Executive summary: scope options all ('All dependencies') and prod ('Production'). */
export function scopeLabel(scope: string): string {
  const labels: Record<string, string> = {
    prod: 'Production',
    dev: 'Development',
    test: 'Test',
    provided: 'Provided',
    optional: 'Optional',
  }
  return labels[scope] ?? scope
}

const ALL_SCOPES = ['prod', 'dev', 'test', 'provided', 'optional']

/** One domain's analysis scopes (account configuration.analysisScopes): 'All dependencies' when every scope. */
export function domainScopesLabel(scopes: readonly string[]): string {
  if (ALL_SCOPES.every((scope) => scopes.includes(scope))) return 'All dependencies'
  return scopes.map(scopeLabel).join(', ') || 'None'
}

/**
 * Components per language, largest first: per language the widest of the three domains' counts, since a
 * domain narrowed to some scopes (account analysis scopes) assesses fewer components than the others.
 */
export function componentsPerLanguage(report: Report): { language: string; components: number }[] {
  const counts = new Map<string, number>()
  const parts = [report.security.assessments, report.stability.reports, report.licensing.reports]
  for (const domain of parts) {
    const perLanguage = new Map<string, number>()
    for (const part of domain)
      perLanguage.set(part.language, (perLanguage.get(part.language) ?? 0) + part.componentsCount)
    for (const [language, count] of perLanguage)
      counts.set(language, Math.max(counts.get(language) ?? 0, count))
  }
  return [...counts.entries()]
    .map(([language, components]) => ({ language, components }))
    .sort((a, b) => b.components - a.components || a.language.localeCompare(b.language))
}

/** Anchor ids of the sections the score badges link to (report-page §2 Layout). */
export const SECTION_ANCHORS: Record<Domain, string> = {
  security: 'defects-row',
  stability: 'versions-row',
  licensing: 'licenses-row',
}
