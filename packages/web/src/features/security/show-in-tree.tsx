// "Show in tree" beside a component card (report-page §2 Routes /projects/tree, §4 "Dependency tree
// search"): opens or focuses the tree window and searches the component there, retrying each second for
// up to 60 s while the window loads; says so when the search gives up.
import { Anchor, Text } from '@mantine/core'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useReportStatic } from '../../shared/report/report-context'
import {
  openTreeWindow,
  searchTreeWindow,
  treeWindowName,
  treeWindowUrl,
} from '../../shared/report/tree-window'

const PROBLEM: Record<string, string> = {
  'not-found': 'Not found in the tree.',
  'not-ready': 'The tree window did not load in time.',
  closed: 'The tree window was closed.',
}

export function ShowInTree({ name, version }: { name: string; version: string }) {
  const { project, branch, access } = useReportStatic()
  const [search] = useSearchParams()
  const [state, setState] = useState<string | null>(null)
  if (!access.latest) return null
  const show = async () => {
    const target = openTreeWindow(
      treeWindowUrl(project.uuid, branch, search.get('mode')),
      treeWindowName(project.uuid),
    )
    if (!target) return setState('The browser blocked the tree window.')
    setState('Searching…')
    const outcome = await searchTreeWindow(target, `${name}:${version}`)
    setState(outcome === 'found' ? null : (PROBLEM[outcome] ?? null))
  }
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="xs"
        ta="left"
        onClick={() => void show()}
        data-testid="show-in-tree"
      >
        Show in tree
      </Anchor>
      {state ? (
        <Text size="xs" c="dimmed" data-testid="show-in-tree-state">
          {state}
        </Text>
      ) : null}
    </>
  )
}
