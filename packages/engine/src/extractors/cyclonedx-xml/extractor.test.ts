import { describe, expect, it } from 'vitest'
import { component, contextOf, edgeList, fixture, graphOf } from '../shared/test-support'
import { cyclonedxXmlExtractor as x } from './extractor'

const read = (content: string) => x.extract({ path: 'bom.xml', content }, contextOf())

describe('cyclonedx-xml', () => {
  const graph = graphOf(read(fixture(import.meta.url, 'nested-graph.1.4.xml')))

  it('reads nested components, purls, scopes, licences and the dependency graph', () => {
    expect(edgeList(graph)).toEqual([
      '@scope/web@1.0.0 -> inner@0.1.0',
      'inner@0.1.0 -> com.fasterxml.jackson.core:jackson-databind@2.15.2',
      'root -> @scope/web@1.0.0',
    ])
    expect(component(graph, '@scope/web@1.0.0')).toMatchObject({
      declaredLicences: ['MIT'],
      direct: true,
      locations: [{ file: 'bom.xml', line: 12 }],
    })
    expect(component(graph, 'com.fasterxml.jackson.core:jackson-databind@2.15.2')).toMatchObject({
      scope: 'dev',
      declaredLicences: ['Apache-2.0 OR MIT'],
    })
    expect(graph.root).toEqual({ name: 'app', version: '2.0.0' })
  })

  it('refuses entity expansion (billion laughs) and external entities, naming the line', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<bom><components><component><name>&lol2;</name></component></components></bom>`
    expect(read(laughs)).toMatchObject({ ok: false, error: { file: 'bom.xml', line: 2 } })
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE bom [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<bom><components><component><name>&xxe;</name></component></components></bom>`
    const r = read(xxe)
    expect(r.ok).toBe(false)
    expect(JSON.stringify(r)).not.toContain('root:')
  })

  it('reports invalid and too-deep XML with a line, never throws', () => {
    expect(read('<bom>\n<components>\n<component>\n</bom>')).toMatchObject({
      ok: false,
      error: { file: 'bom.xml' },
    })
    expect(read(`<bom>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</bom>`)).toMatchObject({
      ok: false,
      error: { line: 1 },
    })
    expect(read('<project/>')).toMatchObject({
      ok: false,
      error: { message: 'not a CycloneDX XML document (no <bom> element)' },
    })
  })
  it('decodes entities and character references once, reads CDATA, and refuses undefined entities', () => {
    const bom = (name: string) =>
      `<?xml version="1.0"?>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.5">\n<components>\n<component type="library" bom-ref="a&amp;b">\n<name>x</name>\n<version>1.0.0</version><licenses><license><name>${name}</name></license></licenses>\n<purl>pkg:npm/x@1.0.0</purl>\n</component>\n</components>\n</bom>`
    const once = graphOf(read(bom('&amp;lt;&#65;&#x42;')))
    expect(once.components[0]).toMatchObject({
      declaredLicences: ['&lt;AB'],
      locations: [{ file: 'bom.xml', line: 7 }],
    })
    expect(graphOf(read(bom('<![CDATA[a<b]]>'))).components[0]?.declaredLicences).toEqual(['a<b'])
    expect(read(bom('&nbsp;'))).toMatchObject({
      ok: false,
      error: { file: 'bom.xml', line: 6, message: 'invalid XML: undefined entity.' },
    })
  })

  it('reads the spec version from the namespace and warns outside 1.2-1.6', () => {
    const r = read('<bom xmlns="http://cyclonedx.org/schema/bom/1.9"><components/></bom>')
    expect(r).toMatchObject({
      ok: true,
      warnings: [{ message: 'CycloneDX 1.9 is outside 1.2-1.6; read as 1.6' }],
    })
  })
})
