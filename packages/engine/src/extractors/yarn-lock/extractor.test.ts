import { describe, expect, it } from 'vitest'
import { component, contextOf, edgeList, fixture, graphOf } from '../shared/test-support'
import { yarnLockExtractor as x } from './extractor'

const files = {
  'package.json': fixture(import.meta.url, 'workspaces.package.json'),
  'packages/app/package.json': fixture(import.meta.url, 'member.package.json'),
}
const withPaths = { ...contextOf(files), paths: () => [...Object.keys(files), 'yarn.lock', 'README.md'] }

describe('yarn.lock classic', () => {
  const result = x.extract(
    { path: 'yarn.lock', content: fixture(import.meta.url, 'workspaces.v1.lock') },
    withPaths,
  )
  const graph = graphOf(result)

  it('reads every entry once, aliases by their real name', () => {
    expect(graph.components.map((c) => `${c.name}@${c.version}`).sort()).toEqual([
      '@scope/lib@1.2.0',
      'debug@4.3.4',
      'from-git@1.0.0',
      'ms@1.0.0',
      'ms@2.1.2',
      'ms@2.1.3',
      'typescript@5.4.5',
    ])
    expect(result.warnings).toEqual([])
  })

  it('takes direct dependencies and scopes from the root and workspace manifests', () => {
    expect(
      graph.components
        .filter((c) => c.direct)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['@scope/lib', 'debug', 'from-git', 'ms', 'typescript'])
    expect(component(graph, 'typescript@5.4.5').scope).toBe('dev')
    expect(component(graph, 'ms@2.1.3').scope).toBe('prod')
    expect(component(graph, 'from-git@1.0.0').source).toBe('tarball')
  })

  it('wires edges through descriptors and locates entries', () => {
    expect(edgeList(graph)).toContain('debug@4.3.4 -> ms@2.1.2')
    expect(edgeList(graph)).toContain('@scope/lib@1.2.0 -> ms@2.1.3')
    expect(component(graph, 'debug@4.3.4').locations).toEqual([{ file: 'yarn.lock', line: 11 }])
  })
})

describe('yarn.lock berry', () => {
  const result = x.extract(
    { path: 'yarn.lock', content: fixture(import.meta.url, 'workspaces.berry.lock') },
    contextOf(files),
  )
  const graph = graphOf(result)

  it('keeps registry and patched packages, not workspaces', () => {
    expect(graph.components.map((c) => `${c.name}@${c.version}`).sort()).toEqual([
      'debug@4.3.4',
      'ms@2.1.2',
      'resolve@1.22.8',
      'typescript@5.4.5',
    ])
  })

  it('makes workspace dependencies direct, scopes from their manifests', () => {
    expect(
      graph.components
        .filter((c) => c.direct)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['debug', 'resolve', 'typescript'])
    expect(component(graph, 'typescript@5.4.5').scope).toBe('dev')
    expect(component(graph, 'ms@2.1.2').scope).toBe('prod')
    expect(edgeList(graph)).toContain('debug@4.3.4 -> ms@2.1.2')
    expect(component(graph, 'ms@2.1.2').locations).toEqual([{ file: 'yarn.lock', line: 39 }])
    expect(result.warnings).toEqual([])
  })

  it('warns once when workspace manifests are missing', () => {
    const r = x.extract(
      { path: 'yarn.lock', content: fixture(import.meta.url, 'workspaces.berry.lock') },
      contextOf(),
    )
    expect(r.warnings.map((w) => w.message)).toEqual([
      'workspace manifests not found (package.json, packages/app/package.json): their dependencies counted as production',
    ])
  })
})

describe('yarn.lock bad input', () => {
  it('reports broken files with the file name', () => {
    const r = x.extract(
      { path: 'a/yarn.lock', content: '__metadata:\n  version: 8\n"a@npm:1": [\n' },
      contextOf(),
    )
    expect(r).toMatchObject({ ok: false, error: { file: 'a/yarn.lock' } })
    const v1 = x.extract({ path: 'yarn.lock', content: 'a@^1:\n  version "1\n' }, contextOf())
    expect(v1.ok).toBe(false)
  })
})

// Issue 19 "Exports auditors can use": classic's integrity becomes the component's hash.
describe('yarn.lock classic integrity', () => {
  it('keeps integrity as a hex hash', () => {
    const SHA512 = 'VCdBRNFTX1fyE7Nb6FYoURo/SPe62QCaAyzJvUjwRaIsc+NePBEniHlvxFmmX56+HZphIGtV0XeCirBtpDrTyQ=='
    const lock = `# yarn lockfile v1\n\nqs@^6.7.0:\n  version "6.7.0"\n  resolved "https://registry.yarnpkg.com/qs/-/qs-6.7.0.tgz"\n  integrity sha512-${SHA512}\n`
    const graph = graphOf(x.extract({ path: 'yarn.lock', content: lock }, contextOf()))
    expect(component(graph, 'qs@6.7.0').hashes).toEqual([
      { alg: 'SHA-512', content: Buffer.from(SHA512, 'base64').toString('hex') },
    ])
  })
})
