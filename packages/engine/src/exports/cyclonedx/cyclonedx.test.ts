// CycloneDX exports (issue 6 acceptance 4): valid against the official 1.6 JSON schema through the
// library's own strict validator; the XML valid against the official 1.6 XSD (xmllint, see test-xsd.ts)
// and re-parsing to the same components, dependencies and vulnerabilities.
import { Spec, Validation } from '@cyclonedx/cyclonedx-library'
import { XMLParser } from 'fast-xml-parser'
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
import { cyclonedxJson, cyclonedxXml } from './serialize'
import { cyclonedxXsdErrors } from './test-xsd'

const ctx = { projectName: 'shop-front', generatedAt: new Date('2025-03-04T06:00:00Z') }

describe('CycloneDX export', () => {
  it('writes JSON that the library validates against the 1.6 schema', async () => {
    const text = cyclonedxJson(sampleReport(), ctx)
    const errors = await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(text)
    expect(errors).toBeNull()
    const bom = JSON.parse(text)
    expect(bom.specVersion).toBe('1.6')
    expect(bom.serialNumber).toBe('urn:uuid:2b1f1c0e-0000-4000-8000-000000000001')
    expect(bom.components).toHaveLength(6)
    const qs = bom.components.find((c: { name: string }) => c.name === 'qs')
    expect(qs).toMatchObject({
      purl: 'pkg:npm/qs@6.7.0',
      licenses: [{ license: { id: 'BSD-3-Clause' } }],
      copyright: QS_COPYRIGHT,
    })
    expect(bom.components.find((c: { name: string }) => c.name === 'lodash').copyright).toBeUndefined()
    const odd = bom.components.find((c: { name: string }) => c.name === 'odd,name')
    expect(odd).toMatchObject({ group: '@scope', purl: 'pkg:npm/%40scope/odd%2Cname@1.0.0' })
    const root = bom.dependencies.find((d: { ref: string }) => d.ref === bom.metadata.component['bom-ref'])
    expect(root.dependsOn).toHaveLength(4)
    const express = bom.dependencies.find((d: { ref: string }) => d.ref === 'pkg:npm/express@4.17.1')
    expect(express.dependsOn).toEqual(['pkg:npm/qs@6.7.0'])
    expect(bom.vulnerabilities).toHaveLength(2)
    expect(bom.vulnerabilities.find((v: { id: string }) => v.id === 'CVE-2022-24999')).toMatchObject({
      ratings: [{ score: 7.5, severity: 'high', method: 'CVSSv31' }],
      cwes: [400],
      affects: [{ ref: 'pkg:npm/qs@6.7.0' }],
      recommendation: 'Upgrade to 6.7.3.',
    })
  })

  it('writes XML that validates against the official 1.6 XSD', () => {
    const text = cyclonedxXml(sampleReport(), ctx)
    expect(cyclonedxXsdErrors(text)).toBeNull()
    // The check has teeth: an element the schema does not know is refused.
    const tampered = text.replace('<components>', '<components><unknown/>')
    expect(cyclonedxXsdErrors(tampered)).toMatch(/unknown/)
  })

  it('fails with the install command when xmllint is missing', () => {
    expect(() => cyclonedxXsdErrors('<bom/>', { bin: '/nonexistent/xmllint' })).toThrow(
      'apt-get install -y libxml2-utils',
    )
  })

  it('writes XML in the 1.6 namespace that re-parses to the same BOM', () => {
    const text = cyclonedxXml(sampleReport(), ctx)
    expect(text.startsWith('<?xml')).toBe(true)
    const parsed = new XMLParser({
      ignoreAttributes: false,
      isArray: (n) => ['component', 'dependency', 'vulnerability'].includes(n),
    }).parse(text)
    expect(parsed.bom['@_xmlns']).toBe('http://cyclonedx.org/schema/bom/1.6')
    expect(parsed.bom.components.component).toHaveLength(6)
    expect(parsed.bom.vulnerabilities.vulnerability).toHaveLength(2)
    expect(text).toContain('&lt;script&gt;')
    expect(text).not.toContain('<script>')
  })
})

