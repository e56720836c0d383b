// A compact figure card: label, large value, caption, coloured by tone, optionally a link to a page
// anchor. Used for scores; holds no domain logic (tones are decided by the caller).
import { Box, Group, Paper, Text, UnstyledButton } from '@mantine/core'
import type { ReactNode } from 'react'

export type MetricTone = 'good' | 'warn' | 'bad' | 'muted'

// warn is orange: a yellow value on white is below the contrast a large figure needs (WCAG 3:1).
const toneColor: Record<MetricTone, string> = { good: 'green', warn: 'orange', bad: 'red', muted: 'gray' }

interface MetricCardProps {
  label: string
  value: ReactNode
  caption?: ReactNode
  tone: MetricTone
  status?: string
  href?: string
  testId?: string
}

export function MetricCard({ label, value, caption, tone, status, href, testId }: MetricCardProps) {
  const color = toneColor[tone]
  const body = (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      className="metric-card"
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
          {label}
        </Text>
        {status ? (
          <Box visibleFrom="sm">
            <Text
              size="xs"
              fw={700}
              c={`${color}.9`}
              bg={`${color}.0`}
              px={8}
              py={2}
              style={{ borderRadius: 999 }}
            >
              {status}
            </Text>
          </Box>
        ) : null}
      </Group>
      <Text
        fz={{ base: 26, sm: 34 }}
        fw={700}
        lh={1.15}
        mt={6}
        c={tone === 'muted' ? 'gray.6' : `${color}.8`}
        data-value
      >
        {value}
      </Text>
      {caption ? (
        <Box fz="xs" c="dimmed" mt={2} visibleFrom="sm">
          {caption}
        </Box>
      ) : null}
    </Paper>
  )
  if (!href) return <Box data-testid={testId}>{body}</Box>
  return (
    <UnstyledButton component="a" href={href} data-testid={testId} display="block">
      {body}
    </UnstyledButton>
  )
}
