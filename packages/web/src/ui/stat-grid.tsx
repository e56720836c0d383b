// A row of labelled figures (label above a number); wraps on narrow screens.
import { Paper, SimpleGrid, Text } from '@mantine/core'
import type { ReactNode } from 'react'

export interface StatItem {
  label: string
  value: ReactNode
  /** Mantine colour for the value, e.g. 'red.7'; neutral by default. */
  color?: string
}

export function StatGrid({ items, cols = 4 }: { items: StatItem[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(cols, 4), lg: cols }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.label} bg="gray.0" radius="md" px="md" py="sm">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {item.label}
          </Text>
          <Text fz={22} fw={700} c={item.color ?? 'gray.9'} lh={1.3}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
