import { describe, expect, it } from 'vitest'
import { normaliseLicence } from './normalise'

describe('normaliseLicence', () => {
  it.each([
    // [declared, SPDX text, status, guessed]
    ['MIT', 'MIT', 'declared', false],
    ['(MIT OR Apache-2.0)', 'MIT OR Apache-2.0', 'declared', false],
    ['MIT OR (Apache-2.0 AND BSD-3-Clause)', 'MIT OR (Apache-2.0 AND BSD-3-Clause)', 'declared', false],
    [
      '(MIT AND (LGPL-2.1+ AND BSD-3-Clause))',
      'MIT AND LGPL-2.1-or-later AND BSD-3-Clause',
      'declared',
      false,
    ],
    ['GPL-2.0', 'GPL-2.0-only', 'declared', false],
    ['GPL-3.0+', 'GPL-3.0-or-later', 'declared', false],
    ['LGPL-3.0+', 'LGPL-3.0-or-later', 'declared', false],
    ['Apache-2.0+', 'Apache-2.0+', 'declared', false],
    ['GPL-2.0-with-classpath-exception', 'GPL-2.0-only WITH Classpath-exception-2.0', 'declared', false],
    [
      'GPL-2.0-only WITH Classpath-exception-2.0',
      'GPL-2.0-only WITH Classpath-exception-2.0',
      'declared',
      false,
    ],
    ['mit', 'MIT', 'declared', false],
    ['Apache 2.0', 'Apache-2.0', 'declared', true],
    ['Apache License, Version 2.0', 'Apache-2.0', 'declared', true],
    ['MIT/X11', 'MIT', 'declared', true],
    ['GPLv3', 'GPL-3.0-only', 'declared', true],
    ['LGPL 3', 'LGPL-3.0-only', 'declared', true],
    ['Apache 2.0 or MIT', 'Apache-2.0 OR MIT', 'declared', true],
    ['"MIT"', 'MIT', 'declared', false],
    ['LicenseRef-acme', 'LicenseRef-acme', 'declared', false],
    ['UNLICENSED', 'UNLICENSED', 'declared', false],
    ['SEE LICENSE IN LICENSE.md', 'SEE LICENSE IN LICENSE.md', 'unrecognised', false],
    ['Public domain', 'Public domain', 'unrecognised', false],
    ['MIT OR Totally Custom', 'MIT OR Totally Custom', 'declared', false],
    ['MPL 1.1/LGPL 2.1/GPL 2.0', 'MPL-1.1 OR LGPL-2.1-only OR GPL-2.0-only', 'declared', true],
    ['New-BSD, MIT', 'BSD-3-Clause OR MIT', 'declared', true],
    ['MIT / http://rem.mit-license.org', 'MIT', 'declared', true],
    ['MIT +no-false-attribs', 'MITNFA', 'declared', true],
    [
      "Standard 'no charge' license: https://gsap.com/standard-license. Club GSAP members get more.",
      "Standard 'no charge' license: https://gsap.com/standard-license. Club GSAP members get more.",
      'unrecognised',
      false,
    ],
    [
      'Free to use and modify, or ask us: see https://example.com/terms for the details of it',
      'Free to use and modify, or ask us: see https://example.com/terms for the details of it',
      'unrecognised',
      false,
    ],
  ])('%j → %s (%s)', (declared, text, status, guessed) => {
    const n = normaliseLicence(declared)
    expect(n.text).toBe(text)
    expect(n.status).toBe(status)
    expect(n.guessed).toBe(guessed)
  })

  it('never reads npm UNLICENSED as the Unlicense', () => {
    expect(normaliseLicence('UNLICENSED').text).toBe('UNLICENSED')
    expect(normaliseLicence('Unlicense').text).toBe('Unlicense')
  })

  it('reads a lone "+" as an unrecognised text (spdx-correct throws on it; found by the property test)', () => {
    expect(normaliseLicence('+')).toMatchObject({ text: '+', status: 'unrecognised' })
    expect(normaliseLicence(' + ').text).toBe('+')
  })

  it.each([[undefined], [null], [''], ['  '], ['NONE'], ['NOASSERTION'], ['UNKNOWN'], [[]], [{}], [42]])(
    '%j is undeclared with the spec warning',
    (declared) => {
      const n = normaliseLicence(declared)
      expect(n).toMatchObject({ status: 'undeclared', expression: null, text: null })
      expect(n.warnings).toEqual(['No valid license found!'])
    },
  )

  it.each([
    [{ type: 'MIT', url: 'http://www.opensource.org/licenses/mit-license.php' }, 'MIT'],
    [[{ type: 'MIT' }, { type: 'GPL-2.0' }], 'MIT OR GPL-2.0-only'],
    [['BSD-3-Clause', 'MIT', 'Apache2'], 'BSD-3-Clause OR MIT OR Apache-2.0'],
    [{ url: 'http://opensource.org/licenses/BSD-3-Clause' }, 'BSD-3-Clause'],
    [{ type: 'Custom thing', url: 'https://opensource.org/licenses/ISC.html' }, 'ISC'],
    [[{ type: 'MIT' }, { type: 'MIT' }], 'MIT'],
    [{ license: { id: 'Apache-2.0' } }, 'Apache-2.0'],
    [{ expression: 'MIT AND ISC' }, 'MIT AND ISC'],
  ])('legacy shape %j → %s', (declared, text) => {
    expect(normaliseLicence(declared).text).toBe(text)
  })

  it('keeps unknown licences with a warning and says when nothing valid was found', () => {
    expect(normaliseLicence('Public domain').warnings).toEqual([
      'No valid license found!',
      'License not recognised: "Public domain"',
    ])
    expect(normaliseLicence('MIT OR Totally Custom').warnings).toEqual([
      'License not recognised: "Totally Custom"',
    ])
    expect(normaliseLicence('SEE LICENSE IN LICENSE').warnings).toContain(
      'License described in a file: "SEE LICENSE IN LICENSE"',
    )
  })

  it('matches account-defined proprietary ids before anything else', () => {
    const n = normaliseLicence('acme-proprietary OR MIT', { customLicences: [{ id: 'ACME-Proprietary' }] })
    expect(n.text).toBe('ACME-Proprietary OR MIT')
    expect(n.expression).toMatchObject({ kind: 'or', terms: [{ custom: true }, { custom: false }] })
  })
})
