// The findings table rows and CSV (issue 19 "Findings table"): one row per component × advisory, the
// analysis from the stored triage or the exclusion, new since the previous report, the path, and a CSV
// of exactly the rows and columns given, through the one CSV writer (formula cells quoted).
import { describe, expect, it } from 'vitest'
import type { Exclusion } from '../exclusions'
import { fixtureReport, meta, vuln } from '../report/fixtures/reports'
import { findingIdentities, findingRows, findingsCsv } from './findings-table'

const input = {
  components: ['app-lib@1.0.0', 'a@1.0.0', 'b@1.0.0'],
  edges: [
    ['app-lib@1.0.0', 'a@1.0.0'],
    ['a@1.0.0', 'b@1.0.0'],
  ] as [string, string][],
  advisories: [
    vuln('GHSA-aaaa', 'a', '1.0.1', 'CVE-2024-0001'),
    vuln('GHSA-bbbb', 'b', '2.0.0'),
    vuln('GHSA-b2', 'b', '1.5.0'),
  ],
  metadata: { a: meta(['1.0.0', '1.0.1']), b: meta(['1.0.0', '2.0.0']), 'app-lib': meta(['1.0.0']) },
}
const exclusion: Exclusion = {
  id: 'x',
  source: 'security:cves',
  cve: 'CVE-2024-0001',
  version: '*',
  reason: 'invalid',
  description: 'not us',
  transitive: false,
  readonly: false,
  creatorUuid: null,
  scope: 'branch',
}

describe('findingRows', () => {
  const previous = fixtureReport({ ...input, advisories: [input.advisories[1]!] })
  const report = fixtureReport({ ...input, exclusions: [exclusion] })
  const rows = findingRows(report, {
    previous: findingIdentities(previous),
    analyses: [
      {
        name: 'b',
        language: 'nodejs',
        version: '1.0.0',
        adviceId: 'GHSA-b2',
        state: 'exploitable',
        justification: null,
      },
    ],
  })
  const row = (advice: string) => rows.find((r) => r.adviceId === advice)!

  it('has one row per component and advisory', () => {
    expect(rows.map((r) => r.key).sort()).toEqual([
      'nodejs/a@1.0.0#GHSA-aaaa',
      'nodejs/b@1.0.0#GHSA-b2',
      'nodejs/b@1.0.0#GHSA-bbbb',
    ])
  })

  it('reads the analysis from the stored triage, else from the exclusion, else not_set', () => {
    expect(row('GHSA-aaaa')).toMatchObject({ state: 'false_positive', excluded: true })
    expect(row('GHSA-b2')).toMatchObject({ state: 'exploitable', excluded: false })
    expect(row('GHSA-bbbb')).toMatchObject({ state: 'not_set' })
  })

  it('marks findings the previous report did not have', () => {
    expect(row('GHSA-bbbb').isNew).toBe(false)
    expect(row('GHSA-b2').isNew).toBe(true)
    expect(findingRows(report)[0]!.isNew).toBe(false)
  })

  it('says direct or transitive, the path, CVE, severity and the safe version', () => {
    expect(row('GHSA-bbbb')).toMatchObject({
      direct: false,
      introducedThrough: 'app-lib@1.0.0 › a@1.0.0 › b@1.0.0',
      severity: 'HIGH',
      cvss: 7.5,
      safeVersion: '2.0.0',
    })
    expect(row('GHSA-aaaa')).toMatchObject({ cve: 'CVE-2024-0001', safeVersion: '1.0.1' })
  })
})

describe('titles', () => {
  it('are the first line of the advisory without markdown marks', () => {
    const doc = fixtureReport(input)
    doc.security.assessments[0]!.reports.find((r) => r.advices.length > 0)!.advices[0]!.description =
      '\n## **Arbitrary `code` execution** in __x__\nmore'
    expect(findingRows(doc).map((r) => r.title)).toContain('Arbitrary code execution in x')
  })
})

describe('findingsCsv', () => {
  it('writes the rows and columns given, in their order, with formula cells quoted', () => {
    const rows = findingRows(fixtureReport(input))
    const shown = [rows[2]!, rows[0]!].map((r) => ({ ...r, title: '=HYPERLINK("x")' }))
    const csv = findingsCsv(shown, ['advisory', 'component', 'title', 'relation'])
    expect(csv.split('\r\n')).toEqual([
      'Advisory,Component,Title,Relation',
      `${shown[0]!.cve ?? shown[0]!.adviceId},${shown[0]!.name},"'=HYPERLINK(""x"")",${shown[0]!.direct ? 'direct' : 'transitive'}`,
      `${shown[1]!.cve ?? shown[1]!.adviceId},${shown[1]!.name},"'=HYPERLINK(""x"")",${shown[1]!.direct ? 'direct' : 'transitive'}`,
      '',
    ])
  })
})
