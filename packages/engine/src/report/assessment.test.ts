// Issue 14 acceptance 2 (engine part): report building over what could not be assessed → the right
// status, "not assessed" where due, never a score for an unassessed domain, and the gate and exit code
// following. The server's builds test checks the same through the API.
import { describe, expect, it } from 'vitest'
import { osvRecord } from '../advisories/test-records'
import { cyclonedxJsonExtractor as cdxJson } from '../extractors/cyclonedx-json/extractor'
import type { Component, DependencyGraph, Ecosystem, Warning } from '../model'
import { makePurl, ROOT } from '../model'
import { CLI_EXIT_CODES, exitCodeOfReport } from '../scoring'
import { type BuildReportInput, buildReport, type PackageMetadataInput } from './build'
import type { AdvisorySnapshot, ReportDocument } from './document'
import { buildFailedReport } from './failed-report'
import { meta, vuln } from './fixtures/reports'

const NOW = new Date('2026-03-01T00:00:00Z')

function component(ecosystem: Ecosystem, type: string, name: string, version: string): Component {
  return {
    purl: makePurl(type, name, version),
    ecosystem,
    name,
    version,
    scope: 'prod',
    direct: true,
    source: 'registry',
    locations: [{ file: 'input' }],
  }
}
const npm = (name: string, version: string) => component('npm', 'npm', name, version)
const maven = (name: string, version: string) => component('maven', 'maven', name, version)
const golang = (name: string, version: string) => component('golang', 'golang', name, version)

function graphOf(components: Component[]): DependencyGraph {
  return {
    root: { name: 'app', version: '1.0.0' },
    components,
    edges: components.map((c) => ({ from: ROOT, to: c.purl })),
  }
}

function snapshot(state: AdvisorySnapshot['state'], byEcosystem: Record<string, number>): AdvisorySnapshot {
  const records = Object.values(byEcosystem).reduce((a, b) => a + b, 0)
  return {
    state,
    records,
    byEcosystem,
    sources: [],
    lastSuccessAt: state === 'stale' ? '2026-02-20T00:00:00.000Z' : '2026-02-28T23:00:00.000Z',
    syncIntervalHours: 24,
    problem: state === 'stale' ? 'last successful sync 216 h ago, sync interval 24 h' : null,
    takenAt: NOW.toISOString(),
  }
}

const lodashMeta = meta(['4.17.20', '4.17.21'])
const fresh = snapshot('fresh', { npm: 2, maven: 1 })

function build(over: Partial<BuildReportInput> & { components: Component[] }): ReportDocument {
  const { components, ...rest } = over
  return buildReport({
    uuid: 'r1',
    projectUuid: 'p1',
    branch: 'main',
    now: NOW,
    graph: graphOf(components),
    warnings: [],
    thresholds: { security: 90, stability: 80, licensing: 95 },
    advisories: [],
    advisorySnapshot: fresh,
    metadata: new Map<string, PackageMetadataInput | null>(
      components.map((c) => [`${c.ecosystem}/${c.name}`, meta([c.version])]),
    ),
    ...rest,
  })
}

const pomWarning: Warning = {
  file: 'pom.xml',
  line: 12,
  message:
    'the POM for org.apache.zeppelin:zeppelin-zengine:0.11.1 could not be fetched: its dependencies are unresolved',
  gap: 'incomplete-graph',
}

type Domain = 'security' | 'stability' | 'licensing'
interface Case {
  name: string
  doc: () => ReportDocument
  status: ReportDocument['status']
  states: [Domain, 'complete' | 'partial' | 'none'][]
  gaps: string[]
  exitCode: number
}

