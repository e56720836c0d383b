// A large status message: icon, capitalised heading, explanation and optional actions. The pages use
// it for banners such as "not ready", "not supported" and "not found" (report-page §2 Banners).
import { Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export type PanelTone = 'neutral' | 'info' | 'warning' | 'danger'

const toneColor: Record<PanelTone, string> = {
  neutral: 'gray',
  info: 'sextant',
  warning: 'yellow',
  danger: 'red',
}

interface StatusPanelProps {
  title: string
  tone?: PanelTone
  icon?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  testId?: string
}

export function StatusPanel({ title, tone = 'neutral', icon, children, actions, testId }: StatusPanelProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid={testId} role="status">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {icon ? (
          <ThemeIcon size={44} radius="xl" variant="light" color={toneColor[tone]}>
            {icon}
          </ThemeIcon>
        ) : null}
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4" lts={0.4}>
            {title}
          </Title>
          <Box c="gray.7" fz="sm" lh={1.6}>
            {children}
          </Box>
          {actions ? (
            <Group gap="sm" mt="xs">
              {actions}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  )
}

/**
 * A one-line notice above content (e.g. a partial result); lighter than a panel. `details` (block content
 * such as a list) follows the sentence.
 */
export function InlineNotice({
  title,
  tone = 'warning',
  children,
  details,
  testId,
}: Omit<StatusPanelProps, 'icon' | 'actions'> & { details?: ReactNode }) {
  return (
    <Paper
      radius="md"
      p="md"
      data-testid={testId}
      bg={`var(--mantine-color-${toneColor[tone]}-0)`}
      style={{ border: `1px solid var(--mantine-color-${toneColor[tone]}-3)` }}
    >
      <Text fw={700} size="sm" lts={0.3}>
        {title}
      </Text>
      {children ? (
        <Text size="sm" c="gray.7" mt={4}>
          {children}
        </Text>
      ) : null}
      {details}
    </Paper>
  )
}
