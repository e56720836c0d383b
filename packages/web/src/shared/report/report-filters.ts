// The executive summary's filters, applied to every domain list (report-page §2 Executive summary,
// §4 "Language filter", §5): active languages (at least one stays on), 'Show issues only' (default
// on), scope all ('All dependencies') or prod ('Production').

export type ScopeOption = 'all' | 'prod'

export const SCOPE_OPTIONS: { value: ScopeOption; label: string }[] = [
  { value: 'all', label: 'All dependencies' },
  { value: 'prod', label: 'Production' },
]

export const LAST_LANGUAGE_MESSAGE = 'You need at least one language active.'

export interface ReportFilters {
  languages: string[]
  issuesOnly: boolean
  scope: ScopeOption
}

export function initialFilters(languages: string[]): ReportFilters {
  return { languages, issuesOnly: true, scope: 'all' }
}

/** Turns a language on or off; turning off the last active one is refused with the spec's message. */
export function toggleLanguage(
  filters: ReportFilters,
  language: string,
): { filters: ReportFilters; error: string | null } {
  const active = filters.languages.includes(language)
  if (!active) return { filters: { ...filters, languages: [...filters.languages, language] }, error: null }
  if (filters.languages.length <= 1) return { filters, error: LAST_LANGUAGE_MESSAGE }
  return { filters: { ...filters, languages: filters.languages.filter((l) => l !== language) }, error: null }
}

/** 'prod' keeps production dependencies only; 'all' keeps every scope. */
export function inScope(option: ScopeOption, scope: string): boolean {
  return option === 'all' || scope === 'prod'
}

export function languageActive(filters: ReportFilters, language: string): boolean {
  return filters.languages.includes(language)
}
