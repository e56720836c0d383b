import { describe, expect, it } from 'vitest'
import { component, contextOf, edgeList, fixture, graphOf } from '../shared/test-support'
import { pnpmLockExtractor as x } from './extractor'
import { baseKey, refToKey, splitKey } from './keys'

const read = (name: string) =>
  x.extract({ path: 'pnpm-lock.yaml', content: fixture(import.meta.url, name) }, contextOf())

describe('pnpm-lock 9.x', () => {
  const graph = graphOf(read('workspace.v9.yaml'))

  it('reads snapshots, drops peer suffixes, resolves aliases and non-registry sources', () => {
    expect(graph.components.map((c) => `${c.name}@${c.version}`).sort()).toEqual([
      'from-git@1.0.0',
      'react-dom@18.2.0',
      'react@18.2.0',
      'string-width@4.2.3',
      'typescript@5.4.5',
    ])
    expect(component(graph, 'from-git@1.0.0').source).toBe('tarball')
  })

  it('takes direct dependencies from every importer, skipping workspace links; scopes by reachability', () => {
    expect(
      graph.components
        .filter((c) => c.direct)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['react-dom', 'string-width', 'typescript'])
    expect(component(graph, 'typescript@5.4.5').scope).toBe('dev')
    expect(component(graph, 'react@18.2.0').scope).toBe('prod')
    expect(edgeList(graph)).toContain('react-dom@18.2.0 -> react@18.2.0')
    expect(component(graph, 'react@18.2.0').locations).toEqual([{ file: 'pnpm-lock.yaml', line: 30 }])
  })
})

describe('pnpm-lock 5.x and 6.x', () => {
  it('reads a v5 single-project lockfile', () => {
    const graph = graphOf(read('single.v5.yaml'))
    expect(edgeList(graph)).toEqual([
      'eslint@8.0.0 -> loose-envify@1.4.0',
      'react-dom@18.2.0 -> loose-envify@1.4.0',
      'react-dom@18.2.0 -> react@18.2.0',
      'react@18.2.0 -> loose-envify@1.4.0',
      'root -> eslint@8.0.0',
      'root -> react-dom@18.2.0',
    ])
    expect(component(graph, 'loose-envify@1.4.0').scope).toBe('prod')
    expect(component(graph, 'eslint@8.0.0').scope).toBe('dev')
  })

  it('reads a v6 single-project lockfile', () => {
    const graph = graphOf(read('single.v6.yaml'))
    expect(graph.components.map((c) => `${c.name}@${c.version}:${c.scope}:${c.direct}`).sort()).toEqual([
      '@types/node@20.1.0:dev:true',
      'react-dom@18.2.0:prod:true',
      'react@18.2.0:prod:false',
    ])
  })

  it.each([
    ['/@babel/core/7.1.0_abc@1.0.0', true, '@babel/core', '7.1.0'],
    ['lodash._reinterpolate/3.0.0', true, 'lodash._reinterpolate', '3.0.0'],
    ['@babel/core@7.1.0(@types/node@20.1.0)', false, '@babel/core', '7.1.0'],
  ])('splits %s', (key, v5, name, version) => {
    const k = key.startsWith('/') ? key.slice(1) : key
    expect(splitKey(baseKey(k, v5), v5)).toEqual({ name, version })
  })

  it('maps references to keys', () => {
    expect(refToKey('a', 'link:../a', false)).toBeNull()
    expect(refToKey('a', '1.0.0(@types/node@20.1.0)', false)).toBe('a@1.0.0(@types/node@20.1.0)')
    expect(refToKey('sw', '@scope/string-width@4.2.3', false)).toBe('@scope/string-width@4.2.3')
    expect(refToKey('a', '/b/1.0.0', true)).toBe('b/1.0.0')
  })
})

describe('pnpm-lock bad input', () => {
  const run = (content: string) => x.extract({ path: 'pnpm-lock.yaml', content }, contextOf())

  it('refuses unknown versions, invalid YAML and alias bombs with file and line', () => {
    expect(run("lockfileVersion: '3.0'\n")).toMatchObject({
      ok: false,
      error: { line: 1, message: 'unsupported pnpm lockfileVersion "3.0"' },
    })
    expect(run("lockfileVersion: '9.0'\npackages:\n  a@1.0.0: {resolution: [\n")).toMatchObject({
      ok: false,
      error: { file: 'pnpm-lock.yaml', line: 4 },
    })
    const refs = Array.from({ length: 9 }, () => '*a').join(', ')
    const bomb = `a: &a [lol, lol]\n${Array.from({ length: 20 }, (_, i) => `k${i}: [${refs}]`).join('\n')}\n`
    expect(run(bomb)).toMatchObject({
      ok: false,
      error: { line: 1, message: expect.stringContaining('YAML anchors and aliases are not accepted') },
    })
  })
})

// Issue 19 "Exports auditors can use": the tarball's integrity becomes the component's hash.
describe('pnpm-lock integrity', () => {
  const SHA512 = 'VCdBRNFTX1fyE7Nb6FYoURo/SPe62QCaAyzJvUjwRaIsc+NePBEniHlvxFmmX56+HZphIGtV0XeCirBtpDrTyQ=='
  it('keeps resolution.integrity as a hex hash and drops one that is no digest', () => {
    const lock = [
      "lockfileVersion: '9.0'",
      'importers:',
      '  .:',
      '    dependencies:',
      '      qs: {specifier: ^6.7.0, version: 6.7.0}',
      '      a: {specifier: ^1.0.0, version: 1.0.0}',
      'packages:',
      `  qs@6.7.0:\n    resolution: {integrity: sha512-${SHA512}}`,
      '  a@1.0.0:\n    resolution: {integrity: sha512-a}',
      'snapshots:',
      '  qs@6.7.0: {}',
      '  a@1.0.0: {}',
      '',
    ].join('\n')
    const graph = graphOf(x.extract({ path: 'pnpm-lock.yaml', content: lock }, contextOf()))
    expect(component(graph, 'qs@6.7.0').hashes).toEqual([
      { alg: 'SHA-512', content: Buffer.from(SHA512, 'base64').toString('hex') },
    ])
    expect(component(graph, 'a@1.0.0').hashes).toBeUndefined()
  })
})
