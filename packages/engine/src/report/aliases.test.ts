// One advice per vulnerability in the security assessment (issue 9 "A GHSA and a CVE describing one
// vulnerability are one advice showing every identifier"; spec report-page §3 Advice): records that
// alias each other, from one source or several, become one advice carrying every identifier.
import { describe, expect, it } from 'vitest'
import { osvRecord } from '../advisories/test-records'
import { fixtureReport } from './fixtures/reports'

const HIGH = [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }]
const below2 = [{ name: 'a', events: [{ introduced: '0' }, { fixed: '2.0.0' }] }]
const rec = (id: string, aliases: string[], extra: Record<string, unknown> = {}) =>
  osvRecord(id, below2, { aliases, severity: HIGH, ...extra })

const advicesOf = (records: ReturnType<typeof rec>[]) =>
  fixtureReport({ components: ['a@1.0.0'], advisories: records })
    .security.assessments.flatMap((x) => x.reports)
    .find((r) => r.dependency.library.name === 'a')!.advices

describe('aliased advisories in the security assessment', () => {
  it.each([
    {
      name: 'GHSA aliasing a CVE, and the CVE record aliasing it back',
      records: [rec('GHSA-aaaa-bbbb-cccc', ['CVE-2024-0001']), rec('CVE-2024-0001', ['GHSA-aaaa-bbbb-cccc'])],
      want: [{ id: 'GHSA-aaaa-bbbb-cccc', cve: 'CVE-2024-0001', aliases: ['CVE-2024-0001'] }],
    },
    {
      name: 'a record of another source naming the CVE only (no alias back to the GHSA)',
      records: [rec('PYSEC-2024-1', ['CVE-2024-0001']), rec('GHSA-aaaa-bbbb-cccc', ['CVE-2024-0001'])],
      want: [{ id: 'GHSA-aaaa-bbbb-cccc', cve: 'CVE-2024-0001', aliases: ['CVE-2024-0001', 'PYSEC-2024-1'] }],
    },
    {
      name: 'a chain: GHSA → CVE ← OSV record, the CVE record itself absent',
      records: [
        rec('GHSA-aaaa-bbbb-cccc', ['CVE-2024-0001']),
        rec('OSV-2024-9', ['CVE-2024-0001', 'CVE-2024-0002']),
      ],
      want: [
        {
          id: 'GHSA-aaaa-bbbb-cccc',
          cve: 'CVE-2024-0001',
          aliases: ['CVE-2024-0001', 'CVE-2024-0002', 'OSV-2024-9'],
        },
      ],
    },
    {
      name: 'two vulnerabilities stay two advices',
      records: [rec('GHSA-aaaa-bbbb-cccc', ['CVE-2024-0001']), rec('GHSA-dddd-eeee-ffff', ['CVE-2024-0002'])],
      want: [
        { id: 'GHSA-aaaa-bbbb-cccc', cve: 'CVE-2024-0001', aliases: ['CVE-2024-0001'] },
        { id: 'GHSA-dddd-eeee-ffff', cve: 'CVE-2024-0002', aliases: ['CVE-2024-0002'] },
      ],
    },
    {
      name: 'no CVE at all: the advice keeps its other identifiers',
      records: [rec('GHSA-aaaa-bbbb-cccc', []), rec('MAL-2024-7', ['GHSA-aaaa-bbbb-cccc'])],
      want: [{ id: 'GHSA-aaaa-bbbb-cccc', cve: null, aliases: ['MAL-2024-7'] }],
    },
  ])('$name', ({ records, want }) => {
    const advices = advicesOf(records)
    expect(advices.map(({ id, cve, aliases }) => ({ id, cve, aliases }))).toEqual(want)
  })

  it('counts one aliased vulnerability once in the totals and the issue summary', () => {
    const doc = fixtureReport({
      components: ['a@1.0.0'],
      advisories: [rec('GHSA-aaaa-bbbb-cccc', ['CVE-2024-0001']), rec('CVE-2024-0001', [])],
    })
    expect(doc.security.summary.nodejs).toMatchObject({ high: 1 })
    expect(doc.security.issues?.nodejs).toMatchObject({ cves: 1, threats: 1 })
  })

  it("leaves a withdrawn record's identifiers out of the advice", () => {
    const advices = advicesOf([
      rec('GHSA-aaaa-bbbb-cccc', ['CVE-2024-0001']),
      rec('PYSEC-2024-1', ['CVE-2024-0001'], { withdrawn: '2024-06-01T00:00:00Z' }),
    ])
    expect(advices.map((a) => a.aliases)).toEqual([['CVE-2024-0001']])
  })
})
