import { describe, expect, it } from 'vitest'
import { componentPagePath, decodeComponentName, encodeComponentName } from './component-path'

describe('component page path (§2)', () => {
  it('turns slashes and %2F into pipes and doubles literal pipes', () => {
    expect(encodeComponentName('@babel/core')).toBe('@babel|core')
    expect(encodeComponentName('a%2Fb')).toBe('a|b')
    expect(encodeComponentName('odd|name')).toBe('odd||name')
  })
  it('decodes back', () => {
    for (const name of ['@babel/core', 'odd|name', 'a/b|c/d', 'plain'])
      expect(decodeComponentName(encodeComponentName(name))).toBe(name)
  })
  it('builds the address with the report context', () => {
    expect(componentPagePath('nodejs', '@babel/core', '7.0.0', 'p1', 'main')).toBe(
      '/components/live/nodejs/%40babel%7Ccore/7.0.0?pid=p1&branch=main',
    )
  })
})
