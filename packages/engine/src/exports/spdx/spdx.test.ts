// SPDX 2.3 JSON export: required document fields, one package per component with its purl and
// declared licence, DEPENDS_ON edges; and our own SPDX extractor reads it back to the same graph.
import { describe, expect, it } from 'vitest'
import { extractorById } from '../../extractors'
import { integrityHashes } from '../../model'
import {
  QS_COPYRIGHT,
  QS_INTEGRITY,
  sampleReport,
  sampleReportWithScopes,
  scopesReadBack,
} from '../../testing/sample-report'
import { spdxJson } from './spdx'
import { spdxSchemaErrors } from './test-schema'

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

// Issue 19 "Exports auditors can use": checksums from the input's hashes, dev dependencies as
// DEV_DEPENDENCY_OF, the project's own version, the document within the SPDX 2.3 schema's rules; and
// the SPDX extractor reads scopes, checksums and the supplier back.
describe('SPDX export keeps what auditors need', () => {
  type Pkg = { SPDXID: string; name: string; versionInfo: string; checksums?: unknown; supplier?: string }
  const doc = JSON.parse(spdxJson(sampleReport(), ctx)) as {
    packages: Pkg[]
    relationships: { spdxElementId: string; relationshipType: string; relatedSpdxElement: string }[]
  }
  const pkg = (name: string) => doc.packages.find((p) => p.name === name)!

  it('follows the SPDX 2.3 schema rules (which refuse what they do not know)', () => {
    expect(spdxSchemaErrors(doc)).toBeNull()
    expect(spdxSchemaErrors({ ...doc, packages: [{ ...pkg('qs'), hashes: [] }] })).toMatch(
      /additionalProperties/,
    )
    expect(
      spdxSchemaErrors({
        ...doc,
        packages: [{ ...pkg('qs'), checksums: [{ algorithm: 'SHA-512', checksumValue: 'ab' }] }],
      }),
    ).toMatch(/enum/)
  })

  it('writes the checksums the input had', () => {
    expect(pkg('qs').checksums).toEqual([
      {
        algorithm: 'SHA512',
        checksumValue: Buffer.from(QS_INTEGRITY.slice('sha512-'.length), 'base64').toString('hex'),
      },
    ])
    expect(pkg('express').checksums).toBeUndefined()
  })

  it('relates dev dependencies by DEV_DEPENDENCY_OF, production ones by DEPENDS_ON', () => {
    const rel = (from: string, type: string, to: string) => ({
      spdxElementId: from,
      relationshipType: type,
      relatedSpdxElement: to,
    })
    expect(doc.relationships).toContainEqual(rel(pkg('mocha').SPDXID, 'DEV_DEPENDENCY_OF', 'SPDXRef-Project'))
    expect(doc.relationships).toContainEqual(
      rel(pkg('left-pad').SPDXID, 'DEV_DEPENDENCY_OF', pkg('mocha').SPDXID),
    )
    expect(doc.relationships).toContainEqual(rel('SPDXRef-Project', 'DEPENDS_ON', pkg('express').SPDXID))
    expect(doc.relationships.filter((r) => r.relatedSpdxElement === pkg('mocha').SPDXID)).toEqual([
      rel(pkg('left-pad').SPDXID, 'DEV_DEPENDENCY_OF', pkg('mocha').SPDXID),
    ])
  })

  it("names the project's version, the supplier and licences as given", () => {
    expect(pkg('shop-front').versionInfo).toBe('1.0.0')
    expect(pkg('lodash')).toMatchObject({
      supplier: 'Organization: OpenJS Foundation',
      licenseDeclared: 'MIT OR CC0-1.0',
    })
  })

  it('is read back by the SPDX extractor with the same scopes, checksums and supplier', () => {
    const result = extractorById('spdx-json')!.extract(
      { path: 'bom.spdx.json', content: spdxJson(sampleReport(), ctx) },
      { readFile: () => null },
    )
    if (!result.ok) throw new Error(result.error.message)
    const byName = new Map(result.graph.components.map((c) => [c.name, c]))
    expect([...byName].map(([n, c]) => [n, c.scope, c.direct]).sort()).toEqual([
      ['@scope/odd,name', 'prod', true],
      ['express', 'prod', true],
      ['left-pad', 'dev', false],
      ['lodash', 'prod', true],
      ['mocha', 'dev', true],
      ['qs', 'prod', false],
    ])
    expect(byName.get('qs')!.hashes).toEqual(integrityHashes(QS_INTEGRITY))
    expect(byName.get('lodash')).toMatchObject({
      supplier: 'OpenJS Foundation',
      declaredLicences: ['MIT OR CC0-1.0'],
    })
  })
})

describe('SPDX export keeps Maven-style scopes', () => {
  it('relates test, provided and optional dependencies so the extractor reads them back', () => {
    const doc = sampleReportWithScopes()
    const text = spdxJson(doc, ctx)
    expect(spdxSchemaErrors(JSON.parse(text))).toBeNull()
    const result = extractorById('spdx-json')!.extract(
      { path: 'bom.spdx.json', content: text },
      { readFile: () => null },
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(scopesReadBack(result.graph)).toEqual(['provided', 'optional', 'test', 'dev'])
  })
})
