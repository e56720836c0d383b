import { describe, expect, it } from 'vitest'
import { assessLicence } from './assess'
import { canonicalSpdxId, describeLicence, searchLicences, UNDECLARED_LICENCE } from './catalogue'
import { licenceLeaves } from './expression'
import { normaliseLicence } from './normalise'
import { licencePolicyFromTemplate } from './templates'

const refs = (declared: unknown) =>
  licenceLeaves(normaliseLicence(declared).expression!).map((l) => describeLicence(l))

describe('licence catalogue', () => {
  it('describes SPDX licences with name and uri from the SPDX list', () => {
    expect(refs('MIT')).toEqual([
      {
        id: 'MIT',
        name: 'MIT License',
        uri: expect.stringMatching(/^https?:\/\//),
        wildcard: false,
        proprietary: false,
      },
    ])
    expect(refs('GPL-2.0+')[0]).toMatchObject({
      id: 'GPL-2.0-or-later',
      name: 'GNU General Public License v2.0 or later',
    })
    expect(refs('Apache-2.0+')[0]).toMatchObject({ id: 'Apache-2.0+', name: 'Apache License 2.0 or later' })
    expect(refs('SEE LICENSE IN https://example.com/eula')[0]).toEqual({
      id: 'SEE LICENSE IN https://example.com/eula',
      name: 'SEE LICENSE IN https://example.com/eula',
      uri: 'https://example.com/eula',
      wildcard: false,
      proprietary: true,
    })
    expect(refs('Acme Internal Terms')[0]).toEqual({
      id: 'Acme Internal Terms',
      name: 'Acme Internal Terms',
      uri: null,
      wildcard: false,
      proprietary: false,
    })
  })

  it.each([
    // declared, account custom ids, expected [wildcard, proprietary] per leaf
    ['MIT', [], [[false, false]]],
    ['Apache-2.0+', [], [[true, false]]],
    ['GPL-2.0+', [], [[true, false]]],
    ['GPL-3.0-or-later', [], [[true, false]]],
    ['LGPL-2.1', [], [[false, false]]],
    ['GPL-2.0-only WITH Classpath-exception-2.0', [], [[false, false]]],
    ['LicenseRef-Acme-EULA', [], [[false, true]]],
    ['UNLICENSED', [], [[false, true]]],
    ['SEE LICENSE IN LICENSE.md', [], [[false, true]]],
    ['Acme-Proprietary', ['Acme-Proprietary'], [[false, true]]],
    [
      'MIT OR GPL-2.0+',
      [],
      [
        [false, false],
        [true, false],
      ],
    ],
    ['Some words nobody reads', [], [[false, false]]],
  ] as const)('flags %s: wildcard = "or later", proprietary = own terms', (declared, custom, flags) => {
    const customLicences = custom.map((id) => ({ id }))
    const leaves = licenceLeaves(normaliseLicence(declared, { customLicences }).expression!)
    expect(leaves.map((l) => describeLicence(l, customLicences))).toEqual(
      flags.map(([wildcard, proprietary]) => expect.objectContaining({ wildcard, proprietary })),
    )
  })

  it('gives the undeclared licence neither flag', () => {
    expect(UNDECLARED_LICENCE).toMatchObject({ wildcard: false, proprietary: false })
  })

  it('canonicalises ids and searches the list (2+ characters)', () => {
    expect(canonicalSpdxId('apache-2.0')).toBe('Apache-2.0')
    expect(canonicalSpdxId('nope')).toBeNull()
    expect(searchLicences('G')).toEqual([])
    expect(searchLicences('mit')[0]).toEqual({ id: 'MIT', name: 'MIT License' })
    expect(searchLicences('GPL', 500).map((l) => l.id)).toContain('LGPL-2.1-only')
    expect(searchLicences('affero').length).toBeGreaterThan(0)
  })
})

describe('assessLicence', () => {
  it('shows the undeclared licence with the spec warning', () => {
    expect(assessLicence(undefined, [])).toMatchObject({
      licences: [UNDECLARED_LICENCE],
      warnings: ['No valid license found!'],
      violations: [],
      undeclared: true,
      forbidden: false,
    })
  })

  it('lists every licence of the expression and the violations', () => {
    const a = assessLicence('MIT AND GPL-3.0-only', [licencePolicyFromTemplate('no-gpl')])
    expect(a.licences.map((l) => l.id)).toEqual(['MIT', 'GPL-3.0-only'])
    expect(a.violations).toEqual([{ policyName: 'No GPL', licence: 'GPL-3.0-only' }])
    expect(a).toMatchObject({ undeclared: false, forbidden: true })
  })

  it('counts a wholly unrecognised licence as undeclared, but keeps its text', () => {
    const a = assessLicence('Public Domain', [])
    expect(a.licences).toEqual([
      { id: 'Public Domain', name: 'Public Domain', uri: null, wildcard: false, proprietary: false },
    ])
    expect(a.undeclared).toBe(true)
    expect(a.warnings[0]).toBe('No valid license found!')
  })
})
