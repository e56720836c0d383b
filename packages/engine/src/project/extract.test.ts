import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MANIFEST_ONLY_WARNING } from '../resolvers/npm/resolver'
import { extractProject } from './extract'

const lock = readFileSync(new URL('./fixtures/three-paths.v3.json', import.meta.url), 'utf8')
const sbom = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.4',
  components: [
    { purl: 'pkg:npm/x@1.0.0', name: 'x', version: '1.0.0' },
    { purl: 'pkg:npm/zz@2.0.0', name: 'zz', version: '2.0.0', scope: 'excluded' },
  ],
})

describe('extractProject', () => {
  const result = extractProject([
    { path: 'package.json', content: '{"name":"three-paths","version":"3.0.0","dependencies":{"a":"1"}}' },
    { path: 'package-lock.json', content: lock },
    { path: 'sbom/bom.json', content: sbom },
    { path: 'broken/package-lock.json', content: '{"lockfileVersion": 3, "packages": {' },
    { path: 'lonely/package.json', content: '{"dependencies":{"left-pad":"1"}}' },
    { path: 'README.md', content: '# hi' },
  ])

  it('merges every file into one graph, one component per purl', () => {
    expect(result.graph.components.map((c) => `${c.name}@${c.version}`).sort()).toEqual([
      'a@1.0.0',
      'b@1.0.0',
      'c@1.0.0',
      'shared@1.0.0',
      'x@1.0.0',
      'zz@2.0.0',
    ])
    expect(result.graph.root).toEqual({ name: 'three-paths', version: '3.0.0' })
  })

  it('keeps the strongest scope, direct where a graph says so, and every location', () => {
    const x = result.graph.components.find((c) => c.name === 'x')
    // the SBOM has no dependency graph (its "direct" is a guess); the lockfile knows x is transitive
    expect(x).toMatchObject({ scope: 'prod', direct: false, source: 'registry' })
    expect(x?.relationshipUnknown).toBeUndefined()
    expect(x?.locations).toEqual([
      { file: 'package-lock.json', line: 9 },
      { file: 'sbom/bom.json', line: 1 },
    ])
  })

  it('reports bad files and lone manifests, and still extracts the others', () => {
    expect(result.errors).toEqual([expect.objectContaining({ file: 'broken/package-lock.json', line: 1 })])
    expect(result.warnings).toContainEqual({
      file: 'lonely/package.json',
      message: MANIFEST_ONLY_WARNING,
      gap: 'incomplete-graph',
    })
    expect(result.files).toEqual(['package-lock.json', 'sbom/bom.json'])
  })

  it('prefers npm-shrinkwrap.json over package-lock.json in one folder', () => {
    const r = extractProject([
      { path: 'package-lock.json', content: lock },
      {
        path: 'npm-shrinkwrap.json',
        content: '{"lockfileVersion":3,"packages":{"node_modules/q":{"version":"1.0.0"}}}',
      },
    ])
    expect(r.graph.components.map((c) => c.name)).toEqual(['q'])
    expect(r.warnings[0]?.file).toBe('package-lock.json')
  })

  it('refuses a 100 MB file and a truncated one, still extracting the rest', () => {
    const r = extractProject([
      { path: 'big/package-lock.json', content: 'x'.repeat(100 * 1024 * 1024) },
      {
        path: 'cut/pnpm-lock.yaml',
        content: "lockfileVersion: '9.0'\npackages:\n  a@1.0.0: {resolution: {integ",
      },
      { path: 'package-lock.json', content: lock },
    ])
    expect(r.errors).toEqual([
      { file: 'big/package-lock.json', message: 'file too large (limit 50 MB)' },
      expect.objectContaining({ file: 'cut/pnpm-lock.yaml', line: 3 }),
    ])
    expect(r.graph.components).toHaveLength(5)
  })
})
