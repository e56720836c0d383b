// Test helper (issue 14 "Downloads"): a report of an SBOM that could not be assessed: the advisory store
// held nothing (security not assessed) and the SBOM gives no relationships. The downloads' tests, in the
// engine and in @sextant/pdf, check that every format says so. Never product code.
import { cyclonedxJsonExtractor } from '../extractors/cyclonedx-json/extractor'
import { buildReport } from '../report/build'
import type { ReportDocument } from '../report/document'
import { meta } from '../report/fixtures/reports'

export const unassessedCtx = { projectName: 'sbom-app', generatedAt: new Date('2026-03-01T00:00:00Z') }

export function unassessedReport(): ReportDocument {
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: [
      {
        type: 'library',
        name: 'lodash',
        version: '4.17.20',
        purl: 'pkg:npm/lodash@4.17.20',
        licenses: [{ license: { id: 'MIT' } }],
      },
      {
        type: 'library',
        name: 'ms',
        version: '2.1.3',
        purl: 'pkg:npm/ms@2.1.3',
        licenses: [{ license: { id: 'MIT' } }],
      },
    ],
  }
  const extracted = cyclonedxJsonExtractor.extract(
    { path: 'bom.cdx.json', content: JSON.stringify(bom) },
    { readFile: () => null },
  )
  if (!extracted.ok) throw new Error(extracted.error.message)
  return buildReport({
    uuid: 'r-unassessed',
    projectUuid: 'p1',
    branch: 'main',
    now: new Date('2026-03-01T00:00:00Z'),
    graph: extracted.graph,
    warnings: extracted.warnings,
    thresholds: { security: 90, stability: 80, licensing: 95 },
    // the advisory store held nothing
    advisories: null,
    metadata: new Map([
      ['npm/lodash', meta(['4.17.20', '4.17.21'])],
      ['npm/ms', meta(['2.1.3'])],
    ]),
  })
}
