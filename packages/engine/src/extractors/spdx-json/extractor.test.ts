import { describe, expect, it } from 'vitest'
import { component, contextOf, edgeList, fixture, graphOf } from '../shared/test-support'
import { spdxJsonExtractor as x } from './extractor'

const read = (content: string) => x.extract({ path: 'app.spdx.json', content }, contextOf())

describe('spdx-json', () => {
  const graph = graphOf(read(fixture(import.meta.url, 'app.spdx.json')))

  it('keeps packages with purls from externalRefs, any type; the described package is the root', () => {
    expect(graph.components.map((c) => c.purl).sort()).toEqual([
      'pkg:generic/vendored-thing@3',
      'pkg:npm/debug@2.6.9',
      'pkg:npm/express@4.18.2',
      'pkg:npm/jest@29.7.0',
      'pkg:pypi/requests@2.31.0',
    ])
    expect(graph.root).toEqual({ name: 'app', version: '1.0.0' })
    expect(component(graph, 'express@4.18.2').declaredLicences).toEqual(['MIT'])
  })

  it('follows DEPENDS_ON, DEPENDENCY_OF, DEV_DEPENDENCY_OF and CONTAINS', () => {
    expect(edgeList(graph)).toEqual([
      'express@4.18.2 -> debug@2.6.9',
      'root -> express@4.18.2',
      'root -> jest@29.7.0',
      'root -> requests@2.31.0',
      'root -> vendored-thing@3',
    ])
    expect(component(graph, 'jest@29.7.0').scope).toBe('dev')
    expect(component(graph, 'debug@2.6.9')).toMatchObject({ scope: 'prod', direct: false })
  })

  it('refuses documents that are not SPDX', () => {
    expect(read('{"bomFormat":"CycloneDX"}')).toMatchObject({
      ok: false,
      error: { file: 'app.spdx.json', line: 1 },
    })
  })
})
