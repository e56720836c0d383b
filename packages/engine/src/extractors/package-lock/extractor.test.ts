import { describe, expect, it } from 'vitest'
import { component, contextOf, edgeList, fixture, graphOf } from '../shared/test-support'
import { packageLockExtractor as x } from './extractor'

const read = (name: string, path = 'package-lock.json', files: Record<string, string> = {}) =>
  x.extract({ path, content: fixture(import.meta.url, name) }, contextOf(files))

describe('package-lock v2/v3', () => {
  const result = read('workspaces-sources.v3.json')
  const graph = graphOf(result)

  it('keeps every installed package once, workspace members excluded', () => {
    expect(graph.components.map((c) => `${c.name}@${c.version}`).sort()).toEqual([
      'bundled-dep@1.0.0',
      'debug@2.6.9',
      'express@4.18.2',
      'from-git@1.2.0',
      'from-tarball@1.0.0',
      'fsevents@2.3.3',
      'jest@29.7.0',
      'local-lib@0.1.0',
      'lodash@3.10.1',
      'ms@2.0.0',
      'ms@2.1.3',
      'react@18.2.0',
      'typescript@5.4.5',
    ])
    expect(result.warnings).toEqual([])
  })

  it.each([
    ['express@4.18.2', 'prod', 'registry'],
    ['jest@29.7.0', 'dev', 'registry'],
    ['bundled-dep@1.0.0', 'dev', 'registry'],
    ['fsevents@2.3.3', 'prod', 'registry'],
    ['typescript@5.4.5', 'prod', 'registry'],
    ['react@18.2.0', 'prod', 'registry'],
    ['from-git@1.2.0', 'prod', 'git'],
    ['from-tarball@1.0.0', 'prod', 'tarball'],
    ['local-lib@0.1.0', 'prod', 'link'],
  ])('%s has scope %s and source %s', (id, scope, source) => {
    expect(component(graph, id)).toMatchObject({ scope, source })
  })

  it('names aliases by their real package', () => {
    expect(component(graph, 'lodash@3.10.1').purl).toBe('pkg:npm/lodash@3.10.1')
  })

  it('marks direct dependencies of the root and of workspace members', () => {
    const direct = graph.components
      .filter((c) => c.direct)
      .map((c) => c.name)
      .sort()
    expect(direct).toEqual([
      'express',
      'from-git',
      'from-tarball',
      'fsevents',
      'jest',
      'local-lib',
      'lodash',
      'ms',
      'react',
      'typescript',
    ])
  })

  it('wires edges by node module resolution, nested copies first', () => {
    const edges = edgeList(graph)
    expect(edges).toContain('express@4.18.2 -> debug@2.6.9')
    expect(edges).toContain('debug@2.6.9 -> ms@2.1.3')
    expect(edges).toContain('jest@29.7.0 -> bundled-dep@1.0.0')
    expect(edges).toContain('local-lib@0.1.0 -> ms@2.1.3')
    expect(edges).not.toContain('express@4.18.2 -> ms@2.0.0')
  })

  it('locates each package at the line of its key', () => {
    expect(component(graph, 'express@4.18.2').locations).toEqual([{ file: 'package-lock.json', line: 39 }])
    expect(component(graph, 'ms@2.1.3').locations[0]?.line).toBe(84)
  })

  it('records the root', () => {
    expect(graph.root).toEqual({ name: 'shop', version: '1.0.0' })
  })
})

describe('package-lock v1 and shrinkwrap', () => {
  const graph = graphOf(
    read('nested.v1.json', 'package-lock.json', {
      'package.json': fixture(import.meta.url, 'nested.package.json'),
    }),
  )

  it('reads the nested tree, aliases and git versions', () => {
    expect(graph.components.map((c) => `${c.name}@${c.version}`).sort()).toEqual([
      'debug@2.6.9',
      'from-git@0123456789abcdef',
      'lodash@3.10.1',
      'mocha@10.0.0',
      'ms@2.0.0',
      'ms@2.1.3',
    ])
    expect(component(graph, 'from-git@0123456789abcdef').source).toBe('git')
    expect(component(graph, 'ms@2.1.3').scope).toBe('dev')
  })

  it('resolves requires by walking up the nesting', () => {
    expect(edgeList(graph)).toEqual([
      'debug@2.6.9 -> ms@2.0.0',
      'mocha@10.0.0 -> debug@2.6.9',
      'mocha@10.0.0 -> ms@2.1.3',
      'root -> debug@2.6.9',
      'root -> from-git@0123456789abcdef',
      'root -> lodash@3.10.1',
      'root -> mocha@10.0.0',
    ])
  })

  it('reads the npm 2/3 shrinkwrap without lockfileVersion through its nesting', () => {
    const result = read('shrinkwrap-npm2.json', 'npm-shrinkwrap.json', {
      'package.json': '{"dependencies":{"a":"^1"}}',
    })
    expect(edgeList(graphOf(result))).toEqual(['a@1.0.0 -> b@2.0.0', 'root -> a@1.0.0'])
  })

  it('guesses direct dependencies without a package.json, and says so', () => {
    const result = read('nested.v1.json')
    expect(result.warnings.map((w) => w.message)).toContain(
      'no package.json beside the lockfile: direct dependencies guessed from the lockfile',
    )
  })
})

