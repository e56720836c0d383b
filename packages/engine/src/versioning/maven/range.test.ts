import { describe, expect, it } from 'vitest'
import { bestMavenMatch, mavenRangeContains, parseMavenRange } from './range'

describe('Maven version ranges', () => {
  it.each([
    ['[1.0,2.0)', '1.0', true],
    ['[1.0,2.0)', '2.0', false],
    ['[1.0,2.0)', '2.0-SNAPSHOT', true],
    ['(,1.5]', '1.5', true],
    ['(,1.5]', '1.5.1', false],
    ['[1.2]', '1.2.0', true],
    ['[1.2]', '1.2.1', false],
    ['(,1.0],[1.2,)', '1.1', false],
    ['(,1.0],[1.2,)', '1.3', true],
    ['[1.5,)', '99', true],
    ['1.0', '7', true],
  ])('%s contains %s: %s', (spec, version, expected) => {
    const range = parseMavenRange(spec)
    expect(range).not.toBeNull()
    if (range) expect(mavenRangeContains(range, version)).toBe(expected)
  })

  it.each(['', '[1.0', '(1.0)', '[2.0,1.0]', '[1.0,2.0),[1.5,3.0)', '[1.0,2.0,3.0]', '(1.0,1.0)'])(
    'rejects %j',
    (spec) => {
      expect(parseMavenRange(spec)).toBeNull()
    },
  )

  it('picks the highest matching version', () => {
    const versions = ['1.0', '1.1', '1.2-SNAPSHOT', '1.5', '2.0']
    expect(
      bestMavenMatch(parseMavenRange('[1.0,2.0)') ?? { recommended: null, restrictions: [] }, versions),
    ).toBe('1.5')
    expect(
      bestMavenMatch(parseMavenRange('[3.0,)') ?? { recommended: null, restrictions: [] }, versions),
    ).toBeNull()
    expect(bestMavenMatch(parseMavenRange('1.1') ?? { recommended: null, restrictions: [] }, versions)).toBe(
      '1.1',
    )
  })
})
