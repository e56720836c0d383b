import { describe, expect, it } from 'vitest'
import type { Advice, ComponentReport } from './document'
import { issueSummaryOf } from './issue-summary'

const advice = (id: string, over: Partial<Advice> = {}): Advice => ({
  id,
  cve: null,
  cwe: null,
  cvss: null,
  epss: null,
  severity: 'HIGH',
  type: 'security',
  description: '',
  links: [],
  fixedInVersions: [],
  affectedComponents: [],
  kevEntry: null,
  ...over,
})

const report = (advices: Advice[], safe: ComponentReport['safeVersions'] = {}): ComponentReport => ({
  dependency: {
    library: { name: 'x', displayName: 'x', language: 'nodejs', unityPlugin: false },
    version: '1.0.0',
  },
  advices,
  safeVersions: safe,
  hierarchy: [],
  introducedBy: [],
  locations: [],
  scope: 'prod',
  transitive: false,
  otherVersionsCount: 0,
})

describe('issueSummaryOf', () => {
  it('counts distinct, non-excluded vulnerabilities once across components', () => {
    const a = advice('GHSA-1', { cve: 'CVE-1', cwe: 'CWE-79', cvss: 7.5, fixedInVersions: ['1.0.1'] })
    const b = advice('GHSA-2', { cve: 'CVE-2', cwe: 'CWE-79', cvss: 9.8 })
    const excluded = advice('GHSA-3', { cve: 'CVE-3', cvss: 10, exclusions: [{}] })
    const summary = issueSummaryOf([report([a, b]), report([a, excluded])])
    expect(summary).toEqual({ cwes: 1, cves: 2, threats: 2, fixable: 1, notFixable: 1, highestCvss: 9.8 })
  })

  it('calls a vulnerability fixable when the component has a safe version', () => {
    expect(issueSummaryOf([report([advice('GHSA-9')], { latestMajor: '3.0.0' })])).toMatchObject({
      fixable: 1,
      notFixable: 0,
    })
  })

  it('answers zeros and no CVSS for a clean language', () => {
    expect(issueSummaryOf([report([])])).toEqual({
      cwes: 0,
      cves: 0,
      threats: 0,
      fixable: 0,
      notFixable: 0,
      highestCvss: null,
    })
  })
})