const cases: Case[] = [
  {
    name: 'everything assessed',
    doc: () => build({ components: [npm('lodash', '4.17.21')] }),
    status: 'OK',
    states: [
      ['security', 'complete'],
      ['stability', 'complete'],
      ['licensing', 'complete'],
    ],
    gaps: [],
    exitCode: 0,
  },
  {
    name: 'empty advisory store',
    doc: () =>
      build({
        components: [npm('lodash', '4.17.20')],
        advisories: null,
        advisorySnapshot: snapshot('empty', {}),
      }),
    status: 'PARTIAL',
    states: [
      ['security', 'none'],
      ['stability', 'complete'],
      ['licensing', 'complete'],
    ],
    gaps: ['no-advisory-data'],
    exitCode: 1,
  },
  {
    name: 'stale advisory store',
    doc: () =>
      build({
        components: [npm('lodash', '4.17.21')],
        advisories: [vuln('GHSA-1', 'lodash', '4.17.21')],
        advisorySnapshot: snapshot('stale', { npm: 1 }),
      }),
    status: 'PARTIAL',
    states: [
      ['security', 'partial'],
      ['stability', 'complete'],
      ['licensing', 'complete'],
    ],
    gaps: ['stale-advisories'],
    exitCode: 1,
  },
  {
    name: 'unfetchable POM (zeppelin-server offline)',
    doc: () =>
      build({
        components: [maven('org.apache.zeppelin:zeppelin-server', '0.11.1')],
        warnings: Array.from({ length: 76 }, (_, i) => ({ ...pomWarning, line: i + 1 })),
      }),
    status: 'PARTIAL',
    states: [
      ['security', 'partial'],
      ['stability', 'partial'],
      ['licensing', 'partial'],
    ],
    gaps: ['incomplete-graph'],
    exitCode: 7,
  },
  {
    name: 'Gradle build whose components got no metadata',
    doc: () =>
      build({
        components: [maven('org.slf4j:slf4j-api', '2.0.9'), maven('com.google.guava:guava', '32.1.2-jre')],
        metadata: new Map([
          ['maven/org.slf4j:slf4j-api', null],
          ['maven/com.google.guava:guava', null],
        ]),
      }),
    status: 'PARTIAL',
    states: [
      ['security', 'complete'],
      ['stability', 'none'],
      ['licensing', 'none'],
    ],
    gaps: ['missing-metadata'],
    exitCode: 6,
  },
  {
    name: 'some components without metadata',
    doc: () =>
      build({
        components: [npm('lodash', '4.17.21'), npm('left-pad', '1.3.0')],
        metadata: new Map([
          ['npm/lodash', lodashMeta],
          ['npm/left-pad', null],
        ]),
      }),
    status: 'PARTIAL',
    states: [
      ['security', 'complete'],
      ['stability', 'partial'],
      ['licensing', 'partial'],
    ],
    gaps: ['missing-metadata'],
    exitCode: 6,
  },
  {
    name: 'a file skipped with a warning',
    doc: () =>
      build({
        components: [npm('lodash', '4.17.21')],
        warnings: [{ file: 'yarn.lock', message: 'unreadable entry skipped', gap: 'skipped-input' }],
      }),
    status: 'PARTIAL',
    states: [
      ['security', 'partial'],
      ['stability', 'partial'],
      ['licensing', 'partial'],
    ],
    gaps: ['skipped-input'],
    exitCode: 7,
  },
  {
    name: 'nothing readable: the only file skipped',
    doc: () =>
      build({
        components: [],
        warnings: [{ file: 'package-lock.json', message: 'invalid JSON, skipped', gap: 'skipped-input' }],
      }),
    status: 'UNSUPPORTED',
    states: [
      ['security', 'partial'],
      ['stability', 'partial'],
      ['licensing', 'partial'],
    ],
    gaps: ['skipped-input'],
    exitCode: CLI_EXIT_CODES.unsupportedProject,
  },
  {
    name: 'only purl types Sextant cannot assess',
    doc: () => build({ components: [golang('github.com/pkg/errors', '0.9.1')], metadata: new Map() }),
    status: 'UNSUPPORTED',
    states: [
      ['security', 'none'],
      ['stability', 'none'],
      ['licensing', 'none'],
    ],
    gaps: ['unsupported-ecosystem'],
    exitCode: CLI_EXIT_CODES.unsupportedProject,
  },
  {
    name: 'only purl types Sextant cannot assess, with an empty advisory store',
    doc: () =>
      build({
        components: [golang('github.com/pkg/errors', '0.9.1')],
        metadata: new Map(),
        advisories: null,
        advisorySnapshot: snapshot('empty', {}),
      }),
    status: 'UNSUPPORTED',
    states: [
      ['security', 'none'],
      ['stability', 'none'],
      ['licensing', 'none'],
    ],
    gaps: ['unsupported-ecosystem'],
    exitCode: CLI_EXIT_CODES.unsupportedProject,
  },
  {
    name: 'some purl types Sextant cannot assess',
    doc: () =>
      build({
        components: [npm('lodash', '4.17.21'), golang('github.com/pkg/errors', '0.9.1')],
        metadata: new Map([['npm/lodash', lodashMeta]]),
      }),
    status: 'PARTIAL',
    states: [
      ['security', 'partial'],
      ['stability', 'partial'],
      ['licensing', 'partial'],
    ],
    gaps: ['unsupported-ecosystem'],
    exitCode: 7,
  },
  {
    name: 'an ecosystem the advisory store holds nothing of',
    doc: () =>
      build({
        components: [npm('lodash', '4.17.21'), maven('org.slf4j:slf4j-api', '2.0.9')],
        advisorySnapshot: snapshot('fresh', { npm: 10 }),
      }),
    status: 'PARTIAL',
    states: [
      ['security', 'partial'],
      ['stability', 'complete'],
      ['licensing', 'complete'],
    ],
    gaps: ['ecosystem-without-advisories'],
    exitCode: 1,
  },
  {
    name: 'unorderable versions (debian, 2.x)',
    doc: () =>
      build({
        components: [maven('org.slf4j:slf4j-api', 'debian'), npm('lodash', '2.x')],
        advisories: [
          vuln('GHSA-npm', 'lodash', '4.17.21'),
          osvRecord('GHSA-mvn', [
            {
              ecosystem: 'Maven',
              name: 'org.slf4j:slf4j-api',
              events: [{ introduced: '0' }, { fixed: '9.9' }],
            },
          ]),
        ],
      }),
    status: 'PARTIAL',
    states: [
      ['security', 'none'],
      ['stability', 'none'],
      ['licensing', 'complete'],
    ],
    gaps: ['unorderable-version'],
    exitCode: 3,
  },
]

