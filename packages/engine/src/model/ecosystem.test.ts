// Language keys ↔ ecosystems (report-page §1): the API's keys only, or also what a person types.
import { describe, expect, it } from 'vitest'
import { ecosystemOfLanguage, languageOfEcosystem } from './ecosystem'

describe('ecosystemOfLanguage', () => {
  it.each([
    ['nodejs', 'npm', 'npm'],
    ['Java', 'maven', 'maven'],
    ['python', 'pypi', 'pypi'],
    ['golang', 'golang', 'golang'],
    ['rust', 'cargo', 'cargo'],
    ['npm', null, 'npm'],
    ['maven', null, 'maven'],
    ['javascript', null, 'npm'],
    ['other', null, null],
    ['cobol', null, null],
  ] as const)('%s → %s (keys), %s (as typed)', (language, key, typed) => {
    expect(ecosystemOfLanguage(language)).toBe(key)
    expect(ecosystemOfLanguage(language, { asTyped: true })).toBe(typed)
  })

  it('is the inverse of languageOfEcosystem for every known ecosystem', () => {
    for (const e of ['npm', 'maven', 'pypi', 'golang', 'composer', 'nuget', 'gem', 'cargo'] as const)
      expect(ecosystemOfLanguage(languageOfEcosystem(e))).toBe(e)
  })
})
