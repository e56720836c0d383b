// VEX exports and import (issue 19 "Exports auditors can use", acceptance 3): OpenVEX valid against the
// OpenVEX 0.2.0 schema, CycloneDX VEX with analysis states valid against CycloneDX 1.5, and each read back
// by the VEX import into the same analysis states on the same findings (CycloneDX exactly, with expiry;
// OpenVEX as far as its statuses say), matched by vulnerability id / aliases and by purl.
import { readFileSync } from 'node:fs'
import { Spec, Validation } from '@cyclonedx/cyclonedx-library'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { fixtureReport, meta, vuln } from '../report/fixtures/reports'
import type { FindingAnalysis } from './analysis'
import { writeOpenVex } from './openvex'
import { purlOfLibrary, type StoredFindingAnalysis, writeVex } from './vex'
import { matchVex, readVex } from './vex-import'

const report = fixtureReport({
  components: ['a@1.0.0', 'b@1.0.0', 'c@1.0.0', 'd@1.0.0', 'e@1.0.0'],
  advisories: [
    vuln('GHSA-aaaa', 'a', '1.0.1', 'CVE-2024-0001'),
    vuln('GHSA-bbbb', 'b', '2.0.0'),
    vuln('GHSA-cccc', 'c', '2.0.0'),
    vuln('GHSA-dddd', 'd', '2.0.0'),
    vuln('GHSA-eeee', 'e', '2.0.0'),
  ],
  metadata: {
    a: meta(['1.0.0']),
    b: meta(['1.0.0']),
    c: meta(['1.0.0']),
    d: meta(['1.0.0']),
    e: meta(['1.0.0']),
  },
})
const analysis = (a: Partial<FindingAnalysis>): FindingAnalysis => ({
  state: 'in_triage',
  justification: null,
  responses: [],
  detail: '',
  ...a,
})
const analyses = new Map<string, StoredFindingAnalysis>([
  [
    'nodejs/a@1.0.0#GHSA-aaaa',
    {
      analysis: analysis({
        state: 'not_affected',
        justification: 'code_not_reachable',
        detail: 'never called',
      }),
      expires: '2027-03-01',
    },
  ],
  [
    'nodejs/b@1.0.0#GHSA-bbbb',
    {
      analysis: analysis({ state: 'exploitable', responses: ['update'], detail: 'upgrade soon' }),
      expires: null,
    },
  ],
  [
    'nodejs/c@1.0.0#GHSA-cccc',
    { analysis: analysis({ state: 'false_positive', detail: 'another c' }), expires: null },
  ],
  [
    'nodejs/d@1.0.0#GHSA-dddd',
    { analysis: analysis({ state: 'resolved', detail: 'patched in place' }), expires: null },
  ],
  ['nodejs/e@1.0.0#GHSA-eeee', { analysis: analysis({ state: 'in_triage' }), expires: null }],
])
const openvex = writeOpenVex({
  report,
  analyses,
  id: 'https://sextant.example/vex/1',
  timestamp: new Date('2026-11-26T00:00:00Z'),
  author: 'Sextant',
})
const cdx = await writeVex([], {
  report,
  analyses,
  serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
})
const statesOf = (matches: ReturnType<typeof matchVex>['matches']) =>
  new Map(
    matches.map((m) => [
      `${m.language}/${m.name}@${m.version}#${m.adviceId}`,
      { analysis: m.analysis, expires: m.expires },
    ]),
  )

describe('OpenVEX export', () => {
  it('validates against the OpenVEX 0.2.0 schema', () => {
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    const schema = JSON.parse(
      readFileSync(new URL('./fixtures/openvex_json_schema_0.2.0.json', import.meta.url), 'utf8'),
    )
    const validate = ajv.compile(schema)
    expect(validate(openvex), JSON.stringify(validate.errors)).toBe(true)
  })

  it('maps states onto OpenVEX statuses', () => {
    const byName = new Map(openvex.statements.map((s) => [s.vulnerability.name, s]))
    expect(byName.get('CVE-2024-0001')).toMatchObject({
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
      vulnerability: { aliases: ['GHSA-aaaa'] },
      products: [{ '@id': 'pkg:npm/a@1.0.0' }],
    })
    expect(byName.get('GHSA-bbbb')).toMatchObject({
      status: 'affected',
      action_statement: 'update: upgrade soon',
    })
    expect(byName.get('GHSA-cccc')).toMatchObject({
      status: 'not_affected',
      justification: 'component_not_present',
    })
    expect(byName.get('GHSA-dddd')?.status).toBe('fixed')
    expect(byName.get('GHSA-eeee')?.status).toBe('under_investigation')
  })
})

describe('CycloneDX VEX with analysis states', () => {
  it('validates against the CycloneDX 1.5 JSON schema', async () => {
    expect(await new Validation.JsonStrictValidator(Spec.Version.v1dot5).validate(cdx)).toBeNull()
  })
})

describe('VEX import', () => {
  it('reads a CycloneDX VEX back into exactly the analyses it was written from, expiry included', () => {
    const read = readVex(cdx)
    expect(read).toMatchObject({ format: 'cyclonedx', warnings: [] })
    const { matches, unmatched } = matchVex(report, read.statements, purlOfLibrary)
    expect(unmatched).toBe(0)
    expect(statesOf(matches)).toEqual(analyses)
  })

  it('reads an OpenVEX back into the same states', () => {
    const read = readVex(JSON.stringify(openvex))
    expect(read).toMatchObject({ format: 'openvex', warnings: [] })
    const states = statesOf(matchVex(report, read.statements, purlOfLibrary).matches)
    expect([...states].map(([k, v]) => [k, v.analysis.state, v.analysis.justification])).toEqual([
      ['nodejs/a@1.0.0#GHSA-aaaa', 'not_affected', 'code_not_reachable'],
      ['nodejs/b@1.0.0#GHSA-bbbb', 'exploitable', null],
      ['nodejs/c@1.0.0#GHSA-cccc', 'false_positive', null],
      ['nodejs/d@1.0.0#GHSA-dddd', 'resolved', null],
      ['nodejs/e@1.0.0#GHSA-eeee', 'in_triage', null],
    ])
  })

  it('matches by alias, keeps to the named components, and counts what matched nothing', () => {
    const doc = JSON.stringify({
      '@context': 'https://openvex.dev/ns/v0.2.0',
      statements: [
        { vulnerability: { name: 'GHSA-aaaa' }, status: 'fixed' },
        {
          vulnerability: { name: 'GHSA-bbbb' },
          products: [{ '@id': 'pkg:npm/other@1.0.0' }],
          status: 'fixed',
        },
        { vulnerability: { name: 'CVE-1999-0001' }, status: 'fixed' },
        { status: 'fixed' },
      ],
    })
    const read = readVex(doc)
    expect(read.warnings).toEqual([
      { path: 'statements[3]', message: 'a statement needs vulnerability.name' },
    ])
    const { matches, unmatched } = matchVex(report, read.statements, purlOfLibrary)
    expect(matches.map((m) => m.adviceId)).toEqual(['GHSA-aaaa'])
    expect(unmatched).toBe(2)
  })

  it('names what it cannot read', () => {
    expect(readVex('{').warnings[0]!.path).toBe('$')
    expect(readVex('{"a":1}').warnings[0]!.message).toContain('neither a CycloneDX BOM')
  })
})
