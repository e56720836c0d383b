// reportHref: pid and optional branch, encoded; the member view adds mode=eli. registryLookupHref: the
// processing page's registry lookup (report-page §2), none for linux.
import { describe, expect, it } from 'vitest'
import { registryLookupHref, reportHref } from './links'

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

describe('registryLookupHref', () => {
  it('asks the processing page for the registry lookup with the custom message', () => {
    const href = registryLookupHref('nodejs', '@babel/core', '7.24.0', 'JavaScript')
    expect(href?.startsWith('/processing_request.html?')).toBe(true)
    const search = new URLSearchParams(href?.split('?')[1])
    expect(Object.fromEntries(search)).toEqual({
      source: 'report',
      type: 'registry_url',
      create: 'true',
      useSDK: 'true',
      noProgress: 'true',
      name: '@babel/core',
      version: '7.24.0',
      language: 'nodejs',
      custom_message: 'Looking for @babel/core 7.24.0 in the JavaScript registries…',
    })
  })
  it('makes no registry link for linux', () => {
    expect(registryLookupHref('linux', 'openssl', '3.0.0')).toBeNull()
    expect(registryLookupHref('java', 'org.x:y', '1.0')).not.toBeNull()
  })
})
