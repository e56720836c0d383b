import type { LicencePolicyDto } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { bindingText, emptyPolicyForm, policyBody, policyFormErrors, policyFormOf } from './policy-form-model'

const stored: LicencePolicyDto = {
  id: 'p1',
  accountUuid: 'a',
  name: 'Only permissive',
  kind: 'ALLOW',
  licences: ['MIT', 'Apache-2.0'],
  customLicences: ['Acme-EULA'],
  projectPatterns: ['web-*'],
  tags: [],
  template: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
}

describe('licence policy form', () => {
  it('sends a template with its bindings, and a name only when typed', () => {
    const form = { ...emptyPolicyForm(), template: 'no-gpl' as const, projectPatterns: [' web-* ', 'web-*'] }
    expect(policyFormErrors(form)).toEqual({})
    expect(policyBody(form)).toEqual({ template: 'no-gpl', projectPatterns: ['web-*'], tags: [] })
    expect(policyBody({ ...form, name: 'Legal: no GPL', tags: ['shipped'] })).toMatchObject({
      name: 'Legal: no GPL',
      tags: ['shipped'],
    })
  })

  it('needs a name and a licence for a custom list', () => {
    const form = { ...emptyPolicyForm(), mode: 'custom' as const }
    expect(Object.keys(policyFormErrors(form))).toEqual(['name', 'licences'])
    expect(policyFormErrors({ ...form, name: 'x', customLicences: ['Acme-EULA'] })).toEqual({})
  })

  it('round-trips a stored policy', () => {
    const form = policyFormOf(stored)
    expect(form.mode).toBe('custom')
    expect(policyBody(form)).toEqual({
      name: 'Only permissive',
      kind: 'ALLOW',
      licences: ['MIT', 'Apache-2.0'],
      customLicences: ['Acme-EULA'],
      projectPatterns: ['web-*'],
      tags: [],
    })
    expect(policyFormOf({ ...stored, template: 'no-affero', licences: ['AGPL-3.0-only'] }).licences).toEqual(
      [],
    )
  })

  it('says which projects a policy binds', () => {
    expect(bindingText({ projectPatterns: [], tags: [] })).toBe('Every project of the account')
    expect(bindingText({ projectPatterns: ['web-*'], tags: ['shipped'] })).toBe(
      'projects named web-* or projects tagged shipped',
    )
  })
})
