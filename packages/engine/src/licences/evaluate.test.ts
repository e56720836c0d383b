import { describe, expect, it } from 'vitest'
import { evaluateLicencePolicies } from './evaluate'
import { normaliseLicence } from './normalise'
import type { LicencePolicy } from './policy'
import { licencePolicyFromTemplate } from './templates'

const noCopyleft = licencePolicyFromTemplate('no-copyleft')
const noGpl = licencePolicyFromTemplate('no-gpl')
const noAffero = licencePolicyFromTemplate('no-affero')
const allowPermissive: LicencePolicy = {
  name: 'Permissive only',
  kind: 'ALLOW',
  licences: ['MIT', 'ISC', 'Apache-2.0', 'BSD-3-Clause'],
}
const denyAcme: LicencePolicy = {
  name: 'No ACME',
  kind: 'DENY',
  licences: ['ACME-Proprietary', 'UNLICENSED'],
}

function violations(declared: string, policies: LicencePolicy[]): string[] {
  const n = normaliseLicence(declared, { customLicences: [{ id: 'ACME-Proprietary' }] })
  return evaluateLicencePolicies(n, policies).violations.map((v) => `${v.policyName}: ${v.licence}`)
}

describe('evaluateLicencePolicies (issue 5 acceptance 3)', () => {
  it.each([
    // [declared, policy, expected violations]
    ['MIT', noCopyleft, []],
    ['GPL-3.0-only', noCopyleft, ['No copyleft: GPL-3.0-only']],
    ['MIT OR GPL-3.0-only', noCopyleft, []],
    ['MIT AND GPL-3.0-only', noCopyleft, ['No copyleft: GPL-3.0-only']],
    ['GPL-2.0-only OR GPL-3.0-only', noCopyleft, ['No copyleft: GPL-2.0-only', 'No copyleft: GPL-3.0-only']],
    ['LGPL-2.1-only', noCopyleft, ['No copyleft: LGPL-2.1-only']],
    ['MPL-2.0', noCopyleft, ['No copyleft: MPL-2.0']],
    ['Apache-2.0 AND MIT', noCopyleft, []],
    // "no GPL" is the GPL family: LGPL and AGPL are other licences
    ['LGPL-2.1-only', noGpl, []],
    ['LGPL-3.0-or-later', noGpl, []],
    ['GPL-2.0', noGpl, ['No GPL: GPL-2.0-only']],
    ['GPL-2.0+', noGpl, ['No GPL: GPL-2.0-or-later']],
    [
      'GPL-2.0-only WITH Classpath-exception-2.0',
      noGpl,
      ['No GPL: GPL-2.0-only WITH Classpath-exception-2.0'],
    ],
    ['AGPL-3.0-only', noGpl, []],
    ['AGPL-3.0-only', noAffero, ['No Affero (AGPL): AGPL-3.0-only']],
    ['AGPL-3.0', noAffero, ['No Affero (AGPL): AGPL-3.0-only']],
    ['GPL-3.0-only', noAffero, []],
    ['MIT OR AGPL-3.0-or-later', noAffero, []],
    // ALLOW: only the listed licences are permitted
    ['MIT', allowPermissive, []],
    ['mit', allowPermissive, []],
    ['BSD-2-Clause', allowPermissive, ['Permissive only: BSD-2-Clause']],
    ['MIT OR GPL-3.0-only', allowPermissive, []],
    ['MIT AND GPL-3.0-only', allowPermissive, ['Permissive only: GPL-3.0-only']],
    ['(MIT AND ISC) OR GPL-3.0-only', allowPermissive, []],
    ['Apache-2.0+', allowPermissive, []],
    // custom proprietary ids and npm UNLICENSED
    ['ACME-Proprietary', denyAcme, ['No ACME: ACME-Proprietary']],
    ['UNLICENSED', denyAcme, ['No ACME: UNLICENSED']],
    ['UNLICENSED', allowPermissive, ['Permissive only: UNLICENSED']],
  ])('%s under %o', (declared, policy, expected) => {
    expect(violations(declared, [policy])).toEqual(expected)
  })

  it('combines all applicable policies', () => {
    expect(violations('GPL-3.0-only AND AGPL-3.0-only', [noGpl, noAffero, allowPermissive])).toEqual([
      'No GPL: GPL-3.0-only',
      'No Affero (AGPL): AGPL-3.0-only',
      'Permissive only: GPL-3.0-only',
      'Permissive only: AGPL-3.0-only',
    ])
  })

  it('turns an unknown licence into a warning, never a violation', () => {
    for (const policy of [noCopyleft, allowPermissive]) {
      const r = evaluateLicencePolicies(normaliseLicence('Some Custom Licence'), [policy])
      expect(r.violations).toEqual([])
      expect(r.warnings).toEqual([
        `License "Some Custom Licence" could not be checked against policy "${policy.name}"`,
      ])
    }
  })

  it('lets a known branch decide over an unknown one', () => {
    expect(evaluateLicencePolicies(normaliseLicence('MIT OR Custom'), [noCopyleft])).toEqual({
      violations: [],
      warnings: [],
    })
    expect(
      evaluateLicencePolicies(normaliseLicence('GPL-3.0-only AND Custom'), [noCopyleft]).violations,
    ).toHaveLength(1)
    expect(evaluateLicencePolicies(normaliseLicence('GPL-3.0-only OR Custom'), [noCopyleft])).toEqual({
      violations: [],
      warnings: ['License "Custom" could not be checked against policy "No copyleft"'],
    })
  })

  it('says nothing about an undeclared licence (normalisation warns)', () => {
    expect(evaluateLicencePolicies(normaliseLicence(undefined), [allowPermissive])).toEqual({
      violations: [],
      warnings: [],
    })
  })
})
