// FIRST EPSS CSV parsing (issue 9 "Enrichment"; spec report-page §3 Advice epss 0-1): the fixture in
// FIRST's format, bad lines as warnings naming their line, header-less and first-model files.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseEpssCsv } from './epss'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

describe('parseEpssCsv', () => {
  it('reads the FIRST format: model line, header, fractions', () => {
    const r = parseEpssCsv(fixture('epss-sample.csv'))
    expect(r.warnings).toEqual([])
    expect(r.version).toBe('2025-08-25')
    expect(r.rows).toHaveLength(5)
    expect(r.rows.find((s) => s.cve === 'CVE-2021-44228')).toEqual({
      cve: 'CVE-2021-44228',
      epss: 0.94358,
      percentile: 0.99968,
    })
  })

  it('skips bad lines with a warning naming the line, keeps the rest', () => {
    const r = parseEpssCsv(fixture('epss-bad-lines.csv'), 'epss-bad-lines.csv')
    expect(r.rows.map((s) => s.cve)).toEqual(['CVE-2021-44228', 'CVE-2023-0002'])
    expect(r.skipped).toBe(3)
    expect(r.warnings.map((w) => [w.line, w.file])).toEqual([
      [4, 'epss-bad-lines.csv'],
      [5, 'epss-bad-lines.csv'],
      [6, 'epss-bad-lines.csv'],
    ])
    expect(r.warnings[1]?.message).toMatch(/CVE-2022-24999: EPSS '1.7' is not a fraction 0-1/)
  })

  it.each([
    ['header-less, LF', 'CVE-2020-0001,0.5,0.9\n', 0.5, 0.9],
    ['CRLF and lower-case id', 'cve,epss,percentile\r\ncve-2020-0001,1e-5,0.1\r\n', 0.00001, 0.1],
    ['first model (no percentile)', 'cve,epss\nCVE-2020-0001,0.25\n', 0.25, null],
  ])('%s', (_case, text, epss, percentile) => {
    const r = parseEpssCsv(text)
    expect(r.warnings).toEqual([])
    expect(r.rows).toEqual([{ cve: 'CVE-2020-0001', epss, percentile }])
  })

  it('refuses a file that is not an EPSS CSV with one warning', () => {
    const r = parseEpssCsv('id,score\nx,1\n', 'other.csv')
    expect(r.rows).toEqual([])
    expect(r.warnings).toEqual([
      { file: 'other.csv', line: 1, message: "no 'cve,epss,percentile' header: the file is not an EPSS CSV" },
    ])
  })

  it('keeps the later of two lines for one CVE, with a warning', () => {
    const r = parseEpssCsv('cve,epss,percentile\nCVE-2020-0001,0.1,0.2\nCVE-2020-0001,0.3,0.4\n')
    expect(r.rows).toEqual([{ cve: 'CVE-2020-0001', epss: 0.3, percentile: 0.4 }])
    expect(r.warnings[0]?.line).toBe(3)
  })
})
