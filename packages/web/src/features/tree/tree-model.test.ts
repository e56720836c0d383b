import type { Report } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { buildTree, flattenTree } from './tree-model'

const comp = (name: string, hierarchy: string[][]) => ({
  dependency: { library: { name }, version: '1' },
  hierarchy,
})
const report = {
  security: {
    assessments: [
      {
        reports: [
          comp('a', [['project:--', 'a:1']]),
          comp('b', [
            ['project:--', 'a:1', 'b:1'],
            ['project:--', 'c:1', 'b:1'],
          ]),
          comp('c', [['project:--', 'c:1']]),
        ],
      },
    ],
  },
} as unknown as Report

describe('dependency tree', () => {
  it('merges paths below the project', () => {
    const tree = buildTree(report)
    expect(tree.map((n) => n.label)).toEqual(['a:1', 'c:1'])
    expect(flattenTree(tree, new Set(), '').map((n) => `${n.depth}${n.label}`)).toEqual([
      '0a:1',
      '1b:1',
      '0c:1',
      '1b:1',
    ])
  })
  it('collapses and searches every path to a component', () => {
    const tree = buildTree(report)
    expect(flattenTree(tree, new Set(['>a:1']), '').map((n) => n.label)).toEqual(['a:1', 'c:1', 'b:1'])
    expect(flattenTree(tree, new Set(), 'b:').map((n) => n.label)).toEqual(['a:1', 'b:1', 'c:1', 'b:1'])
  })
})
