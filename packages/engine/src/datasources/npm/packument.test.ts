import { describe, expect, it } from 'vitest'
import { flattenNpmLicence } from './licence-shapes'
import { parseNpmPackument, parseNpmPackumentText, withoutInstall } from './packument'

const full = {
  _id: 'left-pad',
  name: 'left-pad',
  'dist-tags': { latest: '1.3.0' },
  time: {
    created: '2014-03-14T00:00:00.000Z',
    modified: '2024-09-05T00:40:51.026000+00:00',
    '1.3.0': '2024-09-05T00:40:51.026000+00:00',
    '0.0.1': '2026-09-02T10:00:00+00:00',
  },
  license: 'WTFPL',
  repository: { type: 'git', url: 'git@github.com:stevemao/left-pad.git' },
  versions: {
    '1.3.0': {
      name: 'left-pad',
      version: '1.3.0',
      license: 'WTFPL',
      deprecated: 'use String.prototype.padStart()',
    },
    '0.0.1': { name: 'left-pad', version: '0.0.1', licenses: [{ type: 'MIT', url: 'http://x/MIT' }] },
  },
}

describe('parseNpmPackument', () => {
  it('reads the full public document', () => {
    const { metadata, warnings } = parseNpmPackument(full)
    expect(warnings).toEqual([])
    expect(metadata).toEqual({
      name: 'left-pad',
      distTags: { latest: '1.3.0' },
      licences: ['WTFPL'],
      repository: { url: 'git@github.com:stevemao/left-pad.git', type: 'git', directory: null },
      modifiedAt: '2024-09-05T00:40:51.026Z',
      versions: [
        {
          version: '1.3.0',
          publishedAt: '2024-09-05T00:40:51.026Z',
          deprecated: 'use String.prototype.padStart()',
          licences: ['WTFPL'],
        },
        { version: '0.0.1', publishedAt: '2026-09-02T10:00:00.000Z', deprecated: null, licences: ['MIT'] },
      ],
    })
  })

  it('reads the abbreviated (install) form: no time, no top-level licence or repository', () => {
    const { metadata, warnings } = parseNpmPackument({
      name: 'tiny',
      modified: '2024-01-02T03:04:05.000Z',
      'dist-tags': { latest: '2.0.0' },
      versions: {
        '1.0.0': { name: 'tiny', version: '1.0.0', deprecated: 'old' },
        '2.0.0': { name: 'tiny', version: '2.0.0', license: 'ISC' },
      },
    })
    expect(warnings).toEqual([])
    expect(metadata).toMatchObject({
      licences: ['ISC'],
      repository: null,
      modifiedAt: '2024-01-02T03:04:05.000Z',
      versions: [
        { version: '1.0.0', publishedAt: null, deprecated: 'old', licences: [] },
        { version: '2.0.0', publishedAt: null, deprecated: null, licences: ['ISC'] },
      ],
    })
  })

  it.each([
    [{ license: 'MIT' }, ['MIT']],
    [{ license: '(MIT OR Apache-2.0)' }, ['(MIT OR Apache-2.0)']],
    [{ license: { type: 'MIT', url: 'http://x' } }, ['MIT']],
    [{ license: ['BSD', 'MIT', 'Apache2'] }, ['BSD', 'MIT', 'Apache2']],
    [{ licenses: [{ type: 'MIT' }, { type: 'GPL', url: 'http://mths.be/gpl' }] }, ['MIT', 'GPL']],
    [{ licenses: { type: 'BSD' } }, ['BSD']],
    [{ licenses: 'MIT' }, ['MIT']],
    [{ license: '', licenses: [{ type: 'ISC' }] }, ['ISC']],
    [{ license: 'MIT', licenses: [{ type: 'ISC' }] }, ['MIT']],
    [
      { license: { url: 'https://opensource.org/licenses/BSD-3-Clause' } },
      ['https://opensource.org/licenses/BSD-3-Clause'],
    ],
    // The URL names the exact licence where the legacy type does not (source-map@0.1.34).
    [{ licenses: [{ type: 'BSD', url: 'http://opensource.org/licenses/BSD-3-Clause' }] }, ['BSD-3-Clause']],
    [{}, []],
  ])('per-version licence %j → %j', (manifest, licences) => {
    const { metadata } = parseNpmPackument({ name: 'p', versions: { '1.0.0': manifest } })
    expect(metadata?.versions[0]?.licences).toEqual(licences)
  })

  it('shares one licence list and one install manifest between consecutive equal versions', () => {
    const deps = { dependencies: { a: '^1.0.0' }, engines: { node: '>=18' }, license: 'MIT' }
    const { metadata } = parseNpmPackument({
      name: 'p',
      versions: {
        '1.0.0': { ...deps },
        '1.0.1': { ...deps, dependencies: { a: '^1.0.0' } },
        '2.0.0': { ...deps, dependencies: { a: '^2.0.0' } },
      },
    })
    const [v1, v2, v3] = metadata?.versions ?? []
    expect(v2?.install).toBe(v1?.install)
    expect(v2?.licences).toBe(v1?.licences)
    expect(v3?.install).not.toBe(v2?.install)
    expect(v3?.install).toEqual({ dependencies: { a: '^2.0.0' }, engines: { node: '>=18' } })
    expect(v3?.licences).toBe(v1?.licences)
  })

  it('drops broken fields with warnings and keeps the rest', () => {
    const { metadata, warnings } = parseNpmPackument({
      name: 'broken',
      'dist-tags': { latest: '1.0.0', next: 42 },
      time: { '1.0.0': 'yesterday', '1.0.1': '2024-01-01T00:00:00Z', unpublished: { time: 'x' } },
      repository: { type: 'git' },
      license: 7,
      versions: {
        '1.0.0': { version: '1.0.0', license: [{ type: 'MIT' }, 5], deprecated: 3 },
        '1.0.1': 'garbage',
        '1.0.2': { version: '1.0.3', deprecated: false },
      },
    })
    expect(metadata).toMatchObject({
      distTags: { latest: '1.0.0' },
      repository: null,
      licences: ['MIT'],
      versions: [
        { version: '1.0.0', publishedAt: null, deprecated: null, licences: ['MIT'] },
        { version: '1.0.1', publishedAt: '2024-01-01T00:00:00.000Z', deprecated: null, licences: [] },
        { version: '1.0.2', deprecated: null },
      ],
    })
    expect(warnings).toEqual([
      'broken: dist-tags.next: not a version string, dropped',
      'broken: time["1.0.0"]: unreadable date "yesterday", dropped',
      'broken: versions["1.0.0"].deprecated: unsupported value (number), dropped',
      'broken: versions["1.0.0"].license: 1 unsupported value(s) dropped',
      'broken: versions["1.0.1"]: not an object; kept without details',
      'broken: versions["1.0.2"].version: "1.0.3" differs from its key; the key is used',
      'broken: top level.license: 1 unsupported value(s) dropped',
      'broken: repository: no usable url, dropped',
    ])
  })

  it.each([
    ['not an object', [1, 2], 'x: not a JSON object'],
    ['a registry error', { error: 'Not found' }, 'x: registry answered an error: Not found'],
  ])('answers null for %s', (_, doc, warning) => {
    expect(parseNpmPackument(doc, 'x')).toEqual({ metadata: null, warnings: [warning] })
  })

  it('falls back to _id and the expected name, and says when they disagree', () => {
    expect(parseNpmPackument({ _id: '@s/p', versions: {} }).metadata?.name).toBe('@s/p')
    expect(parseNpmPackument({ versions: {} }, '@s/q').metadata?.name).toBe('@s/q')
    expect(parseNpmPackument({ versions: {} }).metadata).toBeNull()
    expect(parseNpmPackument({ name: 'a', versions: {} }, 'b').warnings).toEqual([
      'a: name: expected "b", got "a"',
    ])
  })

  it('parses text, with invalid JSON as a warning', () => {
    expect(parseNpmPackumentText('{"name":"a","versions":{}}').metadata?.name).toBe('a')
    expect(parseNpmPackumentText('{nope', 'a').warnings[0]).toMatch(/^a: packument is not valid JSON/)
  })

  it('flattens licence shapes without throwing on anything', () => {
    expect(flattenNpmLicence([['nested']])).toEqual({ licences: [], dropped: 1 })
    expect(flattenNpmLicence(true)).toEqual({ licences: [], dropped: 1 })
    expect(flattenNpmLicence('  ')).toEqual({ licences: [], dropped: 0 })
  })
})