const caseNamed = (name: string): Case => {
  const found = cases.find((c) => c.name === name)
  if (!found) throw new Error(`no case ${name}`)
  return found
}

describe('report building over what could not be assessed (issue 14)', () => {
  it.each(cases)('$name → $status', (c) => {
    const doc = c.doc()
    expect(doc.status).toBe(c.status)
    for (const [domain, state] of c.states) {
      const section = doc[domain]
      expect(section.assessment.state, domain).toBe(state)
      // never a number for a domain not assessed whole, in particular never a clean 100
      if (state === 'complete') expect(section.score, domain).toEqual(expect.any(Number))
      else expect(section.score, domain).toBeNull()
      expect(section.assessed, domain).toBe(state !== 'none')
    }
    expect([...new Set(doc.gaps.map((g) => g.kind))].sort()).toEqual([...c.gaps].sort())
    // PARTIAL exactly when something is listed as missing, and each gap names its domains
    expect(doc.gaps.length > 0).toBe(doc.status !== 'OK')
    for (const g of doc.gaps) expect(g.domains.length).toBeGreaterThan(0)
    // the CI exit code (builds API, sextant scan) and the outcome follow: never 0 / PASS with a gap
    expect(exitCodeOfReport(doc.status, doc.gate.failed)).toBe(c.exitCode)
    expect(doc.outcome).toBe(c.exitCode === 0 ? 'PASS' : 'FAIL')
  })

  it('an analysis that failed → ERROR: nothing scored, every domain failing, the CI says the analysis failed', () => {
    const doc = buildFailedReport({
      uuid: 'r1',
      projectUuid: 'p1',
      branch: 'main',
      now: NOW,
      thresholds: { security: 90, stability: 80, licensing: 95 },
      message: 'the lockfile could not be read',
    })
    expect(doc.status).toBe('ERROR')
    for (const domain of ['security', 'stability', 'licensing'] as const) {
      expect(doc[domain].score).toBeNull()
      expect(doc[domain].assessment.state).toBe('none')
    }
    expect(doc.outcome).toBe('FAIL')
    expect(exitCodeOfReport(doc.status, doc.gate.failed)).toBe(CLI_EXIT_CODES.analysisFailed)
  })

  it('the banner says what is missing: 76 unfetchable POMs, with examples', () => {
    const doc = caseNamed('unfetchable POM (zeppelin-server offline)').doc()
    const gap = doc.gaps.find((g) => g.kind === 'incomplete-graph')!
    expect(gap.count).toBe(76)
    expect(gap.message).toMatch(/76 POMs, parents, BOMs or versions could not be fetched or resolved/)
    expect(gap.examples).toHaveLength(5)
    expect(gap.examples[0]).toContain('zeppelin-zengine')
    expect(gap.domains).toEqual(['security', 'stability', 'licensing'])
  })

  it('a partial domain passes on the score over what was assessed only when the account says so', () => {
    const input = {
      components: [npm('lodash', '4.17.21'), npm('left-pad', '1.3.0')],
      metadata: new Map([
        ['npm/lodash', lodashMeta],
        ['npm/left-pad', null],
      ]),
    }
    const strict = build(input)
    expect(strict.gate).toEqual({ failed: ['stability', 'licensing'], partialFails: true })
    const lenient = build({ ...input, gatePolicy: { partialFails: false } })
    expect(lenient.stability.score).toBeNull()
    expect(lenient.stability.assessment.partialScore).toBe(100)
    expect(lenient.gate).toEqual({ failed: [], partialFails: false })
    expect(lenient.outcome).toBe('PASS')
    // a domain not assessed at all fails whatever the setting
    const none = build({ ...input, advisories: null, gatePolicy: { partialFails: false } })
    expect(none.gate.failed).toEqual(['security'])
  })

  it('an unorderable version is flagged and never matched as a version', () => {
    const doc = caseNamed('unorderable versions (debian, 2.x)').doc()
    const reports = doc.security.assessments.flatMap((a) => a.reports)
    expect(reports.every((r) => r.unorderableVersion === true)).toBe(true)
    // `2.x` coerced would read 2.0.0 < 4.17.21 and `debian` would order below 9.9: neither matched
    expect(reports.flatMap((r) => r.advices)).toEqual([])
    const rows = doc.stability.reports.flatMap((r) => r.versions)
    expect(rows.every((r) => r.latestPatch === null && !r.newMajorVersionAvailable)).toBe(true)
  })

  it('an advisory listing the unorderable version exactly still matches', () => {
    const doc = build({
      components: [maven('org.slf4j:slf4j-api', 'debian')],
      advisories: [
        osvRecord('GHSA-listed', [{ ecosystem: 'Maven', name: 'org.slf4j:slf4j-api', versions: ['debian'] }]),
      ],
    })
    expect(doc.security.assessments[0]?.reports[0]?.advices.map((a) => a.id)).toEqual(['GHSA-listed'])
    expect(doc.security.score).toBeNull()
  })

  it('an SBOM without a dependency graph: relationships unknown, not "all direct"', () => {
    const bom = {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: [
        { type: 'library', name: 'lodash', version: '4.17.21', purl: 'pkg:npm/lodash@4.17.21' },
        { type: 'library', name: 'ms', version: '2.1.3', purl: 'pkg:npm/ms@2.1.3' },
      ],
    }
    const result = cdxJson.extract(
      { path: 'bom.cdx.json', content: JSON.stringify(bom) },
      { readFile: () => null },
    )
    if (!result.ok) throw new Error(result.error.message)
    const doc = buildReport({
      uuid: 'r1',
      projectUuid: 'p1',
      branch: 'main',
      now: NOW,
      graph: result.graph,
      warnings: result.warnings,
      thresholds: { security: 90, stability: 80, licensing: 95 },
      advisories: [],
    })
    expect(doc.summary).toMatchObject({ components: 2, direct: 0, transitive: 0, unknownRelationships: 2 })
    const reports = doc.security.assessments.flatMap((a) => a.reports)
    expect(reports.every((r) => r.relationshipUnknown === true)).toBe(true)
  })

  it('an SBOM with a dependency graph keeps direct and transitive', () => {
    const bom = {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      metadata: { component: { 'bom-ref': 'app', type: 'application', name: 'app' } },
      components: [
        {
          'bom-ref': 'a',
          type: 'library',
          name: 'lodash',
          version: '4.17.21',
          purl: 'pkg:npm/lodash@4.17.21',
        },
        { 'bom-ref': 'b', type: 'library', name: 'ms', version: '2.1.3', purl: 'pkg:npm/ms@2.1.3' },
      ],
      dependencies: [
        { ref: 'app', dependsOn: ['a'] },
        { ref: 'a', dependsOn: ['b'] },
      ],
    }
    const result = cdxJson.extract(
      { path: 'bom.cdx.json', content: JSON.stringify(bom) },
      { readFile: () => null },
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(result.graph.components.some((c) => c.relationshipUnknown)).toBe(false)
  })
})