// Issue 19 "Exports auditors can use": what the input gave is kept, and the CycloneDX extractors read
// the export back to the same components, scopes, hashes, suppliers and licences (JSON and XML).
describe('CycloneDX export keeps what auditors need', () => {
  type Json = Record<string, unknown> & { name: string }
  const bom = JSON.parse(cyclonedxJson(sampleReport(), ctx)) as {
    metadata: { component: { version?: string; properties: { name: string; value: string }[] } }
    components: (Json & { scope?: string; properties: { name: string; value: string }[] })[]
    vulnerabilities: { id: string; ratings: unknown[] }[]
  }
  const component = (name: string) => bom.components.find((c) => c.name === name)!

  it('keeps the hashes the input had, in hex', () => {
    expect(component('qs').hashes).toEqual([
      {
        alg: 'SHA-512',
        content: Buffer.from(QS_INTEGRITY.slice('sha512-'.length), 'base64').toString('hex'),
      },
    ])
    expect(component('express').hashes).toBeUndefined()
  })

  it('rates with the CVSS method, vector and score of the advisory', () => {
    expect(bom.vulnerabilities.find((v) => v.id === 'CVE-2021-23337')!.ratings).toEqual([
      {
        score: 7.2,
        severity: 'high',
        method: 'CVSSv31',
        vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H',
      },
    ])
  })

  it('marks dev-only components excluded and npm development', () => {
    for (const name of ['mocha', 'left-pad']) {
      expect(component(name).scope).toBe('excluded')
      expect(component(name).properties).toContainEqual({
        name: 'cdx:npm:package:development',
        value: 'true',
      })
    }
    expect(component('express').scope).toBe('required')
    expect(component('express').properties.map((p) => p.name)).not.toContain('cdx:npm:package:development')
  })

  it("names the project's own version, not the branch", () => {
    expect(bom.metadata.component.version).toBe('1.0.0')
    expect(bom.metadata.component.properties).toContainEqual({ name: 'sextant:branch', value: 'main' })
  })

  it('writes suppliers and licences as the input gave them', () => {
    expect(component('lodash')).toMatchObject({
      supplier: { name: 'OpenJS Foundation' },
      licenses: [{ expression: 'MIT OR CC0-1.0' }],
    })
    // from the registry, not the input: the report's licences as before
    expect(component('qs').licenses).toMatchObject([{ license: { id: 'BSD-3-Clause' } }])
  })

  it.each([
    ['cyclonedx-json', 'bom.cdx.json', cyclonedxJson],
    ['cyclonedx-xml', 'bom.cdx.xml', cyclonedxXml],
  ] as const)('is read back by %s to the same scopes, hashes, suppliers and licences', (id, path, write) => {
    const result = extractorById(id)!.extract(
      { path, content: write(sampleReport(), ctx) },
      { readFile: () => null },
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const byName = new Map(result.graph.components.map((c) => [c.name, c]))
    expect([...byName].map(([n, c]) => [n, c.scope]).sort()).toEqual([
      ['@scope/odd,name', 'prod'],
      ['express', 'prod'],
      ['left-pad', 'dev'],
      ['lodash', 'prod'],
      ['mocha', 'dev'],
      ['qs', 'prod'],
    ])
    expect(byName.get('qs')!.hashes).toEqual(integrityHashes(QS_INTEGRITY))
    expect(byName.get('lodash')).toMatchObject({
      supplier: 'OpenJS Foundation',
      declaredLicences: ['MIT OR CC0-1.0'],
    })
    expect(result.graph.root).toEqual({ name: 'shop-front', version: '1.0.0' })
  })
})

describe('CycloneDX export keeps Maven-style scopes', () => {
  // CycloneDX knows required / optional / excluded only: `sextant:scope` keeps test and provided apart
  const doc = sampleReportWithScopes()

  it.each([
    ['cyclonedx-json', 'bom.cdx.json', cyclonedxJson],
    ['cyclonedx-xml', 'bom.cdx.xml', cyclonedxXml],
  ] as const)('is read back by %s with test, provided and optional', (id, path, write) => {
    const text = write(doc, ctx)
    const result = extractorById(id)!.extract({ path, content: text }, { readFile: () => null })
    if (!result.ok) throw new Error(result.error.message)
    expect(scopesReadBack(result.graph)).toEqual(['provided', 'optional', 'test', 'dev'])
  })

  it('trusts sextant:scope only where it agrees with the CycloneDX scope', () => {
    const text = cyclonedxJson(doc, ctx).replace('"value": "provided"', '"value": "test"')
    const result = extractorById('cyclonedx-json')!.extract(
      { path: 'bom.cdx.json', content: text },
      { readFile: () => null },
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(result.graph.components.find((c) => c.name === 'express')?.scope).toBe('prod')
  })
})
