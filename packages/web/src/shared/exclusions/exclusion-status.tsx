// A finding's exclusions on its own row or card, at once (issue 14 "Exclusions you can see"): badge,
// reason, who and when, before the recompute (pending) as after it (applied), and one removed since.
import { Badge, Group, Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import { formatRelative } from '../../lib/format'
import { useReportContext } from '../report/report-context'
import { type ExclusionView, type Finding, findingExclusions, STATE_LABEL } from './exclusion-state'
import { useExclusions } from './use-exclusions'

/** The finding's exclusions; those stored since the report count only on the latest report. */
export function useFindingExclusions(applied: readonly unknown[] | undefined, finding: Finding) {
  const { project, branch, access } = useReportContext()
  const stored = useExclusions(project.uuid, branch)
  const list = access.latest ? (stored.data ?? null) : null
  const key = JSON.stringify(finding)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the finding is compared by its key
  return useMemo(() => findingExclusions(applied, list, finding), [applied, list, key])
}

const COLOR = { applied: 'gray', pending: 'teal', removed: 'orange' } as const

function who(view: ExclusionView): string {
  const parts = [
    view.createdBy ? `by ${view.createdBy}` : view.readonly ? 'from the .meterian file' : '',
    view.createdAt ? formatRelative(view.createdAt) : '',
  ]
  return parts.filter(Boolean).join(' · ')
}

export function ExclusionStatus({ views }: { views: readonly ExclusionView[] }) {
  if (views.length === 0) return null
  return (
    <Stack gap={2} data-testid="exclusion-status">
      {views.map((view) => (
        <Group key={view.id} gap={6} wrap="wrap" align="baseline" data-state={view.state}>
          <Badge size="xs" variant="light" color={COLOR[view.state]} data-testid="exclusion-badge">
            {STATE_LABEL[view.state]}
          </Badge>
          <Text size="xs" fw={600} data-testid="exclusion-reason">
            {view.reason}
          </Text>
          {view.description ? (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {view.description}
            </Text>
          ) : null}
          {who(view) ? (
            <Text size="xs" c="dimmed" data-testid="exclusion-who">
              {who(view)}
            </Text>
          ) : null}
        </Group>
      ))}
    </Stack>
  )
}