describe('withoutInstall', () => {
  const text = JSON.stringify({
    name: 'p',
    'dist-tags': { latest: '2.0.0' },
    time: { '1.0.0': '2020-01-01T00:00:00.000Z', '2.0.0': '2021-01-01T00:00:00.000Z' },
    versions: {
      '1.0.0': { version: '1.0.0', license: 'MIT', dependencies: { a: '^1' }, engines: { node: '>=8' } },
      '2.0.0': { version: '2.0.0', license: 'MIT', deprecated: 'old' },
    },
  })

  it('answers every field but the install requirements, without changing its argument', () => {
    const full = parseNpmPackumentText(text).metadata!
    const before = JSON.stringify(full)
    const compact = withoutInstall(full)
    expect(JSON.stringify(full)).toBe(before)
    expect(full.versions[0]?.install).toEqual({ dependencies: { a: '^1' }, engines: { node: '>=8' } })
    const { versions, ...rest } = full
    expect(compact).toEqual({ ...rest, versions: versions.map(({ install: _, ...v }) => v) })
    expect(compact.versions.some((v) => 'install' in v)).toBe(false)
  })

  it('answers metadata without install requirements as it is', () => {
    const compact = withoutInstall(parseNpmPackumentText(text).metadata!)
    expect(withoutInstall(compact)).toBe(compact)
  })
})
