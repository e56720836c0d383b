import { describe, expect, it } from 'vitest'
import { cveOf, cvesOf, cweIdsOf, groupByAlias, identifiersOf, primaryOf } from './aliases'
import { osvRecord } from './test-records'

const ghsa = osvRecord('GHSA-1', [], {
  aliases: ['CVE-2021-0001'],
  database_specific: { cwe_ids: ['cwe-79', 'CWE-80'] },
})
const cve = osvRecord('CVE-2021-0001', [], { aliases: [] })
const linked = osvRecord('PYSEC-9', [], { aliases: ['CVE-2021-0001', 'GHSA-2'] })
const alone = osvRecord('GHSA-3', [], { aliases: ['CVE-2022-0003'] })

describe('identifiers', () => {
  it('lists id then aliases and finds the CVE', () => {
    expect(identifiersOf(ghsa)).toEqual(['GHSA-1', 'CVE-2021-0001'])
    expect(cveOf(ghsa)).toBe('CVE-2021-0001')
    expect(cveOf(cve)).toBe('CVE-2021-0001')
    expect(cveOf(osvRecord('GHSA-9', []))).toBeNull()
    expect(cvesOf([ghsa, alone, cve])).toEqual(['CVE-2021-0001', 'CVE-2022-0003'])
  })

  it('normalises CWE ids', () => {
    expect(cweIdsOf([ghsa, ghsa])).toEqual(['CWE-79', 'CWE-80'])
  })

  it('groups records sharing an identifier, transitively, in input order', () => {
    const groups = groupByAlias([alone, cve, ghsa, linked])
    expect(groups.map((g) => g.map((r) => r.id))).toEqual([
      ['GHSA-3'],
      ['CVE-2021-0001', 'GHSA-1', 'PYSEC-9'],
    ])
    expect(primaryOf(groups[1] ?? [])?.id).toBe('GHSA-1')
    expect(primaryOf([cve])?.id).toBe('CVE-2021-0001')
  })
})