describe('package-lock bad input', () => {
  const run = (content: string) => x.extract({ path: 'package-lock.json', content }, contextOf())

  it('refuses an unknown version without packages, reads one with packages and warns', () => {
    expect(run('{"lockfileVersion": 9, "dependencies": {}}')).toMatchObject({
      ok: false,
      error: { file: 'package-lock.json', line: 1, message: 'unsupported lockfileVersion 9' },
    })
    const result = run('{"lockfileVersion": 4, "packages": {"node_modules/a": {"version": "1.0.0"}}}')
    expect(result.ok).toBe(true)
    expect(result.warnings[0]?.message).toBe('unknown lockfileVersion 4; read as version 3')
  })

  it('names the line of invalid JSON', () => {
    const result = run('{\n  "lockfileVersion": 3,\n  "packages": {\n    "node_modules/a": {\n')
    expect(result).toMatchObject({ ok: false, error: { file: 'package-lock.json', line: 5 } })
  })

  it('skips entries without a version, with a warning', () => {
    const result = run(
      '{\n  "lockfileVersion": 3,\n  "packages": {\n    "node_modules/a": {\n      "x": 1\n    }\n  }\n}',
    )
    expect(graphOf(result).components).toEqual([])
    expect(result.warnings).toEqual([
      {
        file: 'package-lock.json',
        line: 4,
        message: '"node_modules/a" has no version; skipped',
        gap: 'skipped-input',
      },
    ])
  })

  it('matches lockfile names only', () => {
    expect(x.matches('a/package-lock.json')).toBe(true)
    expect(x.matches('npm-shrinkwrap.json')).toBe(true)
    expect(x.matches('node_modules/x/package-lock.json')).toBe(false)
    expect(x.matches('package.json')).toBe(false)
  })
})

// Issue 19 "Exports auditors can use": the lockfile's integrity hashes reach the graph (and the exports).
describe('integrity', () => {
  const SHA512 = 'VCdBRNFTX1fyE7Nb6FYoURo/SPe62QCaAyzJvUjwRaIsc+NePBEniHlvxFmmX56+HZphIGtV0XeCirBtpDrTyQ=='
  const SHA1 = 'Qb4JX1W+7LVPHtRFDYM8Q4sLw5I='
  const hex = (b64: string) => Buffer.from(b64, 'base64').toString('hex')
  const run = (content: string) => x.extract({ path: 'package-lock.json', content }, contextOf())

  it('keeps v2/v3 integrity as hex hashes and drops one that is no digest', () => {
    const graph = graphOf(
      run(
        JSON.stringify({
          lockfileVersion: 3,
          packages: {
            '': { name: 'app', version: '2.0.0', dependencies: { qs: '6', a: '1', b: '1' } },
            'node_modules/qs': { version: '6.7.0', integrity: `sha512-${SHA512}` },
            'node_modules/a': { version: '1.0.0', integrity: `sha1-${SHA1} sha512-${SHA512}` },
            'node_modules/b': { version: '1.0.0', integrity: 'sha512-x' },
          },
        }),
      ),
    )
    expect(component(graph, 'qs@6.7.0').hashes).toEqual([{ alg: 'SHA-512', content: hex(SHA512) }])
    expect(component(graph, 'a@1.0.0').hashes).toEqual([
      { alg: 'SHA-1', content: hex(SHA1) },
      { alg: 'SHA-512', content: hex(SHA512) },
    ])
    expect(component(graph, 'b@1.0.0').hashes).toBeUndefined()
    expect(graph.root).toEqual({ name: 'app', version: '2.0.0' })
  })

  it('keeps v1 integrity', () => {
    const graph = graphOf(
      run(
        JSON.stringify({
          name: 'app',
          version: '1.0.0',
          lockfileVersion: 1,
          dependencies: { qs: { version: '6.7.0', integrity: `sha512-${SHA512}` } },
        }),
      ),
    )
    expect(component(graph, 'qs@6.7.0').hashes).toEqual([{ alg: 'SHA-512', content: hex(SHA512) }])
  })
})
