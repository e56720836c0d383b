// Centred spinner for a page or a block that is still loading (report-page §2: "Loading spinner").
import { Center, Loader, Stack, Text } from '@mantine/core'

export function PageLoader({ label = 'Loading…', minHeight = 320 }: { label?: string; minHeight?: number }) {
  return (
    <Center mih={minHeight} data-testid="page-loader" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  )
}
