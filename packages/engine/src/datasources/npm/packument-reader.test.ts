import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseNpmPackumentText, parseWholeNpmPackumentText } from './packument'
import { readPackumentFields } from './packument-reader'

/** What parseNpmPackumentText answered before the selective reader: JSON.parse, then the fields. */
const whole = parseWholeNpmPackumentText

const manifest = fc.record(
  {
    name: fc.string(),
    version: fc.oneof(fc.constantFrom('1.0.0', ' 2.0.0 ', ''), fc.jsonValue()),
    deprecated: fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.jsonValue()),
    license: fc.oneof(fc.constantFrom('MIT', '(MIT OR Apache-2.0)', ''), fc.jsonValue()),
    licenses: fc.oneof(fc.array(fc.record({ type: fc.string(), url: fc.string() })), fc.jsonValue()),
    dependencies: fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.jsonValue()),
    optionalDependencies: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.jsonValue())),
    peerDependencies: fc.dictionary(fc.string(), fc.string()),
    peerDependenciesMeta: fc.dictionary(
      fc.string(),
      fc.oneof(fc.record({ optional: fc.boolean() }), fc.jsonValue()),
    ),
    engines: fc.oneof(fc.record({ node: fc.string(), npm: fc.jsonValue() }), fc.jsonValue()),
    readme: fc.string({ unit: 'binary' }),
    dist: fc.jsonValue(),
  },
  { requiredKeys: [] },
)

const versionKey = fc.oneof(
  fc.constantFrom('1.0.0', '2.0.0-beta.1', ' 3.0.0', '', '__proto__', '1'),
  fc.string(),
)

const packument = fc.record(
  {
    name: fc.oneof(fc.constantFrom('left-pad', '@s/p', ''), fc.jsonValue()),
    _id: fc.oneof(fc.constant('left-pad'), fc.jsonValue()),
    error: fc.oneof(fc.constant('Not found'), fc.jsonValue()),
    'dist-tags': fc.oneof(
      fc.dictionary(fc.string(), fc.oneof(fc.constant('1.0.0'), fc.jsonValue())),
      fc.jsonValue(),
    ),
    time: fc.oneof(
      fc.dictionary(
        versionKey,
        fc.oneof(fc.constant('2024-09-05T00:40:51.026Z'), fc.string(), fc.jsonValue()),
      ),
      fc.jsonValue(),
    ),
    versions: fc.oneof(fc.dictionary(versionKey, fc.oneof(manifest, fc.jsonValue())), fc.jsonValue()),
    license: fc.jsonValue(),
    licenses: fc.jsonValue(),
    repository: fc.oneof(fc.record({ url: fc.string(), type: fc.string() }), fc.jsonValue()),
    modified: fc.oneof(fc.constant('2024-09-05T00:40:51.026Z'), fc.jsonValue()),
    readme: fc.string({ unit: 'binary' }),
    users: fc.jsonValue(),
  },
  { requiredKeys: [] },
)

const spaced = (value: unknown, indent: number) => JSON.stringify(value, null, indent)

describe('readPackumentFields', () => {
  it('answers what JSON.parse and parseNpmPackument answer, for any packument-shaped JSON', () => {
    fc.assert(
      fc.property(packument, fc.integer({ min: 0, max: 3 }), (doc, indent) => {
        const text = spaced(doc, indent)
        expect(parseNpmPackumentText(text, 'left-pad')).toEqual(whole(text, 'left-pad'))
      }),
      { numRuns: 300 },
    )
  })

  it('answers the same for any JSON value and for any truncation of a packument (invalid JSON)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value)
        expect(parseNpmPackumentText(text)).toEqual(whole(text))
      }),
      { numRuns: 300 },
    )
    fc.assert(
      fc.property(packument, fc.nat(), (doc, cut) => {
        const text = JSON.stringify(doc)
        const prefix = text.slice(0, cut % (text.length + 1))
        expect(parseNpmPackumentText(prefix, 'p')).toEqual(whole(prefix, 'p'))
      }),
      { numRuns: 300 },
    )
  })

  it('keeps only the fields the parser reads, a later duplicate key winning as in JSON.parse', () => {
    const text =
      '{"name":"a","readme":"x\\"y","versions":{"1.0.0":{"version":"1.0.0","dist":{"a":[1,{"b":null}]},' +
      '"license":"MIT","license":"ISC","scripts":{}},"2.0.0":null},"time":{"1.0.0":"2020-01-01T00:00:00Z"}}'
    expect(readPackumentFields(text)).toEqual({
      name: 'a',
      versions: { '1.0.0': { version: '1.0.0', license: 'ISC' }, '2.0.0': null },
      time: { '1.0.0': '2020-01-01T00:00:00Z' },
    })
  })

  it('refuses text JSON.parse refuses, in skipped parts too', () => {
    for (const text of [
      '{"name":"a","readme":"tab\there"}',
      '{"name":"a","readme":"bad \\x escape"}',
      '{"name":"a","users":{"x":tru}}',
      '{"name":"a","users":[1,]}',
      '{"name":"a","users":01}',
      '{"name":"a"} x',
      '{"name":"a","users":{"x" 1}}',
      '{"name":"a","versions":{"1.0.0":{"readme":"unterminated}}}',
    ]) {
      expect(() => JSON.parse(text)).toThrow()
      expect(readPackumentFields(text)).toBeUndefined()
      expect(parseNpmPackumentText(text).warnings[0]).toMatch(/^packument is not valid JSON/)
    }
  })

  it('reads the UTF-8 bytes as received as it reads the text, multi-byte characters and a BOM included', () => {
    const text =
      '{"name":"é-pad","readme":"日本語 \\u00e9","versions":{"1.0.0":{"version":"1.0.0","license":"MIT ©",' +
      '"dépendances":{"ü":"1"},"dependencies":{"ü":"^1 – 2"}}},"time":{"1.0.0":"2020-01-01T00:00:00Z"}}'
    const bytes = new TextEncoder().encode(text)
    expect(readPackumentFields(bytes)).toEqual(readPackumentFields(text))
    expect(parseNpmPackumentText(bytes, 'é-pad')).toEqual(whole(text, 'é-pad'))
    expect(parseNpmPackumentText(bytes).metadata?.versions[0]?.install?.dependencies).toEqual({ ü: '^1 – 2' })
    // Buffer.toString keeps a byte-order mark, which JSON.parse refuses: so do the bytes.
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes])
    expect(parseNpmPackumentText(marked)).toEqual(whole(`\ufeff${text}`))
    expect(parseNpmPackumentText(marked).metadata).toBeNull()
  })

  it('skips deeply nested values without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    expect(readPackumentFields(`{"name":"a","users":${deep}}`)).toEqual({ name: 'a' })
  })
})
