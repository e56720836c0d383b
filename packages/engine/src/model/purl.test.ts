import { describe, expect, it } from 'vitest'
import { makePurl, parsePurl } from './purl'

describe('purl', () => {
  it.each([
    ['npm', '@babel/core', '7.1.0', 'pkg:npm/%40babel/core@7.1.0'],
    ['npm', 'lodash', '4.17.21', 'pkg:npm/lodash@4.17.21'],
    [
      'maven',
      'org.apache.commons:commons-lang3',
      '3.12.0',
      'pkg:maven/org.apache.commons/commons-lang3@3.12.0',
    ],
  ])('builds %s %s@%s', (type, name, version, expected) => {
    expect(makePurl(type, name, version)).toBe(expected)
  })

  it('round-trips names in the ecosystem-native form', () => {
    expect(parsePurl('pkg:npm/%40babel/core@7.1.0')).toMatchObject({
      type: 'npm',
      name: '@babel/core',
      version: '7.1.0',
    })
    expect(parsePurl('pkg:maven/org.slf4j/slf4j-api@2.0.9?type=jar')).toMatchObject({
      name: 'org.slf4j:slf4j-api',
      qualifiers: { type: 'jar' },
    })
  })

  it('answers null for text that is not a purl', () => {
    expect(parsePurl('not a purl')).toBeNull()
  })
})
