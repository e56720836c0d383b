import { describe, expect, it } from 'vitest'
import { isPlaceholderVersion } from './placeholder'

describe('isPlaceholderVersion', () => {
  it.each(['debian', '2.x', '1.X', '1.*', 'x', '*', 'latest', 'RELEASE', '', '3.x.1'])(
    '%s is a placeholder',
    (v) => {
      expect(isPlaceholderVersion(v)).toBe(true)
    },
  )
  it.each(['1.0.0', '2.0.0-beta.1', 'r09', '1.0-SNAPSHOT', '4.1.100.Final', 'v1.2.3', '1.0.x1', '0'])(
    '%s is a version',
    (v) => {
      expect(isPlaceholderVersion(v)).toBe(false)
    },
  )
})
