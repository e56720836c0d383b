// Issue 16 acceptance 6 (carry.ts): a build given the previous report's section heads is the full build in
// every part but the two carried sections (their heads) and one note naming where they come from; the
// carry inputs change with each thing the two sections are built from, and not with new advisory data;
// stored heads that are partial are refused.
import { describe, expect, it } from 'vitest'
import { npmGraph } from '../exclusions/fixtures/graph'
import { type BuildReportInput, buildReport, type PackageMetadataInput } from './build'
import { carriedNote, carryInputs, readSectionHeads, sectionHeads, writeJsonPieces } from './carry'
import { meta, vuln } from './fixtures/reports'

const NOW = new Date('2026-03-01T00:00:00Z')
const graph = npmGraph(['ms@2.1.3', 'left-pad@1.3.0', 'gpl-lib@1.0.0'], [['ms@2.1.3', 'gpl-lib@1.0.0']])
const components = graph.components
const input: BuildReportInput = {
  uuid: 'r2',
  projectUuid: 'p1',
  branch: 'main',
  now: NOW,
  graph,
  warnings: [],
  thresholds: { security: 90, stability: 80, licensing: 95 },
  advisories: [vuln('GHSA-1', 'ms', '2.1.4', 'CVE-2099-1')],
  metadata: new Map<string, PackageMetadataInput | null>([
    ['npm/ms', meta(['2.1.3', '2.1.4', '3.0.0'])],
    ['npm/left-pad', null],
    ['npm/gpl-lib', meta(['1.0.0'], 'GPL-3.0-only')],
  ]),
  policies: [{ name: 'No GPL', kind: 'DENY', licences: ['GPL-3.0-only'] }],
}

describe('carrying stability and licensing', () => {
  const full = buildReport(input)

  it('builds the same document from the previous sections, with a note naming their report', () => {
    const carried = buildReport({ ...input, carried: { from: 'r1', ...sectionHeads(full) } })
    const { notes, stability, licensing, ...rest } = carried
    const { notes: fullNotes, stability: s, licensing: l, ...fullRest } = full
    expect(rest).toEqual(fullRest)
    expect(notes).toEqual([...fullNotes, carriedNote('r1')])
    expect(stability).toEqual({ ...s, reports: [] })
    // the licence violation stays: findings and the next delta read it
    expect(licensing.reports.flatMap((r) => r.results.map((x) => x.library.name))).toEqual(['gpl-lib'])
    expect(licensing.summary).toEqual(l.summary)
    expect(full.gate.failed.length).toBeGreaterThan(0)
  })

  it('has other carry inputs when anything the two sections read changes, the same on new advisories', () => {
    const key = (over: Partial<BuildReportInput>) => JSON.stringify(carryInputs({ ...input, ...over }))
    const base = key({})
    expect(key({ advisories: [], uuid: 'r9', now: new Date('2026-03-02T00:00:00Z') })).toBe(base)
    const others: Partial<BuildReportInput>[] = [
      { policies: [] },
      { customLicences: [{ id: 'LicenseRef-x' }] },
      { licenceOverrideFor: (c) => (c.name === 'left-pad' ? ['MIT'] : null) },
      { copyrightFor: (c) => (c.name === 'ms' ? '(c) someone' : null) },
      { metadata: new Map([...(input.metadata ?? new Map()), ['npm/left-pad', meta(['1.3.0'])]]) },
      { metadata: null },
      { warnings: [{ file: 'package-lock.json', message: 'odd entry' }] },
      { analysisScopes: { security: ['prod'], stability: ['dev'], licensing: ['prod'] } },
      { graph: { ...graph, components: components.slice(0, 2) } },
      {
        exclusions: [
          {
            id: 'e1',
            source: 'stability:libraries',
            library: { language: 'nodejs', name: 'ms' },
            version: '*',
            reason: 'ignored',
            description: 'pinned',
          } as never,
        ],
      },
    ]
    // a digest of the stored graph stands for it
    const digest = (d: string) => JSON.stringify(carryInputs(input, d))
    expect(digest('a')).toBe(digest('a'))
    expect(digest('a')).not.toBe(digest('b'))
    expect(digest('a')).not.toBe(base)
    for (const over of others)
      expect([Object.keys(over)[0], key(over)]).not.toEqual([Object.keys(over)[0], base])
  })

  it('refuses stored heads that miss what the build reads', () => {
    const heads = JSON.parse(JSON.stringify(sectionHeads(full)))
    expect(readSectionHeads(heads)).toEqual(heads)
    expect(readSectionHeads(null)).toBeNull()
    expect(readSectionHeads({ stability: heads.stability })).toBeNull()
    const { assessment: _, ...noAssessment } = heads.stability
    expect(readSectionHeads({ ...heads, stability: noAssessment })).toBeNull()
    expect(readSectionHeads({ ...heads, licensing: { ...heads.licensing, summary: {} } })).toBeNull()
    expect(
      readSectionHeads({ ...heads, licensing: { ...heads.licensing, reports: [{ results: [{}] }] } }),
    ).toBeNull()
  })
})

const jsonPieces = (value: unknown, depth?: number) => {
  const pieces: string[] = []
  writeJsonPieces(value, (p) => pieces.push(p), depth)
  return pieces
}

describe('writeJsonPieces (issue 20 peak RSS: the carry key is hashed without one whole JSON text)', () => {
  it('joins to exactly JSON.stringify of the value', () => {
    const values: unknown[] = [
      carryInputs(input),
      carryInputs(input, 'digest'),
      [],
      [[], [[]], {}],
      [undefined, () => 1, Symbol('s'), null, 0, -0, Number.NaN, 'a"\\\u2028\ud800', true],
      [new Date(0), { a: [1, undefined], b: undefined }, [new Map([[1, 2]])]],
      'plain',
      { x: [1, 2] },
    ]
    for (const value of values) {
      expect(jsonPieces(value).join('')).toBe(JSON.stringify(value))
      expect(jsonPieces(value, 2).join('')).toBe(JSON.stringify(value))
    }
  })

  it('splits arrays into one piece per scalar or object element', () => {
    expect(jsonPieces([1, [2, { a: 3 }], 'x'])).toEqual([
      '[',
      '1',
      ',',
      '[',
      '2',
      ',',
      '{"a":3}',
      ']',
      ',',
      '"x"',
      ']',
    ])
  })
})
