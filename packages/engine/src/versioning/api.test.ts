import { describe, expect, it } from 'vitest'
import { getVersionScheme, listVersionSchemes } from './api'

describe('version scheme registry', () => {
  it('lists npm', () => {
    expect(getVersionScheme('npm')?.id).toBe('npm')
  })

  it('answers null for an ecosystem without a scheme', () => {
    expect(getVersionScheme('other')).toBeNull()
  })

  it.each(listVersionSchemes().map((s) => [s.ecosystem, s.scheme] as const))(
    '%s: id is the registry key and the members behave',
    (ecosystem, scheme) => {
      expect(scheme.id).toBe(ecosystem)
      expect(scheme.isValid('1.2.3')).toBe(true)
      expect(scheme.compare('1.2.3', '1.10.0')).toBeLessThan(0)
      expect(scheme.compare('1.10.0', '1.2.3')).toBeGreaterThan(0)
      expect(scheme.compare('1.2.3', '1.2.3')).toBe(0)
      expect(scheme.parts('1.2.3')).toEqual({ major: 1, minor: 2, patch: 3 })
      expect(scheme.isPrerelease('1.2.3')).toBe(false)
    },
  )
})
