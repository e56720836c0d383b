// CSV downloads: RFC 4180 escaping (commas, quotes, line breaks), formula cells defused, the spec's
// columns in order, one row per vulnerability / component.
import { describe, expect, it } from 'vitest'
import { sampleReport } from '../../testing/sample-report'
import { csvCell, csvText } from './csv'
import { epssPercent, licencesCsv, sbomCsv, stabilityCsv, vulnerabilitiesCsv } from './exports'

/** A small RFC 4180 reader, enough to check our writer. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (quoted && ch === '"') {
      quoted = false
    } else if (quoted || (ch !== '"' && ch !== ',' && ch !== '\r')) {
      cell += ch
    } else if (ch === '"') {
      quoted = true
    } else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    }
  }
  return rows
}

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-1.5', '-1.5'],
    ['-2e3', '-2e3'],
    ['-cmd', "'-cmd"],
    // issue 13 item 18: a digit after '-' does not make a formula harmless
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['-1+1', "'-1+1"],
    ['+1', "'+1"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', '"\'\r=1+1"'],
    ['@babel/core', '@babel/core'],
    ['@babel/core@7.1.0; @types/node@20.1.0', '@babel/core@7.1.0; @types/node@20.1.0'],
    ["@a/b+cmd|' /C calc'!A0", "'@a/b+cmd|' /C calc'!A0"],
    ['@a/b@1;=cmd', "'@a/b@1;=cmd"],
  ])('escapes %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  it('writes numbers as numbers, negative ones included', () => {
    expect(csvCell(-2)).toBe('-2')
    expect(csvCell(-0.5)).toBe('-0.5')
  })

  it('defuses a formula in every column of every CSV download (issue 13 item 18)', () => {
    const attack = "-2+3+cmd|' /C calc'!A0"
    const doc = sampleReport()
    for (const a of doc.security.assessments)
      for (const r of a.reports) {
        r.dependency.library.name = attack
        for (const advice of r.advices) advice.description = attack
      }
    for (const r of doc.stability.reports) for (const v of r.versions) v.name = attack
    for (const r of doc.licensing.reports) for (const res of r.results) res.library.name = attack
    for (const text of [vulnerabilitiesCsv(doc), stabilityCsv(doc), licencesCsv(doc), sbomCsv(doc)]) {
      const cells = parseCsv(text).flat()
      expect(cells.some((c) => c.includes('cmd|'))).toBe(true)
      for (const cell of cells) expect(cell.startsWith('-2+'), cell).toBe(false)
    }
  })

  it('writes CRLF rows and empty cells for null', () => {
    expect(csvText(['A', 'B'], [[1, null]])).toBe('A,B\r\n1,\r\n')
  })

  it('writes the vulnerabilities export with the spec columns', () => {
    const rows = parseCsv(vulnerabilitiesCsv(sampleReport()))
    expect(rows[0]).toEqual([
      'ID',
      'CWE',
      'KEV',
      'CVSS',
      'EPSS',
      'SEVERITY',
      'DESCRIPTION',
      'COUNT',
      'COMPONENTS',
    ])
    expect(rows).toHaveLength(3)
    expect(rows[1]).toEqual([
      'CVE-2022-24999',
      'CWE-400',
      '',
      '7.5',
      '1.23%',
      'HIGH',
      'qs vulnerable to "Prototype Pollution", affects <6.7.3. Upgrade to 6.7.3 or later.',
      '1',
      'qs@6.7.0',
    ])
    expect(rows[2]![2]).toBe('Exploited')
  })

  it('writes the stability export with the spec columns', () => {
    const rows = parseCsv(stabilityCsv(sampleReport()))
    expect(rows[0]).toEqual([
      'COMPONENT',
      'LANGUAGE',
      'SCOPE',
      'VERSION',
      'LATEST MAJOR',
      'LATEST MINOR',
      'LATEST PATCH',
    ])
    expect(rows.find((r) => r[0] === 'express')).toEqual([
      'express',
      'nodejs',
      'prod',
      '4.17.1',
      '5.1.0',
      '4.21.2',
      '4.17.3',
    ])
  })

  it('writes one sbom_csv row per component and the licences export', () => {
    const rows = parseCsv(sbomCsv(sampleReport()))
    expect(rows).toHaveLength(7)
    expect(rows.find((r) => r[1] === '@scope/odd,name')).toEqual([
      'nodejs',
      '@scope/odd,name',
      '1.0.0',
      'NOT DECLARED / NOT FOUND',
      'prod',
      'direct',
      '0',
      'pkg:npm/%40scope/odd%2Cname@1.0.0',
    ])
    expect(rows.find((r) => r[1] === 'qs')?.slice(3, 7)).toEqual(['BSD-3-Clause', 'prod', 'transitive', '1'])
    const licences = parseCsv(licencesCsv(sampleReport()))
    expect(licences[0]).toContain('LICENSES')
    expect(licences).toHaveLength(7)
  })

  it('lists only what the page shows with a view: languages, issues only, security filters', () => {
    const doc = sampleReport()
    const ids = (text: string) =>
      parseCsv(text)
        .slice(1)
        .map((r) => r[0])
    expect(ids(vulnerabilitiesCsv(doc))).toEqual(['CVE-2022-24999', 'CVE-2021-23337'])
    expect(ids(vulnerabilitiesCsv(doc, { view: { severities: ['CRITICAL', 'MEDIUM'] } }))).toEqual([])
    expect(ids(vulnerabilitiesCsv(doc, { view: { languages: ['java'] } }))).toEqual([])
    // an advisory without an EPSS passes only the full range, as on the page
    expect(ids(vulnerabilitiesCsv(doc, { view: { epss: [1, 2] } }))).toEqual(['CVE-2022-24999'])
    expect(ids(vulnerabilitiesCsv(doc, { view: { cvss: [7.3, 10] } }))).toEqual(['CVE-2022-24999'])
    expect(ids(vulnerabilitiesCsv(doc, { view: { epss: [0, 100], cvss: [0, 10] } }))).toHaveLength(2)
    expect(ids(stabilityCsv(doc, { view: { issuesOnly: true } }))).toEqual([
      'express',
      'lodash',
      'mocha',
      'qs',
    ])
    expect(ids(stabilityCsv(doc, { view: { languages: ['java'] } }))).toEqual([])
    expect(ids(licencesCsv(doc, { view: { issuesOnly: true } }))).toEqual(['@scope/odd,name'])
    expect(ids(licencesCsv(doc, { view: { issuesOnly: false } }))).toHaveLength(6)
  })

  it('truncates EPSS to two decimals of a percent', () => {
    expect(epssPercent(0.123456)).toBe('12.34%')
    expect(epssPercent(null)).toBe('')
  })
})
