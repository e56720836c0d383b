// Test helpers for extractor tests: read a fixture beside the test, build an ExtractContext from a
// path → content table, and look components up by name@version. Tests only.
import { readFileSync } from 'node:fs'
import type { Component, DependencyGraph } from '../../model'
import type { ExtractContext, ExtractResult } from '../types'

export function fixture(testUrl: string, name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, testUrl), 'utf8')
}

export function contextOf(files: Record<string, string> = {}): ExtractContext {
  return { readFile: (path) => (Object.hasOwn(files, path) ? files[path]! : null) }
}

export function graphOf(result: ExtractResult): DependencyGraph {
  if (!result.ok) throw new Error(`expected a graph, got ${JSON.stringify(result.error)}`)
  return result.graph
}

export function component(graph: DependencyGraph, nameAtVersion: string): Component {
  const found = graph.components.find((c) => `${c.name}@${c.version}` === nameAtVersion)
  if (!found) throw new Error(`${nameAtVersion} not in graph`)
  return found
}

/** `a@1 -> b@2` strings for every edge; the root is `root`. */
export function edgeList(graph: DependencyGraph): string[] {
  const label = new Map(graph.components.map((c) => [c.purl as string, `${c.name}@${c.version}`]))
  return graph.edges.map((e) => `${label.get(e.from) ?? e.from} -> ${label.get(e.to) ?? e.to}`).sort()
}
