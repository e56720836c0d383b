// CISA KEV parsing (issue 9 "Enrichment"; spec report-page §2 KEV badge Exploited/Listed): the corpus
// catalogue (1404 entries, 293 with known ransomware use), the Exploited/Listed rule, bad entries.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../testing/corpus'
import { parseKevJson } from './kev'

describe('parseKevJson', () => {
  it('reads the corpus catalogue: every entry, Exploited = known ransomware use', () => {
    const file = join(corpusDir, 'enrichment', 'kev', 'known_exploited_vulnerabilities.json')
    const r = parseKevJson(readFileSync(file, 'utf8'))
    expect(r.warnings).toEqual([])
    expect(r.version).toBe('2025.08.25')
    expect(r.rows).toHaveLength(1404)
    expect(r.rows.filter((e) => e.exploited)).toHaveLength(293)
    expect(r.rows.find((e) => e.cve === 'CVE-2025-48384')).toMatchObject({
      dateAdded: '2025-08-25',
      exploited: false,
      vendorProject: 'Git',
    })
  })

  it('skips an entry without a CVE id, naming its index and line', () => {
    const doc = [
      '{"catalogVersion": "1", "vulnerabilities": [',
      '  {"cveID": "CVE-2021-44228", "dateAdded": "2021-12-10", "knownRansomwareCampaignUse": "Known"},',
      '  {"cveID": "GHSA-xxxx", "dateAdded": "2021-12-10"},',
      '  {"cveID": "CVE-2020-0001", "dateAdded": "soon", "knownRansomwareCampaignUse": "Unknown"}',
      ']}',
    ].join('\n')
    const r = parseKevJson(doc, 'kev.json')
    expect(r.rows.map((e) => [e.cve, e.exploited, e.dateAdded])).toEqual([
      ['CVE-2021-44228', true, '2021-12-10'],
      ['CVE-2020-0001', false, null],
    ])
    // The bad date keeps its entry: one skipped, two warnings.
    expect(r.skipped).toBe(1)
    expect(r.warnings).toEqual([
      {
        file: 'kev.json',
        line: 3,
        message: 'vulnerabilities[1]: cveID "GHSA-xxxx" is not a CVE id: entry skipped',
      },
      {
        file: 'kev.json',
        line: 4,
        message: "CVE-2020-0001: dateAdded 'soon' is not YYYY-MM-DD: kept without a date",
      },
    ])
  })

  it('answers a warning, not an exception, for a document that is not a catalogue', () => {
    expect(parseKevJson('{"nope": 1}').warnings[0]?.message).toMatch(/no 'vulnerabilities' array/)
    expect(parseKevJson('{').warnings[0]?.message).toMatch(/not valid JSON/)
  })
})
