// The safe-versions box beside a vulnerable component (report-page §2; product-notes "Safe versions"):
// latest patch, minor and major lanes with no known advisory, or the advice to mitigate or replace.
import { Group, Paper, Stack, Text } from '@mantine/core'
import type { ComponentReport } from './security-model'

const LANES = [
  ['latestPatch', 'Patch'],
  ['latestMinor', 'Minor'],
  ['latestMajor', 'Major'],
] as const

export const NO_SAFE_VERSION =
  'No safe version is known: mitigate the vulnerabilities or replace the component.'

interface SafeVersionsBoxProps {
  safeVersions: ComponentReport['safeVersions']
  /** A bordered card like its neighbours on a grey page (the component page), not the grey inset of a report card. */
  asCard?: boolean
}

export function SafeVersionsBox({ safeVersions, asCard = false }: SafeVersionsBoxProps) {
  const lanes = LANES.filter(([key]) => safeVersions[key])
  const frame = asCard
    ? ({ withBorder: true, radius: 'md', p: 'md' } as const)
    : ({ bg: 'gray.0', radius: 'sm', px: 'sm', py: 8 } as const)
  const size = asCard ? 'sm' : 'xs'
  return (
    <Paper {...frame} data-testid="safe-versions">
      {asCard ? (
        <Text fw={700} size="sm" mb={6}>
          Safe versions
        </Text>
      ) : (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4} mb={4}>
          Safe versions
        </Text>
      )}
      {lanes.length === 0 ? (
        <Text size={size}>{NO_SAFE_VERSION}</Text>
      ) : (
        <Stack gap={2}>
          {lanes.map(([key, label]) => (
            <Group key={key} justify="space-between" gap="xs" wrap="nowrap">
              <Text size={size} c="dimmed">
                {label}
              </Text>
              <Text size={size} fw={600} ff="monospace">
                {safeVersions[key]}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  )
}
