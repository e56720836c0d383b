import { describe, expect, it } from 'vitest'
import { fixedInVersions, linkTypeOf, toAdvice } from './advice'
import { osvRecord } from './test-records'

const ghsa = osvRecord(
  'GHSA-29mw-wpgm-hmr9',
  [
    { name: 'lodash', events: [{ introduced: '0' }, { fixed: '4.17.21' }] },
    { name: 'lodash', events: [{ introduced: '5.0.0' }, { fixed: '5.0.1, 4.18.0' }] },
    { name: 'lodash-es', events: [{ introduced: '0' }, { fixed: '9.9.9' }] },
  ],
  {
    aliases: ['CVE-2020-28500'],
    summary: 'ReDoS in lodash',
    details: 'All versions prior to 4.17.21 are vulnerable.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' }],
    references: [
      { type: 'ADVISORY', url: 'https://nvd.nist.gov/vuln/detail/CVE-2020-28500' },
      { type: 'WEB', url: 'https://github.com/lodash/lodash/pull/5065' },
      { type: 'WEB', url: 'https://github.com/lodash/lodash/issues/4874' },
      { type: 'ADVISORY', url: 'https://github.com/advisories/GHSA-29mw-wpgm-hmr9' },
      { type: 'PACKAGE', url: 'https://github.com/lodash/lodash' },
    ],
    database_specific: { cwe_ids: ['CWE-400'], severity: 'MODERATE' },
  },
)

describe('toAdvice', () => {
  it('builds the Advice of the report', () => {
    const advice = toAdvice(ghsa, {
      ecosystem: 'npm',
      name: 'lodash',
      affectedComponents: ['lodash@4.17.20'],
      epss: (cve) => (cve === 'CVE-2020-28500' ? 0.0123 : null),
      kev: () => null,
    })
    expect(advice).toEqual({
      id: 'GHSA-29mw-wpgm-hmr9',
      cve: 'CVE-2020-28500',
      aliases: ['CVE-2020-28500'],
      cwe: 'CWE-400',
      cvss: 5.3,
      // the vector the score came from (issue 19: CycloneDX ratings carry method + vector + score)
      cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L',
      epss: 0.0123,
      severity: 'MEDIUM',
      type: 'security',
      description: '**ReDoS in lodash**\n\nAll versions prior to 4.17.21 are vulnerable.',
      links: [
        { url: 'https://nvd.nist.gov/vuln/detail/CVE-2020-28500', type: 'NVD' },
        { url: 'https://github.com/lodash/lodash/pull/5065', type: 'FIX' },
        { url: 'https://github.com/lodash/lodash/issues/4874', type: 'BUGTRACKER' },
        { url: 'https://github.com/advisories/GHSA-29mw-wpgm-hmr9', type: 'ADVISORY' },
        { url: 'https://github.com/lodash/lodash', type: 'INFO' },
        { url: 'https://www.cve.org/CVERecord?id=CVE-2020-28500', type: 'CVE' },
      ],
      fixedInVersions: ['4.17.21', '4.18.0', '5.0.1'],
      affectedComponents: ['lodash@4.17.20'],
      kevEntry: null,
    })
  })

  it('merges a group into one advice showing every identifier', () => {
    const cveRecord = osvRecord('CVE-2020-28500', [], {
      references: [{ type: 'FIX', url: 'https://example.org/fix' }],
    })
    const advice = toAdvice([cveRecord, ghsa], {
      ecosystem: 'npm',
      name: 'lodash',
      kev: (cve) => ({ cve, exploited: true }),
    })
    expect(advice.id).toBe('GHSA-29mw-wpgm-hmr9')
    expect(advice.cve).toBe('CVE-2020-28500')
    expect(advice.aliases).toEqual(['CVE-2020-28500'])
    expect(advice.kevEntry).toEqual({ cve: 'CVE-2020-28500', exploited: true })
    expect(advice.links.map((l) => l.type)).toContain('FIX')
    expect(advice.epss).toBeNull()
  })

  it('has no CVE when none is known, and an unrated severity without data', () => {
    const advice = toAdvice(osvRecord('GHSA-none', [{ name: 'x', events: [{ introduced: '0' }] }]), {
      ecosystem: 'npm',
      name: 'x',
    })
    expect(advice).toMatchObject({
      cve: null,
      cwe: null,
      cvss: null,
      severity: 'NONE',
      fixedInVersions: [],
      links: [],
    })
  })
})

describe('fixedInVersions', () => {
  it('takes the component package only, splits lists, drops empty events', () => {
    const r = osvRecord('GHSA-f', [
      { name: 'swig', events: [{ introduced: '0' }, { fixed: '' }] },
      { name: 'postcss', events: [{ introduced: '0' }, { fixed: '7.0.36, 8.2.13' }] },
    ])
    expect(fixedInVersions([r], 'npm', 'swig')).toEqual([])
    expect(fixedInVersions([r], 'npm', 'postcss')).toEqual(['7.0.36', '8.2.13'])
  })
})

describe('linkTypeOf', () => {
  it.each([
    ['WEB', 'https://www.cve.org/CVERecord?id=CVE-1', 'CVE'],
    ['WEB', 'https://cve.mitre.org/cgi-bin/cvename.cgi?name=CVE-1', 'CVE'],
    ['FIX', 'https://example.org/patch', 'FIX'],
    ['WEB', 'https://github.com/a/b/commit/0123456789abcdef', 'FIX'],
    ['REPORT', 'https://example.org/report', 'BUGTRACKER'],
    ['WEB', 'https://bugzilla.redhat.com/show_bug.cgi?id=1', 'BUGTRACKER'],
    ['WEB', 'https://issues.apache.org/jira/browse/TOMCAT-123', 'BUGTRACKER'],
    ['ARTICLE', 'https://blog.example.org/post', 'INFO'],
  ])('%s %s → %s', (type, url, expected) => {
    expect(linkTypeOf({ type, url })).toBe(expected)
  })
})
