// Direct against transitive components as one bar (report-page §2 Executive summary; the
// summary's direct and transitive counts).

import { Group, Progress, Text } from '@mantine/core'

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0
}

export function DependencyMix(counts: { direct: number; transitive: number }) {
  const whole = counts.direct + counts.transitive
  if (whole === 0) return null
  const direct = percent(counts.direct, whole)
  const transitive = percent(counts.transitive, whole)
  return (
    <div data-testid="dependency-mix">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4} mb={8}>
        Dependency mix
      </Text>
      <Progress.Root size={12} radius="xl">
        <Progress.Section value={direct} color="sextant.7" aria-label={`Direct ${direct}%`} />
        <Progress.Section value={transitive} color="sextant.2" aria-label={`Transitive ${transitive}%`} />
      </Progress.Root>
      <Group gap="lg" mt={8}>
        <Text size="xs" c="gray.7">
          <Text span c="sextant.7" fw={700}>
            ●
          </Text>{' '}
          Direct {direct}%
        </Text>
        <Text size="xs" c="gray.7">
          <Text span c="sextant.2" fw={700}>
            ●
          </Text>{' '}
          Transitive {transitive}%
        </Text>
      </Group>
    </div>
  )
}
