// reportHref: pid and optional branch, encoded; the member view adds mode=eli.
import { describe, expect, it } from 'vitest'
import { reportHref } from './links'

describe('reportHref', () => {
  it('links the report page with pid and branch', () => {
    expect(reportHref('p 1', 'feature/x')).toBe('/projects/?pid=p+1&branch=feature%2Fx')
    expect(reportHref('p1')).toBe('/projects/?pid=p1')
    expect(reportHref('p1', null)).toBe('/projects/?pid=p1')
  })
  it('opens the member view (mode=eli) for signed-in members only when asked', () => {
    expect(reportHref('p1', 'main', { member: true })).toBe('/projects/?pid=p1&branch=main&mode=eli')
    expect(reportHref('p1', 'main', { member: false })).toBe('/projects/?pid=p1&branch=main')
  })
})
