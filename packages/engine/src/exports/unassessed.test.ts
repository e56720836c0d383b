// Issue 14 "Unknown is not 100" in every download: a report built with an empty advisory store from an
// SBOM without a dependency graph says, in each format, that security was not assessed (n/a, never 100 or
// "0 vulnerabilities" as a clean result) and that the components' relationships are unknown (never all
// direct). Every format of the registry but the PDFs has its check here (the Record below does not
// compile otherwise); the PDFs' are @sextant/pdf's (packages/pdf/src/unassessed.test.ts).
import { describe, expect, it } from 'vitest'
import { buildReport } from '../report/build'
import type { ReportDocument } from '../report/document'
import { meta } from '../report/fixtures/reports'
import { unassessedCtx, unassessedReport } from '../testing/unassessed-report'
import {
  EXPORT_FORMATS,
  type ExportFormat,
  isPdfFormat,
  type PdfFormat,
  renderExport,
  verdicts,
} from './index'

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8')

function csvRows(csv: string): Record<string, string>[] {
  const [header, ...rows] = csv
    .trim()
    .split('\r\n')
    .map((l) => l.split(','))
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])))
}

interface CdxProperty {
  name: string
  value: string
}

// the PDF formats' checks are @sextant/pdf's (packages/pdf/src/unassessed.test.ts)
const checks: Record<Exclude<ExportFormat, PdfFormat>, (bytes: Uint8Array, doc: ReportDocument) => void> = {
  json: (bytes) => {
    const doc = JSON.parse(text(bytes)) as ReportDocument
    expect(doc.status).toBe('PARTIAL')
    expect(doc.security.score).toBeNull()
    expect(doc.security.assessment.state).toBe('none')
    expect(doc.outcome).toBe('FAIL')
    expect(doc.summary).toMatchObject({ direct: 0, transitive: 0, unknownRelationships: 2 })
  },
  bible_json: (bytes) => {
    const bible = JSON.parse(text(bytes)) as { languages: { components: unknown[] }[] }
    expect(bible.languages.flatMap((l) => l.components)).toHaveLength(2)
  },
  sbom_csv: (bytes) => {
    const rows = csvRows(text(bytes))
    expect(rows.map((r) => [r.NAME, r.DEPENDENCY, r.VULNERABILITIES])).toEqual([
      ['lodash', 'unknown', 'n/a'],
      ['ms', 'unknown', 'n/a'],
    ])
  },
  licenses_csv: (bytes) => {
    expect(csvRows(text(bytes)).map((r) => r.DEPENDENCY)).toEqual(['unknown', 'unknown'])
  },
  stability_csv: (bytes) => {
    expect(csvRows(text(bytes)).map((r) => r.COMPONENT)).toEqual(['lodash', 'ms'])
  },
  vulnerabilities_csv: (bytes) => {
    // no rows: nothing was matched; the report, the PDF and the SBOMs say security was not assessed
    expect(csvRows(text(bytes))).toEqual([])
  },
  'sbom-cdx.json': (bytes) => {
    const bom = JSON.parse(text(bytes)) as {
      metadata: { properties: CdxProperty[]; component: { 'bom-ref': string } }
      components: { properties: CdxProperty[] }[]
      dependencies: { ref: string; dependsOn?: string[] }[]
    }
    expect(bom.metadata.properties).toEqual(
      expect.arrayContaining([
        { name: 'sextant:report:status', value: 'PARTIAL' },
        { name: 'sextant:assessment:security', value: 'none' },
        { name: 'sextant:assessment:stability', value: 'complete' },
      ]),
    )
    for (const c of bom.components)
      expect(c.properties).toContainEqual({ name: 'sextant:transitive', value: 'unknown' })
    // the project is not said to depend on them directly
    const root = bom.dependencies.find((d) => d.ref === bom.metadata.component['bom-ref'])
    expect(root?.dependsOn ?? []).toEqual([])
  },
  'sbom-cdx.xml': (bytes) => {
    const xml = text(bytes)
    expect(xml).toContain('<property name="sextant:assessment:security">none</property>')
    expect(xml.match(/<property name="sextant:transitive">unknown<\/property>/g)).toHaveLength(2)
  },
  'sbom-spdx.json': (bytes) => {
    const spdx = JSON.parse(text(bytes)) as {
      packages: { SPDXID: string }[]
      relationships: { spdxElementId: string; relationshipType: string; relatedSpdxElement: string }[]
      documentDescribes?: string[]
    }
    expect(spdx.packages).toHaveLength(3)
    expect(spdx.relationships.filter((r) => r.relationshipType === 'DEPENDS_ON')).toEqual([])
  },
}

describe('downloads of a report that could not be assessed (issue 14)', () => {
  const doc = unassessedReport()

  it('is the report the checks expect: security not assessed, relationships unknown', () => {
    expect(doc.security.assessment.state).toBe('none')
    expect(doc.stability.assessment.state).toBe('complete')
  })

  it.each(EXPORT_FORMATS.filter((f) => !isPdfFormat(f)))('%s says what was not assessed', async (format) => {
    checks[format as keyof typeof checks](await renderExport(format, doc, unassessedCtx), doc)
  })

  it('a licence that could not be assessed is not "no licence issues" in the PDF verdict', () => {
    const partial = buildReport({
      uuid: 'r-partial',
      projectUuid: 'p1',
      branch: 'main',
      now: new Date('2026-03-01T00:00:00Z'),
      graph: {
        root: { name: 'app', version: '1.0.0' },
        components: [
          {
            purl: 'pkg:npm/lodash@4.17.21',
            ecosystem: 'npm',
            name: 'lodash',
            version: '4.17.21',
            scope: 'prod',
            direct: true,
            source: 'registry',
            locations: [{ file: 'package-lock.json' }],
          },
          {
            purl: 'pkg:npm/left-pad@1.3.0',
            ecosystem: 'npm',
            name: 'left-pad',
            version: '1.3.0',
            scope: 'prod',
            direct: true,
            source: 'registry',
            locations: [{ file: 'package-lock.json' }],
          },
        ] as never,
        edges: [],
      },
      warnings: [],
      thresholds: { security: 90, stability: 80, licensing: 95 },
      advisories: [],
      metadata: new Map([
        ['npm/lodash', meta(['4.17.21'])],
        ['npm/left-pad', null],
      ]),
    })
    const licensing = verdicts(partial).find((v) => v.domain === 'licensing')!
    expect(licensing.line).toMatch(/No licence issues in the 1 of 2 components assessed; 1 not assessed\./)
  })
})
