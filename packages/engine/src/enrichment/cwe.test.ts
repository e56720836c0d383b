// CWE list parsing (issue 9 "Enrichment"; spec report-page §7 GET /api/v1/vulns/cwe): the corpus names
// (1450 rows, quoted names with commas), MITRE's own CSV export with descriptions, bad lines.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../testing/corpus'
import { cweNumberOf, parseCweCsv } from './cwe'

describe('parseCweCsv', () => {
  it('reads the corpus list of names', () => {
    const r = parseCweCsv(readFileSync(join(corpusDir, 'enrichment', 'cwe', 'cwe-names.csv'), 'utf8'))
    expect(r.warnings).toEqual([])
    expect(r.rows).toHaveLength(1450)
    expect(r.rows.find((c) => c.id === 150)?.name).toBe(
      'Improper Neutralization of Escape, Meta, or Control Sequences',
    )
    expect(r.rows.find((c) => c.id === 79)?.name).toMatch(/Cross-site Scripting/)
  })

  it("reads MITRE's export: numeric ids, a description, quoted line breaks", () => {
    const text = [
      'CWE-ID,Name,Weakness Abstraction,Status,Description,Extended Description',
      '79,Improper Neutralization of Input During Web Page Generation,Base,Stable,"The product does not ""neutralize"" input.","two',
      'lines"',
      'x,Bad,Base,Stable,,',
      '80,,Variant,Incomplete,,',
    ].join('\r\n')
    const r = parseCweCsv(text, '1000.csv')
    expect(r.rows).toEqual([
      {
        id: 79,
        name: 'Improper Neutralization of Input During Web Page Generation',
        description: 'The product does not "neutralize" input.',
      },
    ])
    expect(r.warnings.map((w) => w.line)).toEqual([4, 5])
    expect(r.skipped).toBe(2)
  })

  it.each([
    ['CWE-79', 79],
    ['cwe-1021', 1021],
    ['79', 79],
    ['CWE-', null],
    ['NVD-CWE-Other', null],
  ])('cweNumberOf(%s) = %s', (text, n) => expect(cweNumberOf(text)).toBe(n))
})
