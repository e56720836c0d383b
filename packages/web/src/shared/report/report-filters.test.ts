import { describe, expect, it } from 'vitest'
import { initialFilters, inScope, LAST_LANGUAGE_MESSAGE, toggleLanguage } from './report-filters'

describe('report filters', () => {
  it('starts with every language, issues only, all scopes', () => {
    expect(initialFilters(['nodejs', 'java'])).toEqual({
      languages: ['nodejs', 'java'],
      issuesOnly: true,
      scope: 'all',
    })
  })
  it('keeps at least one language active', () => {
    const two = initialFilters(['nodejs', 'java'])
    const one = toggleLanguage(two, 'java')
    expect(one).toEqual({ filters: { ...two, languages: ['nodejs'] }, error: null })
    const refused = toggleLanguage(one.filters, 'nodejs')
    expect(refused.error).toBe(LAST_LANGUAGE_MESSAGE)
    expect(refused.filters.languages).toEqual(['nodejs'])
    expect(toggleLanguage(one.filters, 'java').filters.languages).toEqual(['nodejs', 'java'])
  })
  it('filters by scope option', () => {
    expect(inScope('all', 'dev')).toBe(true)
    expect(inScope('prod', 'dev')).toBe(false)
    expect(inScope('prod', 'prod')).toBe(true)
  })
})
