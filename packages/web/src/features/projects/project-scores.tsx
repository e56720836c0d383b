// Small score badges for one project branch in a list: each score against its minimum (report-page §3:
// list items carry minSecurityScore, minStabilityScore, minLicensingScore).

import { Badge, Group, Loader, Text, Tooltip } from '@mantine/core'
import type { HistoryEntry } from '@sextant/contract'
import { useLatestScores } from '../../shared/account/use-account-projects'

const DOMAINS = [
  { key: 'security', min: 'minSecurityScore', label: 'Security', short: 'SEC' },
  { key: 'stability', min: 'minStabilityScore', label: 'Stability', short: 'STA' },
  { key: 'licensing', min: 'minLicensingScore', label: 'Licensing', short: 'LIC' },
] as const

function ScoreChip({ entry, domain }: { entry: HistoryEntry; domain: (typeof DOMAINS)[number] }) {
  const score = entry[domain.key]
  const minimum = entry[domain.min]
  const pass = score !== null && score >= minimum
  return (
    <Tooltip label={`${domain.label} ${score ?? 'n/a'} (threshold ${minimum})`}>
      <Badge
        variant="light"
        color={score === null ? 'gray' : pass ? 'green' : 'red'}
        radius="sm"
        style={{ flexShrink: 0, overflow: 'visible' }}
        data-testid={`list-score-${domain.key}`}
      >
        {domain.short} {score ?? 'n/a'}
      </Badge>
    </Tooltip>
  )
}

export function ProjectScores({ projectId, branch }: { projectId: string; branch: string | undefined }) {
  const { data, isPending, isError } = useLatestScores(projectId, branch)
  if (branch === undefined)
    return (
      <Text size="xs" c="dimmed">
        No branch yet
      </Text>
    )
  if (isPending) return <Loader size="xs" />
  if (isError || !data)
    return (
      <Text size="xs" c="dimmed">
        No report yet
      </Text>
    )
  return (
    <Group gap={6} wrap="wrap">
      {DOMAINS.map((domain) => (
        <ScoreChip key={domain.key} entry={data} domain={domain} />
      ))}
    </Group>
  )
}
