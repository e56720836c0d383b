// buildPath / buildQuery: ':param' substitution with encoding, and empty query values dropped.
import { describe, expect, it } from 'vitest'
import { buildPath, buildQuery } from './url'

describe('buildPath', () => {
  it.each([
    ['/api/v1/projects/:projectId', { projectId: 'abc' }, '/api/v1/projects/abc'],
    [
      '/api/v1/reports/:projectId/full/:reportId',
      { projectId: 'a/b', reportId: 'r 1' },
      '/api/v1/reports/a%2Fb/full/r%201',
    ],
    ['/admin/server/:service/healthcheck', { service: 'site' }, '/admin/server/site/healthcheck'],
  ])('%s', (template, params, expected) => {
    expect(buildPath(template, params)).toBe(expected)
  })

  it('throws for a missing parameter', () => {
    expect(() => buildPath('/x/:id', {})).toThrow("Missing path parameter 'id'")
  })
})

describe('buildQuery', () => {
  it('drops undefined, null and empty strings but keeps 0 and false', () => {
    expect(buildQuery({ a: undefined, b: null, c: '', limit: 0, offset: 20, flag: false })).toBe(
      '?limit=0&offset=20&flag=false',
    )
  })

  it('encodes values and returns nothing for an empty query', () => {
    expect(buildQuery({ branch: 'feature/x y' })).toBe('?branch=feature%2Fx+y')
    expect(buildQuery({})).toBe('')
    expect(buildQuery(undefined)).toBe('')
  })
})
