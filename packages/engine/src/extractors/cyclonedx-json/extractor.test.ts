import { describe, expect, it } from 'vitest'
import { isCycloneDxName } from '../shared/cyclonedx-name'
import { component, contextOf, edgeList, fixture, graphOf } from '../shared/test-support'
import { cyclonedxJsonExtractor as x } from './extractor'

const read = (content: string, path = 'bom.json') => x.extract({ path, content }, contextOf())

describe('cyclonedx-json', () => {
  const result = read(fixture(import.meta.url, 'nested-graph.1.5.json'))
  const graph = graphOf(result)

  it('keeps nested components and every purl type', () => {
    expect(graph.components.map((c) => c.purl).sort()).toEqual([
      'pkg:generic/README@1',
      'pkg:generic/bad',
      'pkg:golang/golang.org/x/text@v0.3.7',
      'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.15.2',
      'pkg:npm/%40scope/web@1.0.0',
      'pkg:npm/eslint@8.0.0',
      'pkg:npm/inner@0.1.0',
    ])
    expect(component(graph, 'golang.org/x/text@v0.3.7').ecosystem).toBe('golang')
    expect(component(graph, 'com.fasterxml.jackson.core:jackson-databind@2.15.2').ecosystem).toBe('maven')
  })

  it('maps scopes, licences and locations', () => {
    expect(component(graph, '@scope/web@1.0.0')).toMatchObject({
      scope: 'prod',
      direct: true,
      source: 'sbom',
      declaredLicences: ['MIT', 'Apache-2.0 OR MIT'],
      locations: [{ file: 'bom.json', line: 15 }],
    })
    expect(component(graph, 'com.fasterxml.jackson.core:jackson-databind@2.15.2').scope).toBe('optional')
    expect(component(graph, 'eslint@8.0.0').scope).toBe('dev')
  })

  it('follows the dependencies graph, cycles included; unparented components are direct', () => {
    expect(edgeList(graph)).toEqual([
      '@scope/web@1.0.0 -> com.fasterxml.jackson.core:jackson-databind@2.15.2',
      '@scope/web@1.0.0 -> inner@0.1.0',
      'golang.org/x/text@v0.3.7 -> inner@0.1.0',
      'inner@0.1.0 -> com.fasterxml.jackson.core:jackson-databind@2.15.2',
      'inner@0.1.0 -> golang.org/x/text@v0.3.7',
      'root -> @scope/web@1.0.0',
      'root -> README@1',
      'root -> bad@',
      'root -> eslint@8.0.0',
    ])
    expect(graph.root).toEqual({ name: 'app', version: '2.0.0' })
    expect(result.warnings.map((w) => w.message)).toEqual([
      'invalid purl "not-a-purl"; kept as a generic component',
    ])
  })

  it('without a dependencies graph, nesting gives the edges and top-level components are direct', () => {
    const g = graphOf(
      read(
        JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.2',
          components: [
            { name: 'a', version: '1', purl: 'pkg:npm/a@1', components: [{ purl: 'pkg:npm/b@2' }] },
          ],
        }),
      ),
    )
    expect(edgeList(g)).toEqual(['a@1 -> b@2', 'root -> a@1'])
  })

  it('refuses JSON that is not CycloneDX, names the line of broken JSON', () => {
    expect(read('{"spdxVersion": "SPDX-2.3"}')).toMatchObject({
      ok: false,
      error: { file: 'bom.json', line: 1 },
    })
    expect(read('{\n"bomFormat": "CycloneDX",\n"components": [\n')).toMatchObject({
      ok: false,
      error: { line: 4 },
    })
  })

  it.each([
    ['bom.json', true],
    ['sbom.json', true],
    ['bom.1.4.json', true],
    ['app.cdx.json', true],
    ['proton-bridge-v1.8.0.bom.json', true],
    ['cyclonedx.json', true],
    ['app.spdx.json', false],
    ['package.json', false],
    ['bomber.json', false],
  ])('recognises %s: %s', (name, expected) => {
    expect(isCycloneDxName(name, 'json')).toBe(expected)
  })
})
