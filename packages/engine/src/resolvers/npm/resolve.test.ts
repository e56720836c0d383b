import { describe, expect, it } from 'vitest'
import { parseNpmPackument } from '../../datasources/npm'
import { resolveProject } from '../../project/resolve'
import type { PackumentSource } from './ideal-tree'
import { resolveNpmManifest } from './resolve'
import { MANIFEST_ONLY_WARNING } from './resolver'

type Versions = Record<
  string,
  {
    dependencies?: Record<string, string>
    peerDependencies?: Record<string, string>
    deprecated?: string
    engines?: { node: string }
  }
>

function registry(
  docs: Record<string, { latest?: string; versions: Versions }>,
): PackumentSource & { asked: string[] } {
  const asked: string[] = []
  const source = async (names: readonly string[]) => {
    asked.push(...names)
    const out: Awaited<ReturnType<PackumentSource>> = new Map()
    for (const name of names) {
      const d = docs[name]
      if (!d) {
        out.set(name, { missing: `${name} is not in the registry` })
        continue
      }
      const versions = Object.fromEntries(
        Object.entries(d.versions).map(([v, m]) => [v, { name, version: v, ...m }]),
      )
      const latest = d.latest ?? Object.keys(d.versions).at(-1)!
      out.set(name, parseNpmPackument({ name, 'dist-tags': { latest }, versions }).metadata!)
    }
    return out
  }
  return Object.assign(source, { asked })
}

const pick = { nodeVersion: '20.0.0', npmVersion: '11.0.0' }
const manifest = (m: Record<string, unknown>) =>
  JSON.stringify({ name: 'app', version: '1.0.0', ...m }, null, 2)

async function resolve(m: Record<string, unknown>, packuments: PackumentSource, limits = {}) {
  const r = await resolveNpmManifest({ path: 'package.json', content: manifest(m), packuments, pick, limits })
  if (!r.ok) throw new Error(r.error.message)
  return r
}

describe('resolveNpmManifest', () => {
  it('hoists what it can and nests a conflicting major under its dependent', async () => {
    const reg = registry({
      a: { versions: { '1.0.0': { dependencies: { c: '^1.0.0' } } } },
      b: { versions: { '1.0.0': { dependencies: { c: '^2.0.0' } } } },
      c: { versions: { '1.0.0': {}, '1.1.0': {}, '2.0.0': {}, '2.1.0': {} } },
    })
    const r = await resolve({ dependencies: { a: '^1.0.0' }, devDependencies: { b: '^1.0.0' } }, reg)
    expect(Object.fromEntries(r.layout)).toEqual({
      'node_modules/a': 'a@1.0.0',
      'node_modules/b': 'b@1.0.0',
      'node_modules/c': 'c@1.1.0',
      'node_modules/b/node_modules/c': 'c@2.1.0',
    })
    const scope = Object.fromEntries(r.graph.components.map((c) => [`${c.name}@${c.version}`, c.scope]))
    expect(scope).toEqual({ 'a@1.0.0': 'prod', 'b@1.0.0': 'dev', 'c@1.1.0': 'prod', 'c@2.1.0': 'dev' })
    expect(r.graph.components.every((c) => c.resolvedBySextant)).toBe(true)
    expect(r.graph.components.find((c) => c.name === 'a')).toMatchObject({
      direct: true,
      locations: [{ file: 'package.json', line: 5 }],
    })
  })

  it('prefers the latest dist-tag when it satisfies, else the highest non-deprecated version whose engines fit', async () => {
    const reg = registry({
      tagged: { latest: '1.2.0', versions: { '1.2.0': {}, '1.3.0': {}, '2.0.0-beta.1': {} } },
      old: {
        latest: '3.0.0',
        versions: {
          '1.0.0': {},
          '1.1.0': { deprecated: 'no' },
          '1.2.0': { engines: { node: '>=99' } },
          '3.0.0': {},
        },
      },
    })
    const r = await resolve({ dependencies: { tagged: '^1.0.0', old: '^1.0.0' } }, reg)
    expect([...r.layout.values()].sort()).toEqual(['old@1.0.0', 'tagged@1.2.0'])
  })

  it('installs peer dependencies beside their dependent and the project’s own peers', async () => {
    const reg = registry({
      plugin: { versions: { '1.0.0': { peerDependencies: { host: '^2.0.0' } } } },
      host: { versions: { '1.0.0': {}, '2.0.0': {}, '2.5.0': {} } },
      react: { versions: { '18.2.0': {} } },
    })
    const r = await resolve(
      { dependencies: { plugin: '1.0.0' }, peerDependencies: { react: '^18.0.0' } },
      reg,
    )
    expect(Object.fromEntries(r.layout)).toEqual({
      'node_modules/plugin': 'plugin@1.0.0',
      'node_modules/host': 'host@2.5.0',
      'node_modules/react': 'react@18.2.0',
    })
  })

  it('warns about what it cannot resolve and stops at its package limit', async () => {
    const reg = registry({
      a: { versions: { '1.0.0': { dependencies: { gone: '^1.0.0', b: '1' } } } },
      b: { versions: { '1.0.0': {} } },
    })
    const r = await resolve({ dependencies: { a: '*', nope: '^9.0.0', local: 'file:../x' } }, reg)
    expect(r.warnings.map((w) => w.message).sort()).toEqual([
      'gone: not resolved (gone is not in the registry)',
      'local@file:../x (required by the project): not from the npm registry, not resolved',
      'nope: not resolved (nope is not in the registry)',
    ])
    const limited = await resolve({ dependencies: { a: '*' } }, reg, { maxPackages: 1 })
    expect(limited.truncated).toBe(true)
    expect(limited.layout.size).toBe(1)
    expect(limited.warnings.at(-1)?.message).toMatch(/stopped at 1 packages/)
  })

  it('resolveProject replaces the manifest-only warning with the resolution note', async () => {
    const reg = registry({ a: { versions: { '1.0.0': {} } } })
    const files = [{ path: 'package.json', content: manifest({ dependencies: { a: '^1.0.0' } }) }]
    const unresolved = await resolveProject(files, {})
    expect(unresolved.warnings).toContainEqual({
      file: 'package.json',
      message: MANIFEST_ONLY_WARNING,
      gap: 'incomplete-graph',
    })
    const resolved = await resolveProject(files, { npm: { packuments: reg, pick } })
    expect(resolved.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^package.json without a lockfile: dependencies resolved by Sextant .*at most 5,000 packages, 32 levels/,
      ),
    ])
    expect(resolved.graph.components.map((c) => c.purl)).toEqual(['pkg:npm/a@1.0.0'])
    expect(resolved.files).toEqual(['package.json'])
    expect(resolved.graph.root).toEqual({ name: 'app', version: '1.0.0' })
  })
})
