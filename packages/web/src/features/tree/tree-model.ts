// The dependency tree of /projects/tree (report-page §2 Routes) from the report's hierarchy paths:
// a trie of root → … → component, flattened for a virtualised list; a search keeps every path that
// leads to a matching component.
import type { Report } from '@sextant/contract'

export interface TreeNode {
  id: string
  label: string
  depth: number
  children: TreeNode[]
}

export function buildTree(report: Report): TreeNode[] {
  const root: TreeNode = { id: '', label: '', depth: -1, children: [] }
  const index = new Map<string, TreeNode>()
  for (const assessment of report.security.assessments) {
    for (const component of assessment.reports) {
      const self = `${component.dependency.library.name}:${component.dependency.version}`
      const paths = component.hierarchy.length > 0 ? component.hierarchy : [[self]]
      for (const path of paths) {
        let parent = root
        let id = ''
        // hierarchy paths start at the project itself; the tree starts below it
        const nodes = path.length > 1 ? path.slice(1) : path
        for (const label of nodes.length > 0 ? nodes : [self]) {
          id = `${id}>${label}`
          let node = index.get(id)
          if (!node) {
            node = { id, label, depth: parent.depth + 1, children: [] }
            index.set(id, node)
            parent.children.push(node)
          }
          parent = node
        }
      }
    }
  }
  const sort = (nodes: TreeNode[]) => {
    nodes.sort((a, b) => a.label.localeCompare(b.label))
    for (const node of nodes) sort(node.children)
  }
  sort(root.children)
  return root.children
}

/** Visible rows: children of expanded nodes; with a search, only branches holding a match (all open). */
export function flattenTree(nodes: TreeNode[], collapsed: Set<string>, search: string): TreeNode[] {
  const needle = search.trim().toLowerCase()
  const out: TreeNode[] = []
  const matches = (node: TreeNode): boolean =>
    node.label.toLowerCase().includes(needle) || node.children.some(matches)
  const walk = (list: TreeNode[]) => {
    for (const node of list) {
      if (needle && !matches(node)) continue
      out.push(node)
      if (needle || !collapsed.has(node.id)) walk(node.children)
    }
  }
  walk(nodes)
  return out
}
