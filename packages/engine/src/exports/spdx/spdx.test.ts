// SPDX 2.3 JSON export: required document fields, one package per component with its purl and
// declared licence, DEPENDS_ON edges; and our own SPDX extractor reads it back to the same graph.
import { describe, expect, it } from 'vitest'
import { extractorById } from '../../extractors'
import { QS_COPYRIGHT, sampleReport } from '../fixtures/sample-report'
import { spdxJson } from './spdx'

const ctx = { projectName: 'shop-front', generatedAt: new Date('2025-03-04T06:00:00.123Z') }

describe('SPDX export', () => {
  it('writes an SPDX 2.3 document with packages, licences and relationships', () => {
    const doc = JSON.parse(spdxJson(sampleReport(), ctx))
    expect(doc).toMatchObject({
      spdxVersion: 'SPDX-2.3',
      dataLicense: 'CC0-1.0',
      SPDXID: 'SPDXRef-DOCUMENT',
      creationInfo: { created: '2025-03-04T06:00:00Z', creators: ['Tool: sextant'] },
    })
    expect(doc.packages).toHaveLength(7)
    for (const p of doc.packages) expect(p.SPDXID).toMatch(/^SPDXRef-[A-Za-z0-9.-]+$/)
    const qs = doc.packages.find((p: { name: string }) => p.name === 'qs')
    expect(qs).toMatchObject({
      versionInfo: '6.7.0',
      licenseDeclared: 'BSD-3-Clause',
      copyrightText: QS_COPYRIGHT,
      externalRefs: [{ referenceType: 'purl', referenceLocator: 'pkg:npm/qs@6.7.0' }],
    })
    const odd = doc.packages.find((p: { name: string }) => p.name === '@scope/odd,name')
    expect(odd.licenseDeclared).toBe('NOASSERTION')
    expect(odd.copyrightText).toBe('NOASSERTION')
    const express = doc.packages.find((p: { name: string }) => p.name === 'express')
    expect(doc.relationships).toContainEqual({
      spdxElementId: express.SPDXID,
      relationshipType: 'DEPENDS_ON',
      relatedSpdxElement: qs.SPDXID,
    })
  })

  it('is read back by the SPDX extractor to the same components', () => {
    const text = spdxJson(sampleReport(), ctx)
    const result = extractorById('spdx-json')!.extract(
      { path: 'bom.spdx.json', content: text },
      { readFile: () => null },
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.graph.components.map((c) => c.purl).sort()).toEqual(
      sampleReport()
        .security.assessments[0]!.reports.map(
          (r) =>
            `pkg:npm/${r.dependency.library.name.replace('@', '%40').replace(',', '%2C')}@${r.dependency.version}`,
        )
        .sort(),
    )
  })
})
