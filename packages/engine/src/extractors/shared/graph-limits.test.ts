// Issue 13 item 1, second line of defence: the graph one file (and one project) may produce is bounded by
// construction; past MAX_GRAPH_COMPONENTS or MAX_GRAPH_EDGES the file is refused with its name and the limit.
import { describe, expect, it } from 'vitest'
import { extractProject } from '../../project/extract'
import { pnpmLockExtractor } from '../pnpm-lock/extractor'
import { defineExtractor } from './define'
import { createGraphBuilder, GraphLimitError } from './graph-builder'
import { MAX_GRAPH_COMPONENTS, MAX_GRAPH_EDGES } from './limits'
import { contextOf } from './test-support'

const npm = (name: string) => ({
  type: 'npm',
  name,
  version: '1.0.0',
  scope: 'prod' as const,
  source: 'registry' as const,
})

describe('graph limits', () => {
  it('stops a GraphBuilder at the first component or edge past its limits', () => {
    const b = createGraphBuilder({ components: 3, edges: 2 })
    const [a, c, d] = ['a', 'c', 'd'].map((n) => b.add(npm(n)))
    expect(() => b.add(npm('e'))).toThrow(GraphLimitError)
    expect(b.add(npm('a'))).toBe(a) // an existing component is no new one
    b.edge(a!, c!)
    b.edge(a!, d!)
    b.edge(a!, d!) // a duplicate edge is no new one
    expect(() => b.edge(c!, d!)).toThrow(/more than 2 dependency edges in this file \(limit 2\)/)
  })

  it('turns the limit into a FileError naming the file, for every extractor', () => {
    const x = defineExtractor({
      id: 'test',
      ecosystem: 'npm',
      kind: 'lockfile',
      matches: () => true,
      extract() {
        throw new GraphLimitError('components', MAX_GRAPH_COMPONENTS)
      },
    })
    expect(x.extract({ path: 'a/b.lock', content: '' }, contextOf())).toEqual({
      ok: false,
      error: {
        file: 'a/b.lock',
        message: `the dependency graph is too large: more than 50,000 components in this file (limit 50,000); nothing was read from it`,
      },
      warnings: [],
    })
  })

  it('refuses a pnpm lockfile (no aliases) that spells out more than 500,000 edges', () => {
    const n = Math.ceil(Math.sqrt(MAX_GRAPH_EDGES)) + 2
    const deps = Array.from({ length: n }, (_, j) => `      p${j}: 1.0.0`).join('\n')
    const lines = ["lockfileVersion: '9.0'", 'packages:']
    for (let i = 0; i < n; i++) lines.push(`  p${i}@1.0.0: {}`)
    lines.push('snapshots:')
    for (let i = 0; i < n; i++) lines.push(`  p${i}@1.0.0:\n    dependencies:\n${deps}`)
    const started = performance.now()
    const result = pnpmLockExtractor.extract(
      { path: 'deep/pnpm-lock.yaml', content: `${lines.join('\n')}\n` },
      contextOf(),
    )
    expect(result).toMatchObject({
      ok: false,
      error: {
        file: 'deep/pnpm-lock.yaml',
        message: expect.stringContaining('more than 500,000 dependency edges in this file (limit 500,000)'),
      },
    })
    expect(performance.now() - started).toBeLessThan(10_000)
  }, 30_000)

  it('refuses the file that takes a whole project past the component limit', () => {
    const lock = (prefix: string, count: number) => {
      const packages: Record<string, unknown> = { '': { name: prefix } }
      for (let i = 0; i < count; i++) packages[`node_modules/${prefix}${i}`] = { version: '1.0.0' }
      return JSON.stringify({ name: prefix, lockfileVersion: 3, packages })
    }
    const half = MAX_GRAPH_COMPONENTS / 2 + 10
    const result = extractProject([
      { path: 'a/package-lock.json', content: lock('a', half) },
      { path: 'b/package-lock.json', content: lock('b', half) },
    ])
    expect(result.graph.components).toHaveLength(half)
    expect(result.errors).toEqual([
      {
        file: 'b/package-lock.json',
        message:
          'the dependency graph is too large: more than 50,000 components in this project (limit 50,000); nothing was read from it',
      },
    ])
  }, 30_000)
})
