// requiresSignIn: mode=eli and login=true need a sign-in; anything else is public.
import { describe, expect, it } from 'vitest'
import { requiresSignIn, safeNext, signInHref } from './sign-in-rules'

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

describe('signInHref', () => {
  it.each([
    [
      { pathname: '/projects/', search: '?pid=1&mode=eli' },
      '/account/sign-in?next=%2Fprojects%2F%3Fpid%3D1%26mode%3Deli',
    ],
    [{ pathname: '/projects.html', search: '' }, '/account/sign-in?next=%2Fprojects.html'],
    [{ pathname: '/', search: '' }, '/account/sign-in?next=%2Fdashboard'],
    [{ pathname: '/account/sign-in', search: '?next=%2Fx' }, '/account/sign-in'],
    [{ pathname: '/register', search: '' }, '/account/sign-in'],
  ])('%o → %s', (location, expected) => {
    expect(signInHref(location)).toBe(expected)
  })
  it('comes back to where it was asked from, through safeNext', () => {
    const href = signInHref({ pathname: '/dashboard', search: '?x=1' })
    const next = new URLSearchParams(href.split('?')[1]).get('next')
    expect(safeNext(next, '/account')).toBe('/dashboard?x=1')
  })
})
