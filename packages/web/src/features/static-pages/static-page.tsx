// The frame of a text page: title, lead line and readable column width.
import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export function StaticPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 40 }} maw={860} mx="auto">
      <Stack gap="xs" mb="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {lead ? <Text c="dimmed">{lead}</Text> : null}
      </Stack>
      <div className="prose">{children}</div>
    </Paper>
  )
}
