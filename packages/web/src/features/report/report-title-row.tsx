// The report page's title row (report-page §2 Layout): project name, branch dropdown (latest report
// only; changing it reloads with the same parameters and the new branch), report-history selector. A
// signed-in member who may change the project but opened its public view gets 'Member view' (mode=eli,
// issue 14: their actions one click away); in the member view a project they may only read says so.

import { Badge, Box, Button, Group, NativeSelect, Stack, Text, Title, Tooltip } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import type { HistoryEntry, Project } from '@sextant/contract'
import { type ReactNode, useRef } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { formatRelative, formatUtc } from '../../lib/format'
import { historyScores } from '../../shared/report/assessment-view'
import { withBranch, withMemberView, withReportUuid } from '../../shared/report/report-url'
import { useSession } from '../../shared/session/use-session'
import { useStickyBottom, useStickyTitle } from './use-sticky-title'

interface TitleRowProps {
  project: Project
  branch: string | null
  reportUuid: string | null
  history: HistoryEntry[]
  /** Buttons for a displayed report (tree, downloads, recompute). */
  actions?: ReactNode
}

function historyLabel(entry: HistoryEntry, index: number): string {
  const when = formatRelative(entry.timestamp)
  const scores = historyScores(entry)
  return `${index === 0 ? 'Latest · ' : ''}${when} · ${scores}${entry.status === 'OK' ? '' : ` · ${entry.status}`}`
}

export function ReportTitleRow({ project, branch, reportUuid, history, actions }: TitleRowProps) {
  const sticky = useStickyTitle()
  const rowRef = useRef<HTMLDivElement>(null)
  useStickyBottom(rowRef)
  const [search, setSearch] = useSearchParams()
  const signedIn = useSession().status === 'authenticated'
  const memberView = search.get('mode') === 'eli'
  useDocumentTitle(`${project.title || project.name}${branch ? ` (${branch})` : ''} · Sextant`)
  const latest = reportUuid === null
  const branches =
    branch && !project.branches.includes(branch) ? [branch, ...project.branches] : project.branches
  const current = reportUuid ?? history[0]?.uuid ?? ''
  const historic = history.find((entry) => entry.uuid === reportUuid)

  return (
    <Box
      ref={rowRef}
      className={sticky ? 'title-row-sticky' : undefined}
      py={sticky ? 'xs' : 0}
      data-sticky={sticky}
    >
      <Group justify="space-between" align="flex-end" gap="md" data-testid="report-title-row">
        <Stack gap={4} style={{ minWidth: 0 }}>
          {sticky ? null : (
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.6}>
              Project report
            </Text>
          )}
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h2" data-testid="project-name" style={{ wordBreak: 'break-word' }}>
              {project.title || project.name}
            </Title>
            {memberView && project.readonly ? (
              <Tooltip label="Your role may read this project but not change it">
                <Badge color="gray" variant="light" data-testid="readonly-badge">
                  Read-only
                </Badge>
              </Tooltip>
            ) : null}
            {signedIn && !memberView && !project.readonly ? (
              <Tooltip label="Show the actions of your role: recompute, exclusions, licence fixes">
                <Button
                  component={Link}
                  to={`?${withMemberView(search).toString()}`}
                  size="compact-sm"
                  variant="light"
                  data-testid="member-view-link"
                >
                  Member view
                </Button>
              </Tooltip>
            ) : null}
            {latest ? null : (
              <Badge color="gray" variant="outline" data-testid="historic-badge">
                Historic report{historic ? ` · ${formatUtc(historic.timestamp)}` : ''}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          {latest && branches.length > 0 ? (
            <NativeSelect
              label="Branch"
              data={branches}
              value={branch ?? ''}
              onChange={(event) => setSearch(withBranch(search, event.currentTarget.value))}
              data-testid="branch-select"
              w={{ base: '100%', xs: 200 }}
            />
          ) : null}
          {history.length > 0 ? (
            <NativeSelect
              label="Report history"
              data={history.map((entry, index) => ({ value: entry.uuid, label: historyLabel(entry, index) }))}
              value={current}
              onChange={(event) => {
                const uuid = event.currentTarget.value
                setSearch(withReportUuid(search, uuid === history[0]?.uuid ? null : uuid))
              }}
              data-testid="history-select"
              w={{ base: '100%', xs: 340 }}
            />
          ) : null}
          {actions}
        </Group>
      </Group>
    </Box>
  )
}
