// requiresSignIn: mode=eli and login=true need a sign-in; anything else is public.
import { describe, expect, it } from 'vitest'
import { requiresSignIn, safeNext } from './sign-in-rules'

describe('requiresSignIn', () => {
  it.each([
    ['pid=1&mode=eli', true],
    ['pid=1&login=true', true],
    ['pid=1&login=false', false],
    ['pid=1&mode=public', false],
    ['pid=1', false],
  ])('%s → %s', (search, expected) => {
    expect(requiresSignIn(new URLSearchParams(search))).toBe(expected)
  })
})

describe('safeNext', () => {
  it.each([
    ['/projects/?pid=1', '/projects/?pid=1'],
    ['//evil.example/x', '/account'],
    ['https://evil.example/', '/account'],
    [null, '/account'],
  ])('%s → %s', (next, expected) => {
    expect(safeNext(next, '/account')).toBe(expected)
  })
})
