// `--report-console` and `--report-junit` (issue 15): a table most severe first with the verdict, colour
// only on a terminal and never with NO_COLOR; JUnit with one suite per domain and a failed case per finding.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { buildReport, extractProject, parseOsvJsonl } from '@sextant/engine'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../../../engine/src/testing/corpus'
import { reportVerdict, verdictLines } from '../scan/verdict'
import { consoleReport, useColour } from './console'
import { junitXml } from './junit'

const slice = join(import.meta.dirname, '../../../../tests/cli/fixtures/nodegoat-slice')
const report = buildReport({
  uuid: 'r',
  projectUuid: 'p',
  branch: 'main',
  now: new Date('2026-01-01T00:00:00Z'),
  graph: extractProject(
    ['package.json', 'package-lock.json'].map((p) => ({
      path: p,
      content: readFileSync(join(slice, p), 'utf8'),
    })),
  ).graph,
  warnings: [],
  thresholds: { security: 90, stability: 80, licensing: 95 },
  advisories: parseOsvJsonl(gunzipSync(readFileSync(join(corpusDir, 'osv/npm.jsonl.gz'))).toString('utf8'))
    .records,
})
const verdict = reportVerdict(report, false)
const lines = verdictLines(verdict, null)

describe('the verdict', () => {
  it("agrees with the report's own gate", () => {
    expect(verdict.failed).toEqual(report.gate.failed)
  })
})

describe('console report', () => {
  it('colours only a terminal, and never with NO_COLOR', () => {
    expect(useColour({ isTTY: true }, {})).toBe(true)
    expect(useColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false)
    expect(useColour({ isTTY: false }, {})).toBe(false)
    expect(useColour({ isTTY: true }, { TERM: 'dumb' })).toBe(false)
  })

  it('lists the findings most severe first, then the verdict; escape codes only with colour', () => {
    const plain = consoleReport(report, lines, false)
    expect(plain).not.toContain('\u001b[')
    const rows = plain.split('\n').filter((l) => /^(CRITICAL|HIGH|MEDIUM|LOW)\s/.test(l))
    expect(rows.length).toBeGreaterThan(0)
    const order = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']
    const ranks = rows.map((r) => order.indexOf(r.split(/\s+/)[0]!))
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(plain).toContain('Stability: not assessed')
    expect(
      plain.trimEnd().endsWith('Build unsuccessful! Failed checks: [security, stability, licensing]'),
    ).toBe(true)
    expect(consoleReport(report, lines, true)).toContain('\u001b[')
  })
})

describe('JUnit report', () => {
  it('has a suite per domain, the check as a case, and a failed case per finding', () => {
    const xml = junitXml(report, verdict)
    expect(xml.match(/<testsuite /g)).toHaveLength(3)
    expect(xml).toContain(
      '<testcase name="stability score" classname="sextant.stability"><failure message="stability was not assessed">',
    )
    const marked = xml.match(
      /<testcase name="marked 0\.3\.5: [^"]+" classname="sextant\.security\.nodejs"><failure/g,
    )
    expect(marked?.length).toBeGreaterThan(0)
    expect([...xml].some((c) => c.charCodeAt(0) < 0x09)).toBe(false)
  })
})
