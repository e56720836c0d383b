// CycloneDX exports (issue 6 acceptance 4): valid against the official 1.6 JSON schema through the
// library's own strict validator; the XML valid against the official 1.6 XSD (xmllint, see test-xsd.ts)
// and re-parsing to the same components, dependencies and vulnerabilities.
import { Spec, Validation } from '@cyclonedx/cyclonedx-library'
import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { QS_COPYRIGHT, sampleReport } from '../fixtures/sample-report'
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
