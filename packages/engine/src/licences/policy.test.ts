import { describe, expect, it } from 'vitest'
import { applicableLicencePolicies, licencePolicyApplies, matchesProjectPattern } from './policy'
import { LICENCE_POLICY_TEMPLATES, licencePolicyFromTemplate } from './templates'

describe('policy applicability', () => {
  it.each([
    ['acme-*', 'acme-web', true],
    ['acme-*', 'ACME-API', true],
    ['acme-*', 'my-acme-web', false],
    ['*', 'anything', true],
    ['web?', 'web1', true],
    ['a.b', 'aXb', false],
    ['github.com/acme/*', 'github.com/acme/app', true],
  ])('pattern %s on %s → %s', (pattern, name, expected) => {
    expect(matchesProjectPattern(pattern, name)).toBe(expected)
  })

  it('binds by pattern or by tag; unbound policies apply everywhere', () => {
    const everywhere = licencePolicyFromTemplate('no-gpl')
    const byName = licencePolicyFromTemplate('no-affero', { projectPatterns: ['shop-*'] })
    const byTag = licencePolicyFromTemplate('no-copyleft', { tags: ['Distributed'] })
    const project = { name: 'shop-web', tags: ['internal'] }
    expect(applicableLicencePolicies([everywhere, byName, byTag], project).map((p) => p.name)).toEqual([
      'No GPL',
      'No Affero (AGPL)',
    ])
    expect(licencePolicyApplies(byTag, { name: 'x', tags: ['distributed'] })).toBe(true)
    expect(licencePolicyApplies(byTag, { name: 'x' })).toBe(false)
  })
})

describe('templates', () => {
  const ids = (key: string) => LICENCE_POLICY_TEMPLATES.find((t) => t.key === key)!.licences
  it('lists the families on the SPDX list', () => {
    expect(ids('no-gpl')).toEqual(
      expect.arrayContaining(['GPL-2.0-only', 'GPL-3.0-or-later', 'GPL-2.0', 'GPL-1.0+']),
    )
    expect(ids('no-gpl').some((id) => id.startsWith('LGPL') || id.startsWith('AGPL'))).toBe(false)
    expect(ids('no-affero').every((id) => id.startsWith('AGPL-'))).toBe(true)
    expect(ids('no-copyleft')).toEqual(
      expect.arrayContaining([
        'GPL-3.0-only',
        'AGPL-3.0-only',
        'LGPL-2.1-only',
        'MPL-2.0',
        'EPL-2.0',
        'CC-BY-SA-4.0',
      ]),
    )
    for (const permissive of [
      'MIT',
      'ISC',
      'Apache-2.0',
      'BSD-3-Clause',
      'CC-BY-4.0',
      'CC0-1.0',
      'Artistic-2.0',
      'CECILL-B',
    ]) {
      expect(ids('no-copyleft')).not.toContain(permissive)
    }
  })
})
