// Centred spinner for a page or a block that is still loading (report-page §2: "Loading spinner"). It
// keeps its place at once but shows only after 100 ms (§9 loader delay), so quick loads do not flash.
import { Center, Loader, Stack, Text } from '@mantine/core'
import { useDelayed } from '../lib/use-delayed'

/** report-page §9: the shortest loader delay. */
export const LOADER_DELAY_MS = 100

export function PageLoader({ label = 'Loading…', minHeight = 320 }: { label?: string; minHeight?: number }) {
  const shown = useDelayed(LOADER_DELAY_MS)
  return (
    <Center mih={minHeight} data-testid="page-loader" role="status" aria-live="polite" aria-label={label}>
      {shown ? (
        <Stack align="center" gap="sm">
          <Loader size="md" />
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </Stack>
      ) : null}
    </Center>
  )
}
