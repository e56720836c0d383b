// The latest report of every branch on /dashboard (GET /api/v3/reports): outcome and the three scores
// against the branch's thresholds, each row linking to its report page.
import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core'
import type { ReportsOverview } from '@sextant/contract'
import { Link } from 'react-router-dom'
import { formatRelative } from '../../lib/format'
import { reportHref } from '../../lib/links'
import { useMemberView } from '../../shared/session/use-member-view'
import { SimpleTable } from '../../ui/simple-table'
import { scoreTone } from './dashboard-model'

type Row = ReportsOverview['reports'][number]
const DOMAINS = [
  { key: 'security', label: 'Security', short: 'SEC' },
  { key: 'stability', label: 'Stability', short: 'STA' },
  { key: 'licensing', label: 'Licensing', short: 'LIC' },
] as const
const ASSESSMENT_WORDS = {
  complete: 'assessed',
  partial: 'only partly assessed',
  none: 'not assessed',
} as const
const OUTCOME_COLOR = { PASS: 'green.8', FAIL: 'red.8', UNDECLARED: 'gray.7' } as const

function Scores({ row }: { row: Row }) {
  return (
    <Group gap={6} wrap="nowrap">
      {DOMAINS.map((d) => (
        <Tooltip
          key={d.key}
          label={`${d.label} ${row[d.key] ?? `n/a: ${ASSESSMENT_WORDS[row.assessment[d.key]]}`} (threshold ${row.thresholds[d.key]})`}
        >
          <Badge
            variant="light"
            radius="sm"
            color={scoreTone(row[d.key], row.thresholds[d.key])}
            miw={68}
            style={{ flexShrink: 0 }}
          >
            {d.short} {row[d.key] ?? 'n/a'}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  )
}

export function LatestReportsTable({ reports }: { reports: Row[] }) {
  const member = useMemberView()
  return (
    <SimpleTable
      testId="latest-reports-table"
      header={['Project', 'Outcome', 'Scores', 'Components', 'Report']}
      rows={reports.map((r) => ({
        key: `${r.projectUuid}/${r.branch}`,
        cells: [
          <div key="project">
            <Anchor component={Link} to={reportHref(r.projectUuid, r.branch, { member })} fw={600} size="sm">
              {r.projectName}
            </Anchor>
            <Text size="xs" c="dimmed">
              {r.branch}
            </Text>
          </div>,
          <Badge
            key="outcome"
            color={OUTCOME_COLOR[r.outcome]}
            variant="filled"
            radius="sm"
            data-testid="outcome-badge"
          >
            {r.outcome}
          </Badge>,
          <Scores key="scores" row={r} />,
          <Text key="components" size="sm">
            {r.components.toLocaleString('en-US')}
          </Text>,
          <Text key="when" size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatRelative(r.createdAt)}
          </Text>,
        ],
      }))}
    />
  )
}
