import { describe, expect, it } from 'vitest'
import { parseOsvJson, parseOsvJsonl, parseOsvRecord, parseOsvRecords } from './schema'

const good = {
  id: 'GHSA-aaaa-bbbb-cccc',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2024-0001'],
  summary: 'Prototype pollution',
  details: 'Details.',
  severity: [{ type: 'CVSS_V3', score: '' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'lodash' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '' }] }],
      database_specific: { last_known_affected_version_range: '<= 4.17.20' },
    },
  ],
  references: [{ type: 'WEB', url: 'https://example.org' }],
  database_specific: { cwe_ids: ['CWE-1321'], severity: 'moderate', github_reviewed: null },
}

describe('parseOsvRecord', () => {
  it('types a real-shaped record and keeps its quirks (empty score, empty fixed)', () => {
    const r = parseOsvRecord(good)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.record).toMatchObject({
      id: 'GHSA-aaaa-bbbb-cccc',
      withdrawn: null,
      aliases: ['CVE-2024-0001'],
      related: [],
      severity: [{ type: 'CVSS_V3', score: '' }],
      cweIds: ['CWE-1321'],
      databaseSeverity: 'moderate',
    })
    expect(r.record.affected[0]).toMatchObject({
      package: { ecosystem: 'npm', name: 'lodash', purl: null },
      ranges: [
        {
          type: 'ECOSYSTEM',
          repo: null,
          events: [
            { kind: 'introduced', version: '0' },
            { kind: 'fixed', version: '' },
          ],
        },
      ],
      versions: [],
      lastKnownAffectedVersionRange: '<= 4.17.20',
    })
  })

  it('gives absent optional fields their empty value', () => {
    const r = parseOsvRecord({ id: 'PYSEC-1' })
    expect(r).toMatchObject({ ok: true, record: { affected: [], aliases: [], summary: '', modified: null } })
  })

  it.each([
    ['affected is not an array', { affected: {} }, 'affected is not an array'],
    [
      'an event with two kinds',
      {
        affected: [
          {
            package: { ecosystem: 'npm', name: 'x' },
            ranges: [{ type: 'SEMVER', events: [{ introduced: '0', fixed: '1' }] }],
          },
        ],
      },
      'affected[0].ranges[0].events[0]',
    ],
    [
      'a numeric version',
      { affected: [{ package: { ecosystem: 'npm', name: 'x' }, versions: [1.2] }] },
      'affected[0].versions[0] is not a string',
    ],
    [
      'a package without name',
      { affected: [{ package: { ecosystem: 'npm' } }] },
      'affected[0].package.name is missing',
    ],
    ['aliases of the wrong type', { aliases: 'CVE-1' }, 'aliases is not an array'],
  ])('skips a record with %s, naming its id', (_case, patch, message) => {
    const r = parseOsvRecord({ ...good, ...patch })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.warning.id).toBe('GHSA-aaaa-bbbb-cccc')
    expect(r.warning.message).toContain('GHSA-aaaa-bbbb-cccc')
    expect(r.warning.message).toContain(message)
  })

  it('refuses records without an id or that are not objects', () => {
    expect(parseOsvRecord({ summary: 'x' })).toMatchObject({ ok: false, warning: { id: null } })
    expect(parseOsvRecord([1])).toMatchObject({ ok: false })
  })
})

describe('batches', () => {
  it('keeps the good records when one is bad', () => {
    const batch = parseOsvRecords([good, { ...good, id: 'GHSA-bad', affected: 3 }, { ...good, id: 'GHSA-2' }])
    expect(batch.records.map((r) => r.id)).toEqual(['GHSA-aaaa-bbbb-cccc', 'GHSA-2'])
    expect(batch.warnings).toHaveLength(1)
    expect(batch.warnings[0]?.id).toBe('GHSA-bad')
  })

  it('reports file and line in JSON Lines', () => {
    const text = [
      JSON.stringify(good),
      '',
      '{not json',
      JSON.stringify({ ...good, id: 'X', aliases: 1 }),
    ].join('\n')
    const batch = parseOsvJsonl(text, 'npm.jsonl')
    expect(batch.records).toHaveLength(1)
    expect(batch.warnings).toEqual([
      { id: null, file: 'npm.jsonl', line: 3, message: 'not valid JSON: line skipped' },
      expect.objectContaining({ id: 'X', file: 'npm.jsonl', line: 4 }),
    ])
  })

  it('reads a JSON file holding one record or an array', () => {
    expect(parseOsvJson(JSON.stringify(good)).records).toHaveLength(1)
    expect(parseOsvJson(JSON.stringify([good, good])).records).toHaveLength(2)
    expect(parseOsvJson('nope', 'a.json').warnings[0]).toMatchObject({ file: 'a.json' })
  })
})
