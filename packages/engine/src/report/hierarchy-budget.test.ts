// Issue 13 item 1 ("bound ... paths"): a dense graph within the extractor limits cannot make building a
// report take hours; past one budget for the whole report, the rest is left untraced and a note says so.
import { describe, expect, it } from 'vitest'
import type { Component, DependencyGraph, Edge, Purl } from '../model'
import { makePurl, ROOT } from '../model'
import { buildReport } from './build'

/** `n` components; the first 50 direct, each other one with 10 parents drawn among the earlier ones. */
function denseGraph(n: number): DependencyGraph {
  const purls: Purl[] = Array.from({ length: n }, (_, i) => makePurl('npm', `n${i}`, '1.0.0'))
  const components: Component[] = purls.map((purl, i) => ({
    purl,
    ecosystem: 'npm',
    name: `n${i}`,
    version: '1.0.0',
    scope: 'prod',
    direct: i < 50,
    source: 'registry',
    locations: [],
  }))
  const edges: Edge[] = purls.slice(0, 50).map((to) => ({ from: ROOT, to }))
  let seed = 1
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  for (let i = 50; i < n; i++)
    for (let k = 0; k < 10; k++) edges.push({ from: purls[Math.floor(random() * i)]!, to: purls[i]! })
  return { root: { name: 'app', version: '1.0.0' }, components, edges }
}

describe('report hierarchy budget', () => {
  it('builds the report of a 20,000-component, 200,000-edge dense graph in seconds, with a note', () => {
    const graph = denseGraph(20_000)
    const started = performance.now()
    const doc = buildReport({
      uuid: 'r1',
      projectUuid: 'p1',
      branch: 'main',
      now: new Date('2025-01-01T00:00:00Z'),
      graph,
      warnings: [],
      thresholds: { security: 90, stability: 80, licensing: 95 },
      advisories: [],
    })
    expect(performance.now() - started).toBeLessThan(15_000)
    const note = doc.notes.find((n) => n.message.startsWith('Dependency paths'))
    expect(note?.message).toMatch(/were not traced for \d+ of 20000 components: .* within 5,000,000 steps/)
  }, 60_000)
})
