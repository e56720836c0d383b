// reportHref: pid and optional branch, encoded.
import { describe, expect, it } from 'vitest'
import { reportHref } from './links'

describe('reportHref', () => {
  it('links the report page with pid and branch', () => {
    expect(reportHref('p 1', 'feature/x')).toBe('/projects/?pid=p+1&branch=feature%2Fx')
    expect(reportHref('p1')).toBe('/projects/?pid=p1')
    expect(reportHref('p1', null)).toBe('/projects/?pid=p1')
  })
})
