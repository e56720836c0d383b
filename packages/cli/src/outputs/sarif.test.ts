// Issue 15 acceptance 3: the SARIF output validates against the SARIF 2.1.0 JSON schema (fixtures/,
// from @microsoft/jest-sarif) with ajv, and every result points at a real line of a manifest that
// brings the dependency in: the line declares the vulnerable library itself or its direct introducer.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { buildReport, extractProject, parseOsvJsonl, type SourceFile } from '@sextant/engine'
import Ajv from 'ajv-draft-04'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../../../engine/src/testing/corpus'
import { ManifestLines, namesOfRef } from './manifest-lines'
import { sarifLog } from './sarif'

const schema = JSON.parse(readFileSync(new URL('./fixtures/sarif-2.1.0-rtm.5.json', import.meta.url), 'utf8'))
// unicodeRegExp off: one pattern of the schema (a language tag) is not valid as a `u` regular expression.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false })
addFormats(ajv)
const validate = ajv.compile(schema)
const advisories = parseOsvJsonl(
  gunzipSync(readFileSync(join(corpusDir, 'osv/npm.jsonl.gz'))).toString('utf8'),
).records

function filesOf(dir: string): SourceFile[] {
  const out: SourceFile[] = []
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name))
      else out.push({ path: relative(dir, join(d, e.name)), content: readFileSync(join(d, e.name), 'utf8') })
    }
  }
  walk(dir)
  return out
}

interface Result {
  ruleId: string
  message: { text: string }
  properties: { library: string; version: string }
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[]
}

describe.each(['nodegoat', 'realworld-express-api', 'vscode-chrome-debug'])('SARIF of %s', (project) => {
  const files = filesOf(join(corpusDir, 'projects', project))
  const report = buildReport({
    uuid: 'r',
    projectUuid: 'p',
    branch: 'main',
    now: new Date('2026-01-01T00:00:00Z'),
    graph: extractProject(files).graph,
    warnings: [],
    thresholds: { security: 90, stability: 80, licensing: 95 },
    advisories,
  })
  const lines = new ManifestLines(files)
  const log = sarifLog(report, lines, '0.1.0') as {
    runs: { results: Result[]; tool: { driver: { rules: { id: string }[] } } }[]
  }

  it('validates against the SARIF 2.1.0 schema', () => {
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
  })

  it('has one result per finding, each at a manifest line declaring the library or what brings it in', () => {
    const results = log.runs[0]!.results
    const findings = report.security.assessments.flatMap((a) =>
      a.reports.flatMap((r) => r.advices.filter((x) => x.type === 'security' && !x.exclusions?.length)),
    )
    expect(results.length).toBe(findings.length)
    expect(results.length).toBeGreaterThan(0)
    const rules = new Set(log.runs[0]!.tool.driver.rules.map((r) => r.id))
    for (const r of results) {
      expect(rules.has(r.ruleId)).toBe(true)
      const loc = r.locations[0]!.physicalLocation
      const text = lines.text(loc.artifactLocation.uri, loc.region.startLine)
      expect(text, `${r.message.text} at ${loc.artifactLocation.uri}:${loc.region.startLine}`).not.toBeNull()
      const component = report.security.assessments
        .flatMap((a) => a.reports)
        .find(
          (c) =>
            c.dependency.library.name === r.properties.library &&
            c.dependency.version === r.properties.version,
        )!
      const names = [component.dependency.library.name, ...component.introducedBy.flatMap(namesOfRef)]
      expect(
        names.some((n) => text!.includes(`"${n}"`)),
        `${loc.artifactLocation.uri}:${loc.region.startLine} '${text}' names none of ${names.slice(0, 3).join(', ')}`,
      ).toBe(true)
    }
  })
})
