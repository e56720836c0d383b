// Report figures: per-language counts, score states and labels.
import { describe, expect, it } from 'vitest'
import { minimalReport } from './fixtures/minimal-report'
import { componentsPerLanguage, domainScopesLabel, languageLabel, scopeLabel } from './report-summary'

describe('componentsPerLanguage', () => {
  it('counts components per language, largest first', () => {
    expect(componentsPerLanguage(minimalReport())).toEqual([
      { language: 'javascript', components: 2 },
      { language: 'java', components: 1 },
    ])
  })

  it('falls back to the stability reports', () => {
    const base = minimalReport()
    const report = minimalReport({
      security: { ...base.security, assessments: [] },
      stability: { ...base.stability, reports: [{ language: 'java', componentsCount: 4, versions: [] }] },
    })
    expect(componentsPerLanguage(report)).toEqual([{ language: 'java', components: 4 }])
  })

  it('takes the widest domain per language when security was narrowed to some scopes', () => {
    const base = minimalReport()
    const report = minimalReport({
      stability: {
        ...base.stability,
        reports: [{ language: 'javascript', componentsCount: 5, versions: [] }],
      },
    })
    expect(componentsPerLanguage(report)).toEqual([
      { language: 'javascript', components: 5 },
      { language: 'java', components: 1 },
    ])
  })
})

describe('labels', () => {
  it('names languages and scopes', () => {
    expect(languageLabel('javascript')).toBe('JavaScript')
    expect(languageLabel('JAVA')).toBe('Java')
    expect(languageLabel('rust')).toBe('Rust')
    expect(scopeLabel('prod')).toBe('Production')
    expect(scopeLabel('weird')).toBe('weird')
  })
})

describe('domainScopesLabel', () => {
  it('reads every scope as all dependencies, else lists the scopes', () => {
    expect(domainScopesLabel(['prod', 'dev', 'test', 'provided', 'optional'])).toBe('All dependencies')
    expect(domainScopesLabel(['prod'])).toBe('Production')
    expect(domainScopesLabel(['prod', 'provided'])).toBe('Production, Provided')
    expect(domainScopesLabel([])).toBe('None')
  })
})
