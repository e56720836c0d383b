import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Purl } from '../model'
import { extractProject } from './extract'
import { directIntroducers, pathBudget, pathsFromRoot } from './paths'

const lock = readFileSync(new URL('./fixtures/three-paths.v3.json', import.meta.url), 'utf8')
const { graph } = extractProject([{ path: 'package-lock.json', content: lock }])
const p = (s: string) => `pkg:npm/${s}` as Purl

describe('pathsFromRoot', () => {
  it('names every direct dependency that brings a transitive component in', () => {
    expect(pathsFromRoot(graph, p('shared@1.0.0')).sort()).toEqual([
      [p('a@1.0.0'), p('shared@1.0.0')],
      [p('b@1.0.0'), p('a@1.0.0'), p('shared@1.0.0')],
      [p('b@1.0.0'), p('shared@1.0.0')],
      [p('c@1.0.0'), p('x@1.0.0'), p('shared@1.0.0')],
    ])
    expect(directIntroducers(graph, p('shared@1.0.0'))).toEqual([p('a@1.0.0'), p('b@1.0.0'), p('c@1.0.0')])
  })

  it('is safe on cycles (c → x → c) and gives a direct component its own path', () => {
    expect(pathsFromRoot(graph, p('c@1.0.0'))).toEqual([[p('c@1.0.0')]])
    expect(pathsFromRoot(graph, p('x@1.0.0'))).toEqual([[p('c@1.0.0'), p('x@1.0.0')]])
  })

  it('caps the number of paths and answers nothing for unknown components', () => {
    expect(pathsFromRoot(graph, p('shared@1.0.0'), 2)).toHaveLength(2)
    expect(pathsFromRoot(graph, p('nope@1'))).toEqual([])
  })

  it('stays fast on a dense layered graph with exponentially many paths', () => {
    const layers = 30
    const edges: { from: Purl | 'root'; to: Purl }[] = []
    const id = (l: number, i: number) => `pkg:npm/n${l}-${i}@1` as Purl
    for (let i = 0; i < 2; i++) edges.push({ from: 'root', to: id(0, i) })
    for (let l = 0; l < layers - 1; l++)
      for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) edges.push({ from: id(l, i), to: id(l + 1, j) })
    const dense = { root: { name: '', version: null }, components: [], edges }
    const t0 = performance.now()
    expect(pathsFromRoot(dense, id(layers - 1, 0), 50)).toHaveLength(50)
    expect(directIntroducers(dense, id(layers - 1, 0))).toEqual([id(0, 0), id(0, 1)])
    expect(performance.now() - t0).toBeLessThan(500)
  })
})

describe('the path budget of one report (issue 13 item 1)', () => {
  it('is shared by every query and answers null for introducers once it is spent', () => {
    const budget = pathBudget(3)
    expect(directIntroducers(graph, p('shared@1.0.0'), budget)).toBeNull()
    expect(budget.remaining).toBeLessThan(0)
    expect(pathsFromRoot(graph, p('shared@1.0.0'), 50, budget)).toEqual([])
    const plenty = pathBudget()
    expect(directIntroducers(graph, p('shared@1.0.0'), plenty)).toEqual([
      p('a@1.0.0'),
      p('b@1.0.0'),
      p('c@1.0.0'),
    ])
  })
})
