// The dependency tree window /projects/tree?pid&branch (report-page §2 Routes): every path from the
// project to each component, collapsible, searchable (?search= pre-fills it), virtualised for thousands
// of nodes. Once the tree is built it exposes its search on the window, for the report page's "Show in
// tree" (tree-window.ts).
import { Badge, Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { HIERARCHY_INDENT_PX } from '../../shared/report/security-model'
import type { TreeWindowLike } from '../../shared/report/tree-window'
import { useBranchReport } from '../../shared/report/use-branch-report'
import { PageLoader } from '../../ui/page-loader'
import { InlineNotice } from '../../ui/status-panel'
import { WindowVirtualList } from '../../ui/window-virtual-list'
import { buildTree, flattenTree } from './tree-model'

export function TreePage() {
  const [params] = useSearchParams()
  const pid = params.get('pid') ?? ''
  const branch = params.get('branch') ?? ''
  const query = useBranchReport(pid, branch)
  const [search, setSearch] = useState(params.get('search') ?? '')
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set())
  const tree = useMemo(() => (query.data ? buildTree(query.data) : []), [query.data])
  const rows = useMemo(() => flattenTree(tree, collapsed, search), [tree, collapsed, search])
  useEffect(() => {
    if (!query.data) return
    const self = window as unknown as TreeWindowLike
    self.sextantTree = {
      search: (target) => {
        setSearch(target)
        return flattenTree(tree, new Set(), target).length > 0
      },
    }
    return () => {
      delete self.sextantTree
    }
  }, [query.data, tree])
  if (query.isPending && pid) return <PageLoader label="Loading the dependency tree…" />
  if (!query.data)
    return (
      <InlineNotice title="SORRY, WE COULDN'T FIND THE PROJECT" tone="danger" testId="tree-missing">
        Open the tree from a report page: it needs the project and its branch.
      </InlineNotice>
    )
  const toggle = (id: string) => {
    const next = new Set(collapsed)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setCollapsed(next)
  }
  return (
    <Stack gap="md" data-testid="tree-page">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            Dependencies tree
          </Title>
          <Text size="sm" c="dimmed">
            Branch {branch} · {query.data.summary.components.toLocaleString('en-US')} components
          </Text>
        </div>
        <TextInput
          placeholder="Search a component"
          aria-label="Search a component"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          data-testid="tree-search"
        />
      </Group>
      <Paper withBorder radius="md" p="sm">
        {rows.length === 0 ? <Text size="sm">No component matches.</Text> : null}
        <WindowVirtualList
          items={rows}
          estimateSize={28}
          getKey={(node) => node.id}
          testId="tree-list"
          renderItem={(node) => {
            const [name, version] = node.label.split(/:(?=[^:]*$)/)
            const match =
              search.trim() !== '' && node.label.toLowerCase().includes(search.trim().toLowerCase())
            return (
              <UnstyledButton
                onClick={() => toggle(node.id)}
                disabled={node.children.length === 0}
                aria-expanded={node.children.length ? !collapsed.has(node.id) : undefined}
                w="100%"
                py={4}
                style={{ paddingLeft: node.depth * HIERARCHY_INDENT_PX * 2 }}
                data-testid="tree-node"
              >
                <Group gap={6} wrap="nowrap">
                  <Text size="xs" c="dimmed" w={12}>
                    {node.children.length ? (collapsed.has(node.id) && !search ? '▸' : '▾') : '·'}
                  </Text>
                  <Text
                    size="sm"
                    fw={match ? 700 : 400}
                    c={match ? 'sextant.8' : undefined}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {name}
                  </Text>
                  {version ? (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {version}
                    </Text>
                  ) : null}
                  {node.children.length ? (
                    <Badge size="xs" variant="light" color="gray">
                      {node.children.length}
                    </Badge>
                  ) : null}
                </Group>
              </UnstyledButton>
            )
          }}
        />
      </Paper>
    </Stack>
  )
}
